/**
 * The lead API: everything under `/api/`. The process's composition (server/services.ts) opens the database,
 * starts the senders (server/senders.ts: the outbox worker and the meetings) and creates the API once with
 * `createApi(apiConfig, storage, senders)`, `apiConfig` its slice of the configuration (config-slice.ts);
 * server/app.ts registers its Fastify `plugin` with its `options`. The API registers routes and queues work:
 * it starts and stops no sender.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH, apiPath, HEALTH_PATH, READY_PATH } from '../../core/api/routes.ts';
import { ATTRIBUTION_HEADER, parseAttributionHeader } from '../../core/attribution.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { servedLists } from '../../core/forms/options.ts';
import { FORM_ERROR_KEY, type FormSchema } from '../../core/forms/schemas.ts';
import { ensureSetting } from '../db/settings.ts';
import type { Storage } from '../db/storage.ts';
import type { OutboxWorker } from '../email/outbox-worker.ts';
import { emailSettingsFor, type EmailSettings, type MailConfig } from '../email/settings.ts';
import type { MailTransport } from '../email/transport.ts';
import { ApiError, refusal, refuse } from '../errors.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { refusalsOf } from '../privacy/refusals.ts';
import type { Meetings, MeetingsConfig } from '../meetings/index.ts';
import { meetingRoutesConfigOf, meetingsPlugin, type MeetingRoutesConfig } from './meetings-plugin.ts';
import { parseRequestTarget, withoutTrailingSlashes } from '../request-target.ts';
import { clientAddress, hashAddress, originPage, requestLanguage } from '../client/facts.ts';
import { leadLanguages, type LeadLanguage } from './leads-language.ts';
import { registerLocalizedPost, type LocalizedRoute } from './localized-route.ts';
import { corsHeaders, judgeOrigin, type OriginVerdict } from './cors.ts';
import { apiErrorHandler, jsonBody, parseJsonObject, sendJson, type ApiResponse } from './http.ts';
import { pruneRateEvents, type RateLimit } from '../client/rate-limit.ts';
import { methodRoutes, register, type Route } from './route-table.ts';
import { registerSchedule } from './schedule.ts';
import { screenSubmission, submit, worded, type SubmissionContext } from './submissions.ts';
import { TRANSLATIONS_PATH, translationRoutes, WEBSITE_CONTENT_PATH } from './translations.ts';
import { createTranslationStore } from '../translations/store.ts';
import { changedTexts, keyTexts } from '../translations/texts.ts';
import { trustedHops, type TrustProxy } from '../client/trusted-proxies.ts';
import { VITALS_PATH } from '../../core/monitoring/beacon.ts';
import { createVitalsEndpoint, type BeaconCounts } from '../monitoring/vitals-endpoint.ts';
import { startVitalsRecorder } from '../monitoring/vitals-store.ts';

export interface Api {
  /**
   * Every route under `/api/`: register it on the app with `options` (see server/app.ts for the URL it is
   * handed). Its hooks and routes read the configuration from those options only.
   */
  plugin: FastifyPluginAsync<ApiRoutesConfig>;
  /** The plugin's options: the routes' slice of the API's configuration. */
  options: ApiRoutesConfig;
  /** Readiness answers 503 from now on, so a load balancer stops sending new requests (SIGTERM). */
  drain(): void;
  /** Stops the API's own timers and flushes its vitals; its senders and the database stay to their owners. */
  close(): Promise<void>;
  /** Vitals beacons taken and refused by this instance since it started (for /metrics), and their flush. */
  vitals: { counts: BeaconCounts; flush(): Promise<void> };
  /** Every route's path, known once the plugin is registered (the metrics label requests with these only). */
  routes: ReadonlySet<string>;
  /** Hands the API what runs inside each new lead's transaction (the inbox's assignment on arrival). */
  setOnArrival(hook: SubmissionContext['onArrival']): void;
  /** Before a privacy erasure: the leads' future meetings cancelled, their CANCEL invites sent right away. */
  cancelMeetingsBeforeErasure(leadIds: readonly number[]): Promise<number>;
}

/**
 * What the API reads of the process's configuration (server/config.ts documents each): its slice, with the
 * e-mails' and the meetings' it hands on.
 */
