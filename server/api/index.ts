/**
 * The lead API: everything under `/api/`. The process entry (`server/index.ts`, or
 * `server/api/standalone.ts`) opens the database, creates the API once with
 * `createApi(config, storage)` and passes every `/api/` request to `handle`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { apiPath, HEALTH_PATH, READY_PATH } from '../../core/api/routes.ts';
import { ATTRIBUTION_HEADER, parseAttributionHeader } from '../../core/attribution.ts';
import { parseDate } from '../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { servedLists } from '../../core/forms/options.ts';
import { kindSchemas, MESSAGES as FIELD_MESSAGES, type FormSchema } from '../../core/forms/schemas.ts';
import { ensureSetting } from '../db/settings.ts';
import { isDatabaseUnavailable, type Storage } from '../db/storage.ts';
import { startOutboxWorker } from '../email/outbox-worker.ts';
import { emailSettingsFor } from '../email/settings.ts';
import { emlDirectoryTransport, smtpTransport } from '../email/transport.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { loggableUrl } from '../log/loggable-url.ts';
import { objectionHoldBack } from '../privacy/objections.ts';
import { refusalsOf } from '../privacy/refusals.ts';
import { startMeetings, type Meetings } from '../meetings/index.ts';
import { parseRequestTarget, withoutTrailingSlashes } from '../request-target.ts';
import { clientAddress, hashAddress, originPage, requestLanguage } from './client.ts';
import { corsHeaders, judgeOrigin, preflightHeaders } from './cors.ts';
import { ClientGoneError, failure, readJsonObject, RequestError, writeJson, type ApiResponse } from './http.ts';
import { MESSAGES, tooManyScheduleRequestsMessage } from './messages.ts';
import { consume, pruneRateEvents, type RateLimit } from './rate-limit.ts';
import { submit, type SubmissionContext } from './submissions.ts';
import { translationRoutes } from './translations.ts';
import { trustedHops } from './trusted-proxies.ts';
import { VITALS_PATH } from '../../core/monitoring/beacon.ts';
import { createVitalsEndpoint, type BeaconCounts } from '../monitoring/vitals-endpoint.ts';
import { startVitalsRecorder } from '../monitoring/vitals-store.ts';

import type { ServerConfig } from '../config.ts';

export interface Api {
  /** Handles every request whose pathname starts with `/api/`; always ends the response. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Readiness answers 503 from now on, so a load balancer stops sending new requests (SIGTERM). */
  drain(): void;
  /** Stops the outbox worker (after its current send, within a bound); the database stays open for its owner. */
  close(): Promise<void>;
  /** The booked meetings (server/meetings/): the inbox moves, cancels and marks them through it. */
  meetings: Meetings;
  /** Vitals beacons taken and refused by this instance since it started (for /metrics), and their flush. */
  vitals: { counts: BeaconCounts; flush(): Promise<void> };
  /** Every route's path (the metrics label requests with these only). */
  routes: ReadonlySet<string>;
  /** Hands the API what runs inside each new lead's transaction (the inbox's assignment on arrival). */
  setOnArrival(hook: SubmissionContext['onArrival']): void;
  /** Before a privacy erasure: the leads' future meetings cancelled, their CANCEL invites sent right away. */
  cancelMeetingsBeforeErasure(leadIds: readonly number[]): Promise<number>;
}

export interface ApiOptions {
  /** The business clock (availability, received time). Tests inject a fixed one. */
  now?: () => Date;
  logger?: Logger;
  /** Longest sleep of the outbox worker between two looks at the table. */
  outboxPollMs?: number;
  /** How often due meeting reminders are looked for. */
  reminderPollMs?: number;
  /** The site's pages (server/monitoring/site-pages.ts): the only paths a vitals beacon may name. */
  sitePages?: ReadonlySet<string>;
}

type Handler = (req: IncomingMessage) => Promise<ApiResponse> | ApiResponse;

const scheduleRequestSchema = z.object({
  date: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notText) })
    .refine((value) => parseDate(value) !== undefined, 'La fecha no es válida (formato AAAA-MM-DD)'),
});

const SALT_SETTING = 'ip_hash_salt';
/** How often old rate-limit rows are deleted. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
/** A readiness check that takes longer than this counts as a failure. */
const READY_TIMEOUT_MS = 2000;
/** No route is longer than this, trailing slashes included; a longer path is not looked up. */
const MAX_ROUTE_LENGTH = 256;

