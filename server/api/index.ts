/**
 * The lead API (PRODUCT.md item 5): everything under `/api/`. The process entry (`server/index.ts`, or
 * `server/api/standalone.ts`) creates it once with `createApi(loadApiConfig(process.env))` and passes
 * every `/api/` request to `handle`.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { apiPath, HEALTH_PATH } from '../../core/api/routes.ts';
import { parseDate } from '../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { servedLists } from '../../core/forms/options.ts';
import { kindSchemas, MESSAGES as FIELD_MESSAGES, type FormSchema } from '../../core/forms/schemas.ts';
import { availableSlots } from '../availability/schedule.ts';
import { ensureSetting, openDatabase } from '../db/database.ts';
import { createLeadStore } from '../db/leads.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { startOutboxWorker } from '../email/outbox-worker.ts';
import { defaultEmailSettings } from '../email/settings.ts';
import { emlDirectoryTransport, smtpTransport } from '../email/transport.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { clientAddress, hashAddress, originPage } from './client.ts';
import { corsHeaders, judgeOrigin, preflightHeaders } from './cors.ts';
import { ClientGoneError, failure, readJsonObject, RequestError, writeJson, type ApiResponse } from './http.ts';
import { MESSAGES, tooManyRequestsMessage } from './messages.ts';
import { createRateLimiter } from './rate-limit.ts';
import { submit, type SubmissionContext } from './submissions.ts';

import type { ApiConfig } from './config.ts';

export { loadApiConfig, ConfigError, DEFAULT_API_PORT, DEV_SITE_ORIGIN } from './config.ts';
export type { ApiConfig } from './config.ts';

export interface Api {
  /** Handles every request whose pathname starts with `/api/`; always ends the response. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Stops the outbox worker (after its current send) and closes the database. */
  close(): Promise<void>;
}

export interface ApiOptions {
  /** The business clock (availability, received time). Tests inject a fixed one. */
  now?: () => Date;
  logger?: Logger;
}


type Handler = (req: IncomingMessage) => Promise<ApiResponse> | ApiResponse;

const scheduleRequestSchema = z.object({
  date: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notText) })
    .refine((value) => parseDate(value) !== undefined, 'La fecha no es válida (formato AAAA-MM-DD)'),
});

const SALT_SETTING = 'ip_hash_salt';

export function createApi(config: ApiConfig, options: ApiOptions = {}): Promise<Api> {
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? stderrLogger;
  const db = openDatabase(config.databasePath);
  const leads = createLeadStore(db);
  const outbox = createOutboxStore(db);
  const salt = config.ipHashSalt ?? ensureSetting(db, SALT_SETTING, randomBytes(32).toString('hex'));
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : emlDirectoryTransport(config.outboxDir);
  const worker = startOutboxWorker({
    outbox,
    transport,
    logger,
    retryBaseMs: config.outboxRetryBaseMs,
    maxAttempts: config.outboxMaxAttempts,
  });
  const limiter = createRateLimiter(config.rateLimitMax, config.rateLimitWindowMs);
  const emailSettings = defaultEmailSettings({
    siteUrl: config.siteUrl,
    from: config.mailFrom,
    salesEmail: config.salesEmail,
    contact: config.contact,
    assignee: config.assignee,
    lists: config.facts.lists,
    offers: config.facts.offers,
  });
  const schemas = kindSchemas(config.facts.lists);
  const selects = servedLists(config.facts.lists);
  const submissionContext: SubmissionContext = {
    db,
    leads,
    outbox,
    emailSettings,
    logger,
    now,
    onStored: () => worker.kick(),
  };
  logger.info('api.started', { database: config.databasePath, mail: transport.kind, origins: config.allowedOrigins });

  const submission =
    (kind: LeadKind, schema: FormSchema): Handler =>
    async (req) => {
      const body = await readJsonObject(req, config.bodyLimitBytes);
      const clientHash = hashAddress(clientAddress(req, config.trustProxyHops), salt);
      const at = Date.now();
      const retryAfter = limiter.check(clientHash, at);
      if (retryAfter !== undefined) {
        return failure(429, tooManyRequestsMessage(retryAfter), { 'Retry-After': String(retryAfter) });
      }
      const outcome = submit(submissionContext, { kind, schema, body, originPage: originPage(req), clientHash });
      if (outcome.kind !== 'rejected') limiter.record(clientHash, at);
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
          const { date } = parsed.data;
          return { status: 200, body: { schedule: availableSlots(date, now(), leads.bookedTimes(date)) } };
        },
      },
    ],
    // One route per kind of lead, each validated by its kind's schema.
    ...LEAD_KIND_IDS.map((kind): [string, Partial<Record<'GET' | 'POST', Handler>>] => [
      apiPath(LEAD_KINDS[kind].action),
      { POST: submission(kind, schemas[kind]) },
    ]),
    [HEALTH_PATH, { GET: () => ({ status: 200, body: { status: 'ok' } }) }],
  ]);

  let closed = false;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const verdict = judgeOrigin(req, config.allowedOrigins, config.trustProxyHops > 0);
    // Answers differ by Origin: caches must keep them apart.
    const headers = { Vary: 'Origin', ...corsHeaders(verdict) };
    try {
      if (closed) { await writeJson(res, failure(503, MESSAGES.unavailable), headers, true); return; }
      if (verdict.kind === 'forbidden') { await writeJson(res, failure(403, MESSAGES.forbiddenOrigin), headers); return; }
      const pathname = new URL(req.url ?? '/', 'http://api.invalid').pathname.replace(/(.)\/+$/, '$1');
      const route = routes.get(pathname);
      if (!route) { await writeJson(res, failure(404, MESSAGES.notFound), headers); return; }
      const methods = Object.keys(route);
      const allow = [...methods, ...(route.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      if (method === 'OPTIONS') {
        await writeJson(res, { status: 204, body: null }, { ...headers, ...preflightHeaders(verdict, methods), Allow: allow }); return;
      }
      const handler = route[method as 'GET' | 'POST'];
      if (!handler) { await writeJson(res, failure(405, MESSAGES.methodNotAllowed), { ...headers, Allow: allow }); return; }
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
      logger.error('api.error', { url: req.url, error: errorMessage(error) });
      if (!res.headersSent) await writeJson(res, failure(500, MESSAGES.internal), headers);
      else res.destroy();
    }
  }

  return Promise.resolve({
    handle,
    async close() {
      if (closed) return;
      closed = true;
      await worker.stop();
      db.close();
      logger.info('api.stopped');
    },
  });
}