export interface ApiConfig extends MailConfig, MeetingsConfig {
  allowedOrigins: string[];
  bodyLimitBytes: number;
  bookingLimitPerDay: number;
  ipHashSalt: string | undefined;
  monitoring: { vitalsPerMinute: number };
  outboxDir: string;
  outboxGiveUpHours: number;
  outboxLeaseMs: number;
  outboxRetryBaseMs: number;
  rateLimitMax: number;
  rateLimitWindowMs: number;
  meetingRateLimitMax: number;
  scheduleRateLimitMax: number;
  shutdownTimeoutMs: number;
  smtpTimeoutMs: number;
  smtpUrl: string | undefined;
  translations: { pollMs: number };
  trustProxy: TrustProxy;
}

/**
 * What the API's hooks and routes read of its configuration: its Fastify plugin's options, with the slice it
 * registers the meetings' plugin with.
 */
export type ApiRoutesConfig = Pick<
  ApiConfig,
  'allowedOrigins' | 'bodyLimitBytes' | 'facts' | 'rateLimitWindowMs' | 'scheduleRateLimitMax' | 'trustProxy'
> & { meetings: MeetingRoutesConfig };

/**
 * The routes' slice of `config` (the API plugin's options), copied out of it: the rest of the process's
 * settings stays behind.
 */
export function apiRoutesConfigOf(config: ApiConfig): ApiRoutesConfig {
  const { allowedOrigins, bodyLimitBytes, facts, rateLimitWindowMs, scheduleRateLimitMax, trustProxy } = config;
  return {
    allowedOrigins,
    bodyLimitBytes,
    facts,
    rateLimitWindowMs,
    scheduleRateLimitMax,
    trustProxy,
    meetings: meetingRoutesConfigOf(config),
  };
}

export interface ApiOptions {
  /** The business clock (availability, received time). Tests inject a fixed one. */
  now?: () => Date;
  logger?: Logger;
  /** The site's pages (server/monitoring/site-pages.ts): the only paths a vitals beacon may name. */
  sitePages?: ReadonlySet<string>;
}

const SALT_SETTING = 'ip_hash_salt';
/** How often old rate-limit rows are deleted. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** A readiness check that takes longer than this counts as a failure. */
const READY_TIMEOUT_MS = 2000;
/** No route is longer than this, trailing slashes included; a longer path is not looked up. */
const MAX_ROUTE_LENGTH = 256;

/**
 * The URL Fastify routes for an `/api/` request: the path read by the URL rules with its trailing slashes
 * trimmed (`/api/health//` is `/api/health`). A target that is no path of this site, or longer than any
 * route, is left as sent, and the API's catch-all answers it (400, 404).
 */
export function apiRouteUrl(url: string): string {
  const target = parseRequestTarget(url);
  if (!target || target.pathname.length > MAX_ROUTE_LENGTH) return url;
  const path = routable(withoutTrailingSlashes(target.pathname));
  return path === API_BASE_PATH.slice(0, -1) || path.startsWith(API_BASE_PATH) ? `${path}${target.search}` : url;
}

/**
 * A path whose percent signs do not all decode (`/api/translations/%E0%A4%A`) has them escaped, so the
 * router takes it like any other path and the route reads back what was sent.
 */
function routable(path: string): string {
  try {
    decodeURIComponent(path);
    return path;
  } catch {
    return path.replaceAll('%', '%25');
  }
}

/** The answer to an `/api/` path that is no route. */
export function unroutedAnswer(url: string): ApiResponse {
  return parseRequestTarget(url) ? refusal('notFound') : refusal('badRequestTarget');
}

/** The API's state once started: draining (readiness 503) and then closed (every answer 503). */
interface ApiState {
  draining: boolean;
  closed: boolean;
}

/** Deletes rate-limit rows older than the longest window, every ten minutes. */
function pruneRateEventsEvery(storage: Storage, windowMs: number, logger: Logger): NodeJS.Timeout {
  const pruner = setInterval(() => {
    pruneRateEvents(storage, Date.now() - windowMs).catch((error: unknown) =>
      logger.error('rate_limit.prune', { error: errorMessage(error) }),
    );
  }, PRUNE_EVERY_MS);
  pruner.unref();
  return pruner;
}