/** The API on `storage`, a database whose tables are up to date (see server/database.ts); it never closes it. */
export async function createApi(config: ServerConfig, storage: Storage, options: ApiOptions = {}): Promise<Api> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? stderrLogger;
  const salt = config.ipHashSalt ?? (await ensureSetting(storage, SALT_SETTING, randomBytes(32).toString('hex')));
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, { timeoutMs: config.smtpTimeoutMs })
    : emlDirectoryTransport(config.outboxDir);
  const worker = startOutboxWorker({
    storage,
    transport,
    logger,
    retryBaseMs: config.outboxRetryBaseMs,
    giveUpAfterMs: config.outboxGiveUpHours * 60 * 60 * 1000,
    leaseMs: config.outboxLeaseMs,
    stopTimeoutMs: config.shutdownTimeoutMs,
    // Whoever opposed or revoked their consent gets no more e-mails about what they had sent.
    holdBack: objectionHoldBack(storage),
    ...(options.outboxPollMs ? { idlePollMs: options.outboxPollMs } : {}),
  });
  const submissionLimit: RateLimit = {
    scope: 'submission',
    max: config.rateLimitMax,
    windowMs: config.rateLimitWindowMs,
  };
  const scheduleLimit: RateLimit = {
    scope: 'schedule',
    max: config.scheduleRateLimitMax,
    windowMs: config.rateLimitWindowMs,
  };
  const longestWindow = config.rateLimitWindowMs;
  const pruner = setInterval(() => {
    pruneRateEvents(storage, Date.now() - longestWindow).catch((error: unknown) =>
      logger.error('rate_limit.prune', { error: errorMessage(error) }),
    );
  }, PRUNE_EVERY_MS);
  pruner.unref();
  const emailSettings = emailSettingsFor(config);
  const meetings = await startMeetings({
    config,
    storage,
    settings: emailSettings,
    logger,
    now,
    onQueued: () => worker.kick(),
    trustProxy: config.trustProxy,
    salt,
    ...(options.reminderPollMs ? { reminderPollMs: options.reminderPollMs } : {}),
  });
  const vitalsRecorder = startVitalsRecorder({ storage, logger });
  const vitals = createVitalsEndpoint({
    recorder: vitalsRecorder,
    pages: options.sitePages ?? new Set(),
    perMinute: config.monitoring.vitalsPerMinute,
    addressOf: (req) => clientAddress(req, config.trustProxy),
    now,
  });
  const schemas = kindSchemas(config.facts.lists);
  const i18n = translationRoutes(config.facts.translations);
  const selects = servedLists(config.facts.lists);
  const submissionContext: SubmissionContext = {
    storage,
    emailSettings,
    logger,
    now,
    rateLimit: submissionLimit,
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
  let draining = false;

  const submission =
    (kind: LeadKind, schema: FormSchema): Handler =>
    async (req) => {
      const body = await readJsonObject(req, config.bodyLimitBytes);
      const clientHash = hashAddress(clientAddress(req, config.trustProxy), salt);
      const sent = req.headers[ATTRIBUTION_HEADER.toLowerCase()];
      const attribution = parseAttributionHeader(sent);
      // A header that says nothing usable is dropped, never a reason to refuse the lead.
      if (sent !== undefined && !attribution) logger.info('submission.attribution_ignored', { kind });
      const outcome = await submit(submissionContext, {
        kind,
        schema,
        body,
        originPage: originPage(req),
        clientHash,
        refusals: refusalsOf(req, config.facts.privacy),
        attribution,
        language: requestLanguage(req, config.facts.translations),
      });
      return outcome.response;
    };

  const routes = new Map<string, Partial<Record<'GET' | 'POST', Handler>>>([
    [
      apiPath('contactFormSelects'),
      { GET: () => ({ status: 200, body: selects, headers: { 'Cache-Control': 'public, max-age=3600' } }) },
    ],
    [
      apiPath('scheduleAvailable'),
      {
        POST: async (req) => {
          const body = await readJsonObject(req, config.bodyLimitBytes);
          const parsed = scheduleRequestSchema.safeParse(body);
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? FIELD_MESSAGES.required;
            return { status: 422, body: { success: false, message: MESSAGES.validation, errors: { date: message } } };
          }
          const clientHash = hashAddress(clientAddress(req, config.trustProxy), salt);
          const wait = await consume(storage, scheduleLimit, clientHash, Date.now());
          if (wait !== undefined)
            return failure(429, tooManyScheduleRequestsMessage(wait), { 'Retry-After': String(wait) });
          const { date } = parsed.data;
          return { status: 200, body: { schedule: await meetings.service.freeSlots(date) } };
        },
      },
    ],
    // One route per kind of lead, each validated by its kind's schema.
    ...LEAD_KIND_IDS.map((kind): [string, Partial<Record<'GET' | 'POST', Handler>>] => [
      apiPath(LEAD_KINDS[kind].action),
      { POST: submission(kind, schemas[kind]) },
    ]),
    // Liveness: the process answers. Readiness: it should get traffic (not draining, database reachable).
    ...meetings.routes,
    [VITALS_PATH, { POST: (req) => vitals.handle(req) }],
    ...i18n.routes,
    [HEALTH_PATH, { GET: () => ({ status: 200, body: { status: 'ok' } }) }],
    [READY_PATH, { GET: () => readiness() }],
  ]);

  async function readiness(): Promise<ApiResponse> {
    if (draining || closed) return failure(503, MESSAGES.unavailable);
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
      return failure(503, MESSAGES.notReady);
    } finally {
      clearTimeout(timeout);
    }
  }

  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    res.once('finish', () => vitalsRecorder.countResponse(res.statusCode, new Date().toISOString().slice(0, 16)));
    const verdict = judgeOrigin(req, config.allowedOrigins, trustedHops(req, config.trustProxy) > 0);
    // Answers differ by Origin: caches must keep them apart.
    const headers = { Vary: 'Origin', ...corsHeaders(verdict) };
    try {
      if (closed) {
        await writeJson(res, failure(503, MESSAGES.unavailable), headers, true);
        return;
      }
      if (verdict.kind === 'forbidden') {
        await writeJson(res, failure(403, MESSAGES.forbiddenOrigin), headers);
        return;
      }
      const target = parseRequestTarget(req.url);
      if (!target) {
        await writeJson(res, failure(400, MESSAGES.badRequestTarget), headers);
        return;
      }
      // The length cut first: no route is longer, and a run of slashes must cost no more than its length.
      const path = target.pathname.length <= MAX_ROUTE_LENGTH ? withoutTrailingSlashes(target.pathname) : undefined;
      // `/api/translations/{locale}` and `/api/website/content/{locale}`: any locale, known or not, is theirs.
      const byLocale = path === undefined ? undefined : i18n.byPrefix(path);
      const route = path === undefined ? undefined : (routes.get(path) ?? (byLocale ? { GET: byLocale } : undefined));
      if (!route) {
        await writeJson(res, failure(404, MESSAGES.notFound), headers);
        return;
      }
      const methods = Object.keys(route);
      const allow = [...methods, ...(route.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      if (method === 'OPTIONS') {
        await writeJson(
          res,
          { status: 204, body: null },
          { ...headers, ...preflightHeaders(verdict, methods), Allow: allow },
        );
        return;
      }
      const handler = route[method as 'GET' | 'POST'];
      if (!handler) {
        await writeJson(res, failure(405, MESSAGES.methodNotAllowed), { ...headers, Allow: allow });
        return;
      }
      const response = await handler(req);
      await writeJson(res, response, headers);
    } catch (error) {
      if (error instanceof ClientGoneError) {
        res.destroy();
        return;
      }
      if (error instanceof RequestError) {
        await writeJson(res, error.response, headers, error.closeConnection);
        return;
      }
      if (isDatabaseUnavailable(error) && !res.headersSent) {
        // The request was fine; the database was not there. Its transaction left nothing behind.
        logger.warn('api.database_unavailable', { url: loggableUrl(req.url), error: errorMessage(error) });
        await writeJson(res, failure(503, MESSAGES.databaseUnavailable, { 'Retry-After': '5' }), headers);
        return;
      }
      logger.error('api.error', { url: loggableUrl(req.url), error: errorMessage(error) });
      if (!res.headersSent) await writeJson(res, failure(500, MESSAGES.internal), headers);
      else res.destroy();
    }
  }

  return {
    handle,
    meetings,
    vitals: { counts: vitals.counts, flush: () => vitalsRecorder.flush() },
    routes: new Set(routes.keys()),
    setOnArrival(hook) {
      submissionContext.onArrival = hook;
    },
    cancelMeetingsBeforeErasure: (leadIds) =>
      meetings.service.cancelBeforeErasure(leadIds, (message, outboxId, messageId) =>
        transport.send(message, outboxId, messageId),
      ),
    drain() {
      draining = true;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pruner);
      await vitalsRecorder.close();
      await meetings.close();
      await worker.stop();
      logger.info('api.stopped');
    },
  };
}
