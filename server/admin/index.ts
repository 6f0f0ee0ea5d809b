/**
 * The sales inbox under /admin, served by the product's Node process (never part of the static build).
 * `createAdmin` works on the process's database (its tables migrated with the rest, server/database.ts):
 * it opens the inbox's stores, starts its housekeeping (expired sessions and forms, the search index, the
 * daily digest) and hands back its routes as a Fastify plugin (server/admin/router.ts, the routes by area
 * in server/admin/routes.ts). Pages are rendered on the server, escaped by default, with a strict CSP and
 * no client JavaScript; every form carries a CSRF token.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ensureSetting } from '../db/settings.ts';
import type { Storage } from '../db/storage.ts';
import type { LeadSettings } from '../lead/view.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { createCalendarFeeds } from '../meetings/calendar-feed.ts';
import type { MeetingService } from '../meetings/service.ts';
import { conversionSince } from '../monitoring/conversion.ts';
import { monitoringOverview } from '../monitoring/overview.ts';
import { createAuditLog } from '../privacy/audit.ts';
import { createPrivacyService, type PrivacyServiceOptions } from '../privacy/service.ts';
import type { TranslationsService } from '../translations/service.ts';
import { arrivalAssignment, type ArrivalHook } from './arrival.ts';
import type { InboxConfig } from './config-slice.ts';
import type { AdminServices, InboxRoutesConfig } from './context.ts';
import { startDigest } from './digest.ts';
import type { InboxMail } from './mail.ts';
import { isAdminPath } from './paths.ts';
import { inboxRoutes, STYLESHEET_VERSION } from './router.ts';
import { createDealStore } from './store/deals.ts';
import { createDigestStore } from './store/digests.ts';
import { createMergeStore } from './store/merges.ts';
import { createOutreachStore } from './store/outreach.ts';
import { createPendingFormStore } from './store/pending-forms.ts';
import { createPipelineQueries } from './store/pipeline.ts';
import { createSearchIndex } from './store/search-index.ts';
import { createSessionStore } from './store/sessions.ts';
import { createSignInLinkStore } from './store/sign-in-links.ts';
import { createThrottleStore } from './store/throttle.ts';
import { createTotpStore } from './store/totp.ts';
import { createUserStore } from './store/users.ts';
import { createWorkStore } from './store/work.ts';

/** What the inbox works with beside its configuration: the process's database and the services it shares. */
export interface AdminDeps {
  /** The process's database: the inbox reads the leads, bookings and outbox beside its own tables. */
  storage: Storage;
  /** What a lead's view is computed with, the same the e-mails use. */
  leadSettings: LeadSettings;
  /** The API's meetings service (server/meetings/): the lead page changes meetings through it. */
  meetings: MeetingService;
  /** The e-mails the inbox queues (to a lead's client, the daily digest, a sign-in link), composed outside it. */
  mail: InboxMail;
  /** Before a privacy erasure: the person's future meetings cancelled, their invites sent. */
  beforeErasure?: PrivacyServiceOptions['beforeErasure'];
  /** The daily digest's timer (on by default; tests run it with their own clock). */
  digest?: boolean;
  /** The interface strings and their edits (/admin/translations); without it those pages answer 404. */
  translations?: TranslationsService;
  now?: () => Date;
  logger?: Logger;
}

export interface Admin {
  /** Every route under /admin: register it on the app with `options` (server/app.ts). */
  plugin: FastifyPluginAsync<InboxRoutesConfig>;
  /** The plugin's options: the routes' slice of the configuration. */
  options: InboxRoutesConfig;
  /** Assigns a new lead inside the API's transaction that stores it (handed to the API at start-up). */
  assignOnArrival: ArrivalHook;
  close(): Promise<void>;
}

/**
 * The URL Fastify routes for an /admin request: the path read by the URL rules, trailing slashes trimmed,
 * percent signs that do not decode escaped (so the router takes the path and the inbox answers it).
 */
