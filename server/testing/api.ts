/**
 * Test helper (not a test): the real API in the app's Fastify server on a free loopback port, with a
 * temporary database (SQLite file or a fresh PostgreSQL database, see server/db/testing/engines.ts)
 * and outbox directory, plus a second connection to the database to look at rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../database.ts';
import type { InboxMail } from '../admin/mail.ts';
import { createInboxMail } from '../inbox-email/inbox-mail.ts';
import { emailSettingsFor, type EmailSettings } from '../email/settings.ts';
import { openStorage } from '../db/open.ts';
import type { SqlValue, Storage } from '../db/storage.ts';
import { createTestDatabase, type EngineName, type TestDatabase } from '../db/testing/engines.ts';
import { decodeMimeHeader } from '../email/testing/smtp-peer.ts';
import { silentLogger } from '../log/logger.ts';
import { loadServerConfig, type ServerConfig } from '../config.ts';
import { createApp } from '../app.ts';
import { apiConfigOf } from '../api/config-slice.ts';
import type { ApiOptions } from '../api/index.ts';
import type { SendersOptions } from '../senders.ts';
import { startApi, type RunningApi } from '../services.ts';

/** Monday 2026-11-23, 08:00 in Mexico City: the next days all have open slots. */
export const TEST_NOW = new Date('2026-11-23T14:00:00.000Z');
/** An open slot at `TEST_NOW`: Tuesday 2026-11-24, 10:00 Mexico City. */
export const OPEN_SLOT = '2026-11-24T10:00';

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface TestApi {
  url: string;
  dir: string;
  engine: EngineName;
  config: ServerConfig;
  api: RunningApi;
  /** The database the API was handed (opened and migrated as the process does it). */
  storage: Storage;
  /** The e-mails' settings of this configuration (what the process hands the inbox too). */
  settings: EmailSettings;
  /** The inbox's e-mails composed with these settings (what server/services.ts hands the inbox). */
  inboxMail: InboxMail;
  /** Variables that point another process (a script, a second instance) at this database. */
  databaseEnv: Record<string, string>;
  /** POST a JSON value (or a raw string with `raw: true`). */
  post(path: string, body: unknown, headers?: Record<string, string>, raw?: boolean): Promise<JsonAnswer>;
  request(path: string, init?: RequestInit): Promise<JsonAnswer>;
  count(table: 'leads' | 'bookings' | 'outbox'): Promise<number>;
  /** Requests whose answer has not ended yet. */
  inFlight(): number;
  /** Rows of a query (`$1` placeholders), through a connection of the test's own. */
  rows<T = Record<string, unknown>>(sql: string, ...params: SqlValue[]): Promise<T[]>;
  /** Stops server and API; the directory stays until `dispose`. */
  stop(): Promise<void>;
  /** Starts a new API and server on the same database and outbox directory. */
  restart(): Promise<TestApi>;
  /** A second instance on the same database, running beside this one (its dispose only stops it). */
  sibling(env?: NodeJS.ProcessEnv): Promise<TestApi>;
  dispose(): Promise<void>;
}

export function testConfig(dir: string, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadServerConfig({
    DATABASE_PATH: join(dir, 'leads.db'),
    OUTBOX_DIR: join(dir, 'outbox'),
    SITE_URL: 'https://www.angram.mx',
    NODE_ENV: 'test',
    RATE_LIMIT_MAX: '1000',
    SCHEDULE_RATE_LIMIT_MAX: '1000',
    BOOKING_LIMIT_PER_DAY: '1000',
    OUTBOX_RETRY_BASE_MS: '50',
    ...env,
  });
}

export interface TestApiOptions extends ApiOptions, SendersOptions {
  /** Storage engine; SQLite unless a test runs `describe.each(TEST_ENGINES)`. */
  engine?: EngineName;
}

/** What a restarted API or a sibling reuses: the folder and the database. */
interface Reuse {
  dir: string;
  database: TestDatabase;
  /** Whether dispose removes them (the last of a restart chain does; a sibling does not). */
  owns: boolean;
}

async function answer(response: Response): Promise<JsonAnswer> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

