/**
 * The server process's configuration: database, mail, site origin, limits and shutdown, read once from
 * the environment by the entry points (server/index.ts, the API alone, the commands) and validated with
 * zod; the inbox adds its own ADMIN_* variables (server/admin/config.ts). An empty variable counts as
 * unset (as in a copied `.env.example`). Every variable is documented in README.md and `.env.example`.
 */
import { z } from 'zod';
import { DEFAULT_API_PORT } from '../core/api/routes.ts';
import { contactDetails, type ContactDetails } from '../core/contact.ts';
import { loadContentFacts, type ContentFacts } from '../core/content/load.ts';
import { retiredRetentionVariables, type RetentionPolicy } from '../core/privacy.ts';
import { SITE } from '../core/site.ts';
import { parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from './client/trusted-proxies.ts';
import { addressOf, DEFAULT_SALES_EMAIL, defaultMailFrom } from './email/settings.ts';
import { DEFAULT_ASSIGNEE } from './lead/settings.ts';
import { DEFAULT_LOG_LEVEL, LOG_LEVELS, setLogLevel, type LogLevel } from './log/logger.ts';
import {
  DEFAULT_MEETING_REMINDERS,
  DEFAULT_MEETING_URL_TEMPLATE,
  parseBusyUrls,
  parseMeetingUrlTemplate,
  parseReminders,
  type Parsed,
} from './meetings/settings.ts';
import { MONITORING_ENV, monitoringConfigOf, type MonitoringConfig } from './monitoring/settings.ts';
import { TRANSLATIONS_ENV, translationsConfigOf, type TranslationsConfig } from './translations/settings.ts';
import { REPLIES_ENV, repliesConfigOf, type RepliesConfig } from './inbox-email/replies/settings.ts';
import { blank } from './env-blank.ts';
import { ConfigError, invalidConfig, variableProblems } from './errors.ts';

/** Astro's dev server, allowed as a CORS origin when NODE_ENV=development. */
export const DEV_SITE_ORIGIN = 'http://localhost:4321';
export { DEFAULT_API_PORT };

export interface ServerConfig {
  /** SQLite file (`DATABASE_PATH`), used when `databaseUrl` is not set. */
  databasePath: string;
  /** PostgreSQL (`DATABASE_URL=postgres://…`): the engine for more than one instance. */
  databaseUrl: string | undefined;
  /** Connections per instance to PostgreSQL (`DATABASE_POOL_MAX`). */
  databasePoolMax: number;
  /** Where `.eml` files go when no SMTP server is set (`OUTBOX_DIR`). */
  outboxDir: string;
  /** `smtp://user:pass@host:587` or `smtps://…` (`SMTP_URL`); undefined writes `.eml` files instead. */
  smtpUrl: string | undefined;
  /** Sender of every message (`MAIL_FROM`). */
  mailFrom: string;
  /** Recipient of the internal messages (`SALES_EMAIL`). */
  salesEmail: string;
  /** Public origin of the site (`SITE_URL`); links in e-mails and the allowed CORS origin. */
  siteUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  /** The least severe log line written (`LOG_LEVEL`); the process hands it to the logger at start. */
  logLevel: LogLevel;
  /** Origins allowed to call the API from a browser. */
  allowedOrigins: string[];
  /** Accepted submissions per client address per window (`RATE_LIMIT_MAX`, `RATE_LIMIT_WINDOW_MS`). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** Proxies in front of the API whose forwarded headers are believed (`TRUST_PROXY`): a hop count or a list. */
  trustProxy: TrustProxy;
  /** Secret for the client-address hash (`IP_HASH_SALT`); undefined = a random one kept in the database. */
  ipHashSalt: string | undefined;
  /** Meeting bookings per client address and per e-mail in 24 hours (`BOOKING_LIMIT_PER_DAY`). */
  bookingLimitPerDay: number;
  /** `scheduleAvailable` calls per client address per `rateLimitWindowMs` (`SCHEDULE_RATE_LIMIT_MAX`). */
  scheduleRateLimitMax: number;
  /** First retry delay of a failed e-mail (`OUTBOX_RETRY_BASE_MS`), doubled on each attempt up to an hour. */
  outboxRetryBaseMs: number;
  /** How long a message keeps being retried while SMTP fails temporarily (`OUTBOX_GIVE_UP_HOURS`). */
  outboxGiveUpHours: number;
  /** How long a worker holds a claimed message before another instance may take it (`OUTBOX_LEASE_MS`). */
  outboxLeaseMs: number;
  /** Connection and greeting timeout of the SMTP server (`SMTP_TIMEOUT_MS`). */
  smtpTimeoutMs: number;
  /** On SIGTERM, how long in-flight requests and the current e-mail may take (`SHUTDOWN_TIMEOUT_MS`). */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long readiness answers 503 while everything else is still served, so the load
   * balancer stops sending traffic before the listener closes (`SHUTDOWN_DELAY_MS`; 0 skips it).
   */
  shutdownDelayMs: number;
  /** Largest accepted request body in bytes. */
  bodyLimitBytes: number;
  /** Port of `server/standalone.ts` (`API_PORT`). */
  port: number;
  /** Public contact details: content/contact.yaml, with `PUBLIC_CONTACT_EMAIL`, `PUBLIC_CONTACT_PHONE` and `PUBLIC_WHATSAPP_NUMBER` on top. */
  contact: ContactDetails;
  /** The editorial facts of content/ the API needs (option lists, offers, contact details). */
  facts: ContentFacts;
  /** `asignado_a` of the internal e-mails. */
  assignee: string;
  /** How long leads and e-mail bodies are kept: content/privacy.yaml, the same file the notice states them from. */
  retention: RetentionPolicy;
  /** Video link of each new meeting, `{room}` replaced by 128 random bits (`MEETING_URL_TEMPLATE`). */
  meetingUrlTemplate: string;
  /** Reminders, in minutes before the meeting, largest first (`MEETING_REMINDERS`; empty: none). */
  meetingReminders: number[];
  /** `webSite/meeting*` calls per client address per `rateLimitWindowMs` (`MEETING_RATE_LIMIT_MAX`). */
  meetingRateLimitMax: number;
  /** iCalendar feeds whose events are busy times, never offered (`BUSY_ICS_URLS`). */
  busyIcsUrls: string[];
  /** How often the busy feeds are fetched again (`BUSY_ICS_REFRESH_MINUTES`). */
  busyIcsRefreshMs: number;
  /** Longest wait for one feed (`BUSY_ICS_TIMEOUT_MS`). */
  busyIcsTimeoutMs: number;
  /** Largest feed read; a larger one is a failure and the last good copy stays (`BUSY_ICS_MAX_BYTES`). */
  busyIcsMaxBytes: number;
  /** Longest read of one feed (in a worker, ended when it overruns) (`BUSY_ICS_PARSE_BUDGET_MS`). */
  busyIcsParseBudgetMs: number;
  /** Field vitals, uptime, alerts and /metrics (`VITALS_*`, `UPTIME_*`, `ALERT_EMAIL`, `METRICS_TOKEN`). */
  monitoring: MonitoringConfig;
  /** Edits of the interface strings made in the inbox: how they reach the pages. */
  translations: TranslationsConfig;
  /** The team's mailbox, read for clients' replies (`IMAP_URL`, `IMAP_MAILBOX`, `IMAP_POLL_SECONDS`, `IMAP_TIMEOUT_MS`). */
  replies: RepliesConfig;
}

export const BODY_LIMIT_BYTES = 32 * 1024;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  z.preprocess(blank, schema.optional()).transform((value) => (value === undefined ? fallback : value));

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} debe ser un número` })
    .int(`${name} debe ser entero`)
    .positive(`${name} debe ser mayor que 0`);

const url = (name: string) =>
  z.string().refine((value) => URL.canParse(value), `${name} debe ser una URL completa (https://…)`);

/** A variable read by one of the meetings' parsers (server/meetings/settings.ts). */
const parsedBy = <T>(parse: (value: string) => Parsed<T>, name: string) =>
  z.string().transform((value, context): T => {
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    context.issues.push({ code: 'custom', message: `${name} ${parsed.error}`, input: value });
    return z.NEVER;
  });

/** `true`/`yes` = one proxy; a number = that many; `false`/`no`/`0` = none; or a list of proxy addresses and ranges. */
const trustProxy = z.string().transform((value, context): TrustProxy => {
  const parsed = parseTrustProxy(value);
  if (!('error' in parsed)) return parsed;
  context.issues.push({ code: 'custom', message: parsed.error, input: value });
  return z.NEVER;
});

const envSchema = z.object({
  DATABASE_PATH: withDefault(z.string(), 'data/leads.db'),
  DATABASE_URL: optional(
    z
      .string()
      .refine(
        (value) => /^postgres(ql)?:\/\//i.test(value) && URL.canParse(value),
        'DATABASE_URL debe empezar con postgres:// o postgresql://',
      ),
  ),
  DATABASE_POOL_MAX: withDefault(positiveInt('DATABASE_POOL_MAX'), 10),
  OUTBOX_DIR: withDefault(z.string(), 'data/outbox'),
  SMTP_URL: optional(
    z
      .string()
      .refine(
        (value) => /^smtps?:\/\//i.test(value) && URL.canParse(value),
        'SMTP_URL debe empezar con smtp:// o smtps://',
      ),
  ),
  MAIL_FROM: optional(
    z
      .string()
      .refine(
        (value) => z.email().safeParse(addressOf(value)).success,
        'MAIL_FROM debe ser "Nombre <correo@dominio>" o un correo',
      ),
  ),
  SALES_EMAIL: withDefault(z.email('SALES_EMAIL debe ser un correo electrónico'), DEFAULT_SALES_EMAIL),
  SITE_URL: withDefault(url('SITE_URL'), SITE.defaultUrl),
  NODE_ENV: withDefault(z.enum(['development', 'production', 'test']), 'production'),
  LOG_LEVEL: withDefault(
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')}` }),
    DEFAULT_LOG_LEVEL,
  ),
  RATE_LIMIT_MAX: withDefault(positiveInt('RATE_LIMIT_MAX'), 5),
  RATE_LIMIT_WINDOW_MS: withDefault(positiveInt('RATE_LIMIT_WINDOW_MS'), 10 * 60 * 1000),
  TRUST_PROXY: withDefault(trustProxy, TRUST_NO_PROXY),
  IP_HASH_SALT: optional(z.string().min(16, 'IP_HASH_SALT debe tener al menos 16 caracteres')),
  BOOKING_LIMIT_PER_DAY: withDefault(positiveInt('BOOKING_LIMIT_PER_DAY'), 2),
  SCHEDULE_RATE_LIMIT_MAX: withDefault(positiveInt('SCHEDULE_RATE_LIMIT_MAX'), 120),
  OUTBOX_RETRY_BASE_MS: withDefault(positiveInt('OUTBOX_RETRY_BASE_MS'), 60_000),
  OUTBOX_GIVE_UP_HOURS: withDefault(positiveInt('OUTBOX_GIVE_UP_HOURS'), 7 * 24),
  OUTBOX_LEASE_MS: withDefault(positiveInt('OUTBOX_LEASE_MS'), 120_000),
  SMTP_TIMEOUT_MS: withDefault(positiveInt('SMTP_TIMEOUT_MS'), 10_000),
  SHUTDOWN_TIMEOUT_MS: withDefault(positiveInt('SHUTDOWN_TIMEOUT_MS'), 10_000),
  SHUTDOWN_DELAY_MS: withDefault(
    z.coerce
      .number({ error: 'SHUTDOWN_DELAY_MS debe ser un número' })
      .int('SHUTDOWN_DELAY_MS debe ser entero')
      .min(0, 'SHUTDOWN_DELAY_MS no puede ser negativo'),
    5000,
  ),
  API_PORT: withDefault(
    z.coerce.number().int().min(0).max(65535, 'API_PORT debe estar entre 0 y 65535'),
    DEFAULT_API_PORT,
  ),
  MEETING_URL_TEMPLATE: withDefault(
    parsedBy(parseMeetingUrlTemplate, 'MEETING_URL_TEMPLATE'),
    DEFAULT_MEETING_URL_TEMPLATE,
  ),
  MEETING_REMINDERS: withDefault(z.string(), DEFAULT_MEETING_REMINDERS).pipe(
    parsedBy(parseReminders, 'MEETING_REMINDERS'),
  ),
  MEETING_RATE_LIMIT_MAX: withDefault(positiveInt('MEETING_RATE_LIMIT_MAX'), 30),
  BUSY_ICS_URLS: withDefault(z.string(), '').pipe(parsedBy(parseBusyUrls, 'BUSY_ICS_URLS')),
  BUSY_ICS_REFRESH_MINUTES: withDefault(positiveInt('BUSY_ICS_REFRESH_MINUTES'), 5),
  BUSY_ICS_TIMEOUT_MS: withDefault(positiveInt('BUSY_ICS_TIMEOUT_MS'), 10_000),
  BUSY_ICS_MAX_BYTES: withDefault(positiveInt('BUSY_ICS_MAX_BYTES'), 5 * 1024 * 1024),
  BUSY_ICS_PARSE_BUDGET_MS: withDefault(positiveInt('BUSY_ICS_PARSE_BUDGET_MS'), 15_000),
  PUBLIC_CONTACT_EMAIL: optional(z.email('PUBLIC_CONTACT_EMAIL debe ser un correo electrónico')),
  PUBLIC_CONTACT_PHONE: optional(z.string()),
  PUBLIC_WHATSAPP_NUMBER: optional(z.string()),
  ...MONITORING_ENV,
  ...TRANSLATIONS_ENV,
  ...REPLIES_ENV,
});

/** Reads and validates the process's environment; throws a `ConfigError` naming every bad variable. */
export function loadServerConfig(env: NodeJS.ProcessEnv, facts: ContentFacts = loadContentFacts()): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) throw invalidConfig('de la API', variableProblems(result.error.issues));
  const values = result.data;
  const retired = retiredRetentionVariables(env);
  if (retired.length > 0) throw invalidConfig('de la API', retired);
  const retention = facts.privacy.retention;
  const contact = contactDetails(facts.contact, {
    email: values.PUBLIC_CONTACT_EMAIL,
    phone: values.PUBLIC_CONTACT_PHONE,
    whatsappNumber: values.PUBLIC_WHATSAPP_NUMBER,
  });
  const siteOrigin = new URL(values.SITE_URL).origin;
  const allowedOrigins = values.NODE_ENV === 'development' ? [siteOrigin, DEV_SITE_ORIGIN] : [siteOrigin];
  return {
    databasePath: values.DATABASE_PATH,
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    outboxDir: values.OUTBOX_DIR,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? defaultMailFrom(contact),
    salesEmail: values.SALES_EMAIL,
    siteUrl: values.SITE_URL,
    nodeEnv: values.NODE_ENV,
    logLevel: values.LOG_LEVEL,
    allowedOrigins: [...new Set(allowedOrigins)],
    rateLimitMax: values.RATE_LIMIT_MAX,
    rateLimitWindowMs: values.RATE_LIMIT_WINDOW_MS,
    trustProxy: values.TRUST_PROXY,
    ipHashSalt: values.IP_HASH_SALT,
    bookingLimitPerDay: values.BOOKING_LIMIT_PER_DAY,
    scheduleRateLimitMax: values.SCHEDULE_RATE_LIMIT_MAX,
    outboxRetryBaseMs: values.OUTBOX_RETRY_BASE_MS,
    outboxGiveUpHours: values.OUTBOX_GIVE_UP_HOURS,
    outboxLeaseMs: values.OUTBOX_LEASE_MS,
    smtpTimeoutMs: values.SMTP_TIMEOUT_MS,
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    port: values.API_PORT,
    contact,
    facts,
    assignee: DEFAULT_ASSIGNEE,
    retention,
    meetingUrlTemplate: values.MEETING_URL_TEMPLATE,
    meetingReminders: values.MEETING_REMINDERS,
    meetingRateLimitMax: values.MEETING_RATE_LIMIT_MAX,
    busyIcsUrls: values.BUSY_ICS_URLS,
    busyIcsRefreshMs: values.BUSY_ICS_REFRESH_MINUTES * 60_000,
    busyIcsTimeoutMs: values.BUSY_ICS_TIMEOUT_MS,
    busyIcsMaxBytes: values.BUSY_ICS_MAX_BYTES,
    busyIcsParseBudgetMs: values.BUSY_ICS_PARSE_BUDGET_MS,
    monitoring: monitoringConfigOf(values),
    translations: translationsConfigOf(values),
    replies: repliesConfigOf(values),
  };
}

/**
 * The configuration for a command (`npm run admin:user`, `privacy`, `outbox`): a bad variable is a usage
 * error, said in Spanish on stderr with the command's exit code, never a stack trace.
 */
export function loadCommandConfig(env: NodeJS.ProcessEnv, exitCode: number): ServerConfig {
  try {
    const config = loadServerConfig(env);
    setLogLevel(config.logLevel);
    return config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(exitCode);
  }
}