export function inboxRouteUrl(url: string): string {
  const parsed = new URL(url, 'http://admin.invalid');
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  if (!isAdminPath(path)) return url;
  try {
    decodeURIComponent(path);
    return `${path}${parsed.search}`;
  } catch {
    return `${path.replaceAll('%', '%25')}${parsed.search}`;
  }
}

const SECRET_SETTING = 'admin_secret';
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** The stores and settings every handler works with, opened on the process's database. */
function openInboxServices(inbox: InboxConfig, options: AdminDeps, secret: string): AdminServices {
  const { storage, leadSettings } = options;
  const { admin: config } = inbox;
  return {
    config,
    secret,
    trustProxy: inbox.trustProxy,
    users: createUserStore(storage),
    sessions: createSessionStore(storage, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
    throttle: createThrottleStore(storage),
    work: createWorkStore(storage),
    privacy: createPrivacyService({
      storage,
      outboxDir: inbox.outboxDir,
      facts: inbox.facts,
      beforeErasure: options.beforeErasure,
    }),
    audit: createAuditLog(storage),
    totp: createTotpStore(storage),
    signInLinks: createSignInLinkStore(storage),
    leadSettings,
    now: options.now ?? (() => new Date()),
    logger: options.logger ?? stderrLogger,
    stylesheetVersion: STYLESHEET_VERSION,
    meetings: options.meetings,
    calendarFeeds: createCalendarFeeds(storage, secret, leadSettings),
    deals: createDealStore(storage),
    merges: createMergeStore(storage),
    pendingForms: createPendingFormStore(storage),
    outreach: createOutreachStore(storage),
    searchIndex: createSearchIndex(storage, leadSettings),
    pipeline: createPipelineQueries(storage),
    monitoring: {
      overview: (type, at) => monitoringOverview(storage, inbox.monitoringMinSamples, type, at),
      conversion: (fromDay, since, at) => conversionSince(storage, fromDay, since, at),
    },
    mail: options.mail,
    translations: options.translations,
  };
}

/**
 * The inbox's background work: expired sessions, throttles, sign-in links and kept forms pruned every ten
 * minutes, the search columns of older leads filled in, and the daily digest. Returns its stop.
 */
function startHousekeeping(services: AdminServices, storage: Storage, digest: boolean): () => Promise<void> {
  const { logger, now } = services;
  const pruner = setInterval(() => {
    const at = now();
    Promise.all([
      services.sessions.prune(at),
      services.throttle.prune(at.getTime()),
      services.signInLinks.prune(at),
      services.pendingForms.prune(at),
    ]).catch((error: unknown) => logger.error('admin.prune', { error: errorMessage(error) }));
  }, PRUNE_EVERY_MS);
  pruner.unref();
  // Leads stored before the search columns existed get theirs in the background; searches still find them meanwhile.
  let closing = false;
  const indexing = services.searchIndex
    .indexAll(() => closing)
    .then((count) => {
      if (count > 0) logger.info('admin.search_indexed', { leads: count });
    })
    .catch((error: unknown) => logger.error('admin.search_index_failed', { error: errorMessage(error) }));
  const digestJob = digest
    ? startDigest(
        storage,
        { users: services.users, digests: createDigestStore(storage), mail: services.mail, logger },
        now,
      )
    : undefined;
  return async () => {
    closing = true;
    clearInterval(pruner);
    await Promise.all([digestJob?.stop(), indexing]);
  };
}

/** The inbox on `deps.storage`, configured by its slice of the configuration (`inboxConfigOf`) only. */
export async function createAdmin(config: InboxConfig, options: AdminDeps): Promise<Admin> {
  const { storage } = options;
  const secret =
    config.admin.secret ?? (await ensureSetting(storage, SECRET_SETTING, randomBytes(32).toString('base64url')));
  const services = openInboxServices(config, options, secret);
  const stop = startHousekeeping(services, storage, options.digest !== false);
  return {
    assignOnArrival: arrivalAssignment(options.mail, options.leadSettings.consultants),
    plugin: inboxRoutes(services),
    options: { config: services.config, trustProxy: services.trustProxy },
    close: stop,
  };
}