export async function startTestApi(
  env: NodeJS.ProcessEnv = {},
  options: TestApiOptions = {},
  reuse?: Reuse,
): Promise<TestApi> {
  const { engine = 'sqlite', ...apiOptions } = options;
  const dir = reuse?.dir ?? mkdtempSync(join(tmpdir(), 'angram-api-'));
  const database = reuse?.database ?? (await createTestDatabase(engine, dir));
  const config = testConfig(dir, { ...database.env, ...env });
  const storage = await openDatabase(database.location);
  // Handed its slice as the process hands it (server/services.ts), so every API test runs on that alone.
  const api = await startApi(apiConfigOf(config), storage, {
    now: () => TEST_NOW,
    logger: silentLogger,
    ...apiOptions,
  });
  // Tracks unfinished requests, so a test can prove none is left hanging.
  let inFlight = 0;
  const app = createApp({ api });
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight += 1;
    reply.raw.once('close', () => (inFlight -= 1));
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  let observer: Promise<Storage> | undefined;
  const look = () => (observer ??= openStorage(database.location));

  const self: TestApi = {
    url,
    dir,
    engine,
    config,
    api,
    storage,
    settings: emailSettingsFor(config),
    inboxMail: createInboxMail(emailSettingsFor(config), config.facts.salesEmails),
    databaseEnv: database.env,
    async post(path, body, headers = {}, raw = false) {
      return answer(
        await fetch(url + path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body: raw ? String(body) : JSON.stringify(body),
        }),
      );
    },
    async request(path, init) {
      return answer(await fetch(url + path, init));
    },
    inFlight() {
      return inFlight;
    },
    async count(table) {
      const row = await (await look()).get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      return row?.n ?? 0;
    },
    async rows(sql, ...params) {
      return (await look()).all(sql, params);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      app.server.closeAllConnections();
      await app.close();
      await api.close();
      await storage.close();
      if (observer) await (await observer).close();
      observer = undefined;
    },
    async restart() {
      await self.stop();
      return startTestApi(env, options, { dir, database, owns: reuse?.owns ?? true });
    },
    async sibling(extraEnv = {}) {
      return startTestApi({ ...env, ...extraEnv }, options, { dir, database, owns: false });
    },
    async dispose() {
      await self.stop();
      if (reuse && !reuse.owns) return;
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return self;
}

/** Polls `check` until it returns true (no fixed sleeps in assertions). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const VALID = {
  small: {
    name: 'Lucía Hernández',
    email: 'lucia@ferremax.mx',
    company: 'Ferremax',
    message: 'Queremos controlar el inventario de 12 sucursales.',
  },
  big: {
    name: 'Jorge Treviño',
    email: 'jtrevino@logisticadelnorte.com.mx',
    company: 'Logística del Norte',
    phone: '81 8765 4321',
    projectType: 'mobile-app',
    budget: '300k-700k',
    timeline: '3-6-months',
    message: 'App para 80 operadores con foto y firma de entrega.',
  },
  project: {
    name: 'Ana Sofía Gutiérrez',
    email: 'ana@cafeorigen.mx',
    company: 'Café Origen',
    phone: '+52 33 1234 5678',
    projectType: 'ecommerce',
    budget: '100k-300k',
    timeline: '1-3-months',
    description: 'Tienda en línea con suscripciones y facturación CFDI.',
    urgency: 'high',
    currentSituation: 'Vendemos por Instagram.',
  },
  cloud: {
    serviceType: 'cloud-migration',
    name: 'Fernando Aguilar',
    email: 'faguilar@distribuidoramaya.com',
    company: 'Distribuidora Maya',
    currentInfrastructure: 'on-premise',
    systemType: 'erp',
    challenges: 'Servidor de 2014 en la oficina.',
    goals: 'ERP en la nube con respaldos diarios.',
  },
  integrations: {
    serviceType: 'integrations',
    name: 'Mónica Ruiz',
    email: 'mruiz@textilesdelbajio.mx',
    company: 'Textiles del Bajío',
    currentSystems: 'CONTPAQi y Shopify',
    integrationType: 'e-invoicing',
    businessGoals: 'Facturar cada venta en automático.',
    challenges: 'Captura manual de 300 facturas al mes.',
  },
  consulting: {
    serviceType: 'migration-strategy',
    name: 'Patricia Olvera',
    email: 'polvera@grupoaltiplano.mx',
    company: 'Grupo Altiplano',
    goals: 'Migrar sin detener la operación.',
    currentSituation: 'Cuatro servidores dedicados.',
    currentInfrastructure: 'vps-dedicated',
    systemType: 'web-app',
    migrationGoals: 'Bajar costos 30% y tener alta disponibilidad.',
  },
} as const;

/** A project from an English page: a US company, its phone as a US visitor dials it. */
export const US_PROJECT = {
  ...VALID.project,
  name: 'Megan Walsh',
  email: 'megan@lonestarfreight.com',
  company: 'Lone Star Freight',
  phone: '(512) 555-0142',
  description: 'A customer portal where shippers track loads and download invoices.',
  currentSituation: 'Dispatch runs on spreadsheets and email threads.',
};

/** The decoded Subject of a raw message (folded lines joined). */
export function subjectOf(raw: string): string | undefined {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  return match?.[1] === undefined ? undefined : decodeMimeHeader(match[1].replace(/\r?\n[ \t]/g, ' '));
}