/** The interface strings' routes, with the inbox's edits of them served within a check period on every instance. */
function liveTranslations(config: ApiConfig, storage: Storage, logger: Logger) {
  const i18n = translationRoutes(config.facts.translations);
  const translationStore = createTranslationStore(storage);
  let editsVersion = 0;
  const refreshEdits = async (): Promise<void> => {
    try {
      const version = await translationStore.version();
      if (version === editsVersion) return;
      i18n.withEdits(changedTexts(keyTexts(config.facts.translations, await translationStore.current())));
      editsVersion = version;
    } catch (error) {
      // The database is away: the last texts keep being served and the next period tries again.
      logger.warn('translations.api_refresh_failed', { error: errorMessage(error) });
    }
  };
  const timer = setInterval(() => void refreshEdits(), config.translations.pollMs);
  timer.unref();
  void refreshEdits();
  return { i18n, timer };
}

/** What the API's plugin is built from, its configuration aside (that comes as the plugin's options). */
interface PluginDeps {
  storage: Storage;
  logger: Logger;
  now: () => Date;
  /** The salt of the client addresses' hashes. */
  salt: string;
  meetings: ApiSenders['meetings'];
  emailSettings: EmailSettings;
  submissionContext: SubmissionContext;
  i18n: ReturnType<typeof translationRoutes>;
  state: ApiState;
}

/** Every active language's lead schemas, answers and option lists. */
type LeadLanguages = ReturnType<typeof leadLanguages>;

/** What the routes are built from. */
interface RouteDeps extends PluginDeps {
  config: ApiRoutesConfig;
}

/**
 * `kind`'s submission in `code`'s language: its schema and the words of its answers; the client's hash,
 * attribution and refusals read from the request's headers.
 */
function submissionInLanguage(
  deps: RouteDeps,
  lead: LeadLanguage,
  kind: LeadKind,
  code: string,
): LocalizedRoute<FormSchema> {
  const { config, logger } = deps;
  const clientHashOf = (request: FastifyRequest) =>
    hashAddress(clientAddress(request.raw, config.trustProxy), deps.salt);
  return {
    schema: lead.schemas[kind],
    rootField: FORM_ERROR_KEY,
    refuseFields: (errors) =>
      new ApiError('validation', worded(refusal('validation', { errors }), lead.answers.validation)),
    async screen(request, reply) {
      const body = jsonBody(request);
      const screen = { kind, body, originPage: originPage(request.raw), clientHash: clientHashOf(request) };
      const answer = await screenSubmission(deps.submissionContext, { ...screen, answers: lead.answers });
      return answer ? sendJson(reply, answer) : undefined;
    },
    async handle(request, fields) {
      const req = request.raw;
      const sent = req.headers[ATTRIBUTION_HEADER.toLowerCase()];
      const attribution = parseAttributionHeader(sent);
      // A header that says nothing usable is dropped, never a reason to refuse the lead.
      if (sent !== undefined && !attribution) logger.info('submission.attribution_ignored', { kind });
      const outcome = await submit(deps.submissionContext, {
        kind,
        fields,
        answers: lead.answers,
        originPage: originPage(req),
        clientHash: clientHashOf(request),
        refusals: refusalsOf(req, config.facts.privacy),
        attribution,
        language: code,
      });
      return outcome.response;
    },
  };
}

/** One route per kind of lead, each validated by its kind's schema in the page's language; returns their paths. */
function registerSubmissions(scope: FastifyInstance, deps: RouteDeps, languages: LeadLanguages): string[] {
  const { translations } = deps.config.facts;
  return LEAD_KIND_IDS.map((kind) => {
    const path = apiPath(LEAD_KINDS[kind].action);
    registerLocalizedPost(scope, path, translations, (code) => {
      const lead = languages.get(code);
      if (!lead) throw new Error(`Sin esquemas de leads para el idioma ${code}`);
      return submissionInLanguage(deps, lead, kind, code);
    });
    methodRoutes(path, ['POST'], scope);
    return path;
  });
}

/** Readiness: the API should get traffic (not draining, database reachable within a bound). */
async function readiness({ storage, logger, state }: RouteDeps): Promise<ApiResponse> {
  if (state.draining || state.closed) return refusal('unavailable');
  let timeout: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      storage.ping(),
      new Promise((_, reject) => {
        timeout = setTimeout(() => reject(new Error('ping timeout')), READY_TIMEOUT_MS);
      }),
    ]);
    return { status: 200, body: { status: 'ready' } };
  } catch (error) {
    logger.warn('api.not_ready', { error: errorMessage(error) });
    return refusal('notReady');
  } finally {
    clearTimeout(timeout);
  }
}

/** Every route under `/api/` but the beacons' and the locale prefixes', by path. */
function apiRoutes(deps: RouteDeps, languages: LeadLanguages): Map<string, Route> {
  const { config } = deps;
  const selects = servedLists(config.facts.lists);
  return new Map<string, Route>([
    [
      apiPath('contactFormSelects'),
      {
        // In the page's language (`Content-Language`, else `Accept-Language`); the same ids in every one.
        GET: (request) => ({
          status: 200,
          body: languages.get(requestLanguage(request.raw, config.facts.translations))?.selects ?? selects,
          headers: { 'Cache-Control': 'public, max-age=3600', Vary: 'Content-Language, Accept-Language' },
        }),
      },
    ],
    ...deps.i18n.routes.map(([path, { GET }]): [string, Route] => [path, { GET: (request) => GET(request.raw) }]),
    // Liveness: the process answers. Readiness: it should get traffic (not draining, database reachable).
    [HEALTH_PATH, { GET: () => ({ status: 200, body: { status: 'ok' } }) }],
    [READY_PATH, { GET: () => readiness(deps) }],
  ]);
}

/** Refusals before any route: a closed API, a foreign origin; and the headers every answer carries. */
const screen =
  (config: ApiRoutesConfig, state: ApiState) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const verdict = judgeOrigin(request.raw, config.allowedOrigins, trustedHops(request.raw, config.trustProxy) > 0);
    request.origin = verdict;
    // Answers differ by Origin: caches must keep them apart.
    reply.headers({ Vary: 'Origin', ...corsHeaders(verdict) });
    if (state.closed) return sendJson(reply, refusal('unavailable'), true);
    if (verdict.kind === 'forbidden') return sendJson(reply, refusal('forbiddenOrigin'));
    return undefined;
  };

/**
 * The API's Fastify plugin: its hooks, its body parsers, its routes and its catch-alls, configured by its
 * options; the paths it registers are added to `paths`.
 */
function apiPlugin(
  deps: PluginDeps,
  paths: Set<string>,
  vitals: { endpoint: ReturnType<typeof createVitalsEndpoint>; recorder: ReturnType<typeof startVitalsRecorder> },
): FastifyPluginAsync<ApiRoutesConfig> {
  const { i18n } = deps;
  return async (scope, config) => {
    const languages = leadLanguages(config.facts);
    const routes = apiRoutes({ ...deps, config }, languages);
    for (const path of routes.keys()) paths.add(path);
    scope.decorateRequest('origin', null);
    scope.addHook('onRequest', screen(config, deps.state));
    scope.addHook('onResponse', async (_request, reply) => {
      vitals.recorder.countResponse(reply.statusCode, new Date().toISOString().slice(0, 16));
    });
    scope.setErrorHandler(apiErrorHandler(deps.logger));
    // Beacons are read by their endpoint itself, which counts each refusal by its reason.
    await scope.register((beacons, _options, done) => {
      beacons.removeAllContentTypeParsers();
      beacons.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null, undefined));
      register(beacons, VITALS_PATH, { POST: (request) => vitals.endpoint.handle(request.raw) });
      done();
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: config.bodyLimitBytes },
      (request, raw, done) => {
        try {
          done(null, parseJsonObject(request.headers['content-type'], raw as Buffer));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    // The routes with a body declare its zod schema (schedule.ts, localized-route.ts): the type provider checks it.
    scope.setValidatorCompiler(validatorCompiler);
    for (const [path, route] of routes) register(scope, path, route);
    for (const path of registerSubmissions(scope, { ...deps, config }, languages)) paths.add(path);
    const limit: RateLimit = {
      scope: 'schedule',
      max: config.scheduleRateLimitMax,
      windowMs: config.rateLimitWindowMs,
    };
    const { meetings, storage, emailSettings: settings, salt, now } = deps;
    paths.add(
      registerSchedule(scope, { storage, salt, meetings: meetings.service, trustProxy: config.trustProxy, limit }),
    );
    // A booked meeting by its manage link (read, moved, cancelled): registered after the parser and the
    // hooks above, which it inherits, with its own slice of the configuration.
    await scope.register(
      meetingsPlugin({ service: meetings.service, storage, settings, salt, now, strings: deps.i18n.live }, paths),
      config.meetings,
    );
    // `/api/translations/{locale}` and `/api/website/content/{locale}`: any locale, known or not, is theirs.
    for (const prefix of [TRANSLATIONS_PATH, WEBSITE_CONTENT_PATH]) {
      register(scope, `${prefix}/*`, {
        GET: (request) => {
          // As sent: the router may have escaped a locale that does not decode.
          const path = withoutTrailingSlashes(parseRequestTarget(request.originalUrl)?.pathname ?? '');
          const handler = i18n.byPrefix(path);
          if (!handler) throw refuse('notFound');
          return handler(request.raw);
        },
      });
    }
    for (const url of [API_BASE_PATH.slice(0, -1), `${API_BASE_PATH}*`]) {
      scope.all(url, { exposeHeadRoute: false }, (request, reply) => sendJson(reply, unroutedAnswer(request.url)));
    }
  };
}

/**
 * What the API hands its work to, started and stopped outside it (server/senders.ts): the outbox worker it
 * wakes after a lead's e-mails are queued, the transport an erasure's CANCEL invites go out by at once, and
 * the meetings.
 */
export interface ApiSenders {
  worker: Pick<OutboxWorker, 'kick' | 'owner'>;
  transport: Pick<MailTransport, 'kind' | 'send'>;
  meetings: Pick<Meetings, 'service'>;
}

/**
 * The API on `storage`, a database whose tables are up to date (see server/database.ts); it never closes it,
 * nor starts or stops its `senders`.
 */
export async function createApi(
  config: ApiConfig,
  storage: Storage,
  senders: ApiSenders,
  options: ApiOptions = {},
): Promise<Api> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? stderrLogger;
  const salt = config.ipHashSalt ?? (await ensureSetting(storage, SALT_SETTING, randomBytes(32).toString('hex')));
  const { transport, worker, meetings } = senders;
  const pruner = pruneRateEventsEvery(storage, config.rateLimitWindowMs, logger);
  const emailSettings = emailSettingsFor(config);
  const recorder = startVitalsRecorder({ storage, logger });
  const endpoint = createVitalsEndpoint({
    recorder,
    pages: options.sitePages ?? new Set(),
    perMinute: config.monitoring.vitalsPerMinute,
    addressOf: (req) => clientAddress(req, config.trustProxy),
    now,
  });
  const translations = liveTranslations(config, storage, logger);
  const submissionContext: SubmissionContext = {
    storage,
    emailSettings,
    logger,
    now,
    rateLimit: { scope: 'submission', max: config.rateLimitMax, windowMs: config.rateLimitWindowMs },
    bookingLimitPerDay: config.bookingLimitPerDay,
    onStored: () => worker.kick(),
    meetings: meetings.service,
  };
  logger.info('api.started', {
    database: storage.description,
    mail: transport.kind,
    origins: config.allowedOrigins,
    worker: worker.owner,
  });
  const state: ApiState = { draining: false, closed: false };
  const deps: PluginDeps = {
    storage,
    logger,
    now,
    salt,
    meetings,
    emailSettings,
    submissionContext,
    i18n: translations.i18n,
    state,
  };
  const paths = new Set([VITALS_PATH]);
  return {
    plugin: apiPlugin(deps, paths, { endpoint, recorder }),
    options: apiRoutesConfigOf(config),
    vitals: { counts: endpoint.counts, flush: () => recorder.flush() },
    routes: paths,
    setOnArrival(hook) {
      submissionContext.onArrival = hook;
    },
    cancelMeetingsBeforeErasure: (leadIds) =>
      meetings.service.cancelBeforeErasure(leadIds, (message, outboxId, messageId) =>
        transport.send(message, outboxId, messageId),
      ),
    drain() {
      state.draining = true;
    },
    async close() {
      if (state.closed) return;
      state.closed = true;
      clearInterval(pruner);
      clearInterval(translations.timer);
      await recorder.close();
      logger.info('api.stopped');
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Where an API request comes from, judged once by the API's first hook. */
    origin: OriginVerdict | null;
  }
}
