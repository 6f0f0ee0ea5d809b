/**
 * The sales inbox under /admin, served by the product's Node process (never part of the static build).
 * `createAdmin` works on the process's database (its tables migrated with the rest, server/database.ts)
 * and returns a handler for every request whose path is /admin or below. Pages are rendered on the server, escaped by default, with a
 * strict CSP and no client JavaScript; every form carries a CSRF token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ensureSetting } from '../db/settings.ts';
import type { TrustProxy } from '../api/trusted-proxies.ts';
import { isDatabaseUnavailable, type Storage } from '../db/storage.ts';
import type { LeadSettings } from '../lead/view.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { loggableUrl } from '../log/loggable-url.ts';
import { createAuditLog } from '../privacy/audit.ts';
import { createPrivacyService, type PrivacyServiceOptions } from '../privacy/service.ts';
import { CALENDAR_FEED_PATTERN, createCalendarFeeds } from '../meetings/calendar-feed.ts';
import type { MeetingService } from '../meetings/service.ts';
import { getLogin, isSecureRequest, postLogin, postLogout, resolveSession, toLogin } from './auth.ts';
import type { AdminConfig } from './config.ts';
import { type AdminServices, pageContext, render, type RequestState, type SignedIn } from './context.ts';
import { precompressed } from './compression.ts';
import { parseCookies } from './cookies.ts';
import { csrfTokenOwner } from './csrf.ts';
import {
  addNote,
  assignLead,
  changeStatus,
  exportCsv,
  showDashboard,
  showInbox,
  showLead,
  showMeetings,
} from './handlers/leads.ts';
import {
  cancelPerson,
  exportPerson,
  findPerson,
  objectPerson,
  rectifyContact,
  registerRequest,
  showAudit,
  showPrivacy,
} from './handlers/privacy.ts';
import {
  changeOwnPassword,
  createUser,
  resetUserPassword,
  setUserActive,
  showAccount,
  showUser,
  showUsers,
  updateUser,
} from './handlers/users.ts';
import {
  cancelMeeting,
  changeCalendarFeed,
  markMeeting,
  rescheduleMeeting,
  serveCalendarFeed,
} from './handlers/meetings.ts';
import { confirmTwoStep, disableTwoStep, resetUserTwoStep, startTwoStep } from './handlers/two-step.ts';
import { completeNextStep, mergeLead, saveDeal, sendClientEmail, showBoard, showMerge } from './handlers/pipeline.ts';
import { ADMIN_HEADERS, HttpError, readForm, redirect, type FormFields } from './http.ts';
import { startDigest } from './digest.ts';
import { showMonitoring } from './handlers/monitoring.ts';
import { revertTranslation, saveTranslation, showTranslationKey, showTranslations } from './handlers/translations.ts';
import type { TranslationsService } from '../translations/service.ts';
import { monitoringOverview } from '../monitoring/overview.ts';
import { conversionSince } from '../monitoring/conversion.ts';
import type { InboxMail } from './mail.ts';
import { arrivalAssignment, type ArrivalHook } from './arrival.ts';
import { applyKeptForm, keepExpiredForm, PENDING_COOKIE } from './pending-forms.ts';
import { createDealStore } from './store/deals.ts';
import { createDigestStore } from './store/digests.ts';
import { createMergeStore } from './store/merges.ts';
import { createOutreachStore } from './store/outreach.ts';
import { createPendingFormStore } from './store/pending-forms.ts';
import { createPipelineQueries } from './store/pipeline.ts';
import { createSearchIndex } from './store/search-index.ts';
import { CROSS_ORIGIN_MESSAGE, isSameOriginPost } from './origin.ts';
import { ADMIN_PATHS, PRIVACY_PATHS } from './paths.ts';
import { requestSignInLink, useSignInLink } from './sign-in-link.ts';
import { getCodePage, postCode } from './two-step.ts';
import { ACCOUNT_TWO_STEP_PATHS } from './views/two-step.ts';
import { can, type Permission } from './roles.ts';
import { inboxStylesheet } from './stylesheet.ts';
import { createSessionStore } from './store/sessions.ts';
import { createSignInLinkStore } from './store/sign-in-links.ts';
import { createThrottleStore } from './store/throttle.ts';
import { createTotpStore } from './store/totp.ts';
import { createUserStore } from './store/users.ts';
import { createWorkStore } from './store/work.ts';
import { CSRF_FIELD } from './views/components.ts';
import {
  CSRF_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  errorPage,
  isErrorStatus,
  type ErrorStatus,
} from './views/errors.ts';

export interface AdminOptions {
  /** The process's database: the inbox reads the leads, bookings and outbox beside its own tables. */
  storage: Storage;
  config: AdminConfig;
  trustProxy: TrustProxy;
  /** What a lead's view is computed with, the same the e-mails use. */
  leadSettings: LeadSettings;
  /** For the personal-data pages: where the outbox writes `.eml` files, the lists and the privacy notice. */
  privacy: Omit<PrivacyServiceOptions, 'storage'>;
  /** The API's meetings service (server/meetings/): the lead page changes meetings through it. */
  meetings: MeetingService;
  /** The e-mails the inbox queues (to a lead's client, the daily digest, a sign-in link), composed outside it. */
  mail: InboxMail;
  /** The daily digest's timer (on by default; tests run it with their own clock). */
  digest?: boolean;
  /** Below this many measurements a page type's status is "sin dato" (`VITALS_MIN_SAMPLES`). */
  monitoringMinSamples?: number;
  /** The interface strings and their edits (/admin/translations); without it those pages answer 404. */
  translations?: TranslationsService;
  now?: () => Date;
  logger?: Logger;
}

export interface Admin {
  /** Handles every request whose path is /admin or below; always ends the response. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Assigns a new lead inside the API's transaction that stores it (handed to the API at start-up). */
  assignOnArrival: ArrivalHook;
  close(): Promise<void>;
}

type GuestHandler = (services: AdminServices, state: RequestState) => Promise<void> | void;
type PageHandler = (services: AdminServices, state: SignedIn, params: readonly string[]) => Promise<void> | void;
type ActionHandler = (
  services: AdminServices,
  state: SignedIn,
  params: readonly string[],
  form: FormFields,
) => Promise<void>;

type Route =
  | { method: 'GET' | 'POST'; pattern: RegExp; access: 'guest'; run: GuestHandler }
  | { method: 'GET'; pattern: RegExp; access: Permission; run: PageHandler }
  | { method: 'POST'; pattern: RegExp; access: Permission; run: ActionHandler };

const ID = '([1-9][0-9]{0,14})';
/** A catalogue key as its URL carries it: `nav.contact`. */
const TRANSLATION_KEY = '([a-z][a-zA-Z0-9]{0,40}\\.[a-z][a-zA-Z0-9]{0,40})';
const exact = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.')}$`);

const ROUTES: readonly Route[] = [
  { method: 'GET', pattern: exact(ADMIN_PATHS.login), access: 'guest', run: getLogin },
  { method: 'POST', pattern: exact(ADMIN_PATHS.login), access: 'guest', run: postLogin },
  { method: 'GET', pattern: exact(ADMIN_PATHS.loginCode), access: 'guest', run: getCodePage },
  { method: 'POST', pattern: exact(ADMIN_PATHS.loginCode), access: 'guest', run: postCode },
  { method: 'GET', pattern: exact(ADMIN_PATHS.loginLink), access: 'guest', run: useSignInLink },
  { method: 'POST', pattern: exact(ADMIN_PATHS.loginLink), access: 'guest', run: requestSignInLink },
  {
    method: 'POST',
    pattern: exact(ADMIN_PATHS.logout),
    access: 'work-leads',
    run: (services, state) => postLogout(services, state, false),
  },
  {
    method: 'POST',
    pattern: exact(ADMIN_PATHS.logoutEverywhere),
    access: 'work-leads',
    run: (services, state) => postLogout(services, state, true),
  },
  {
    method: 'GET',
    pattern: exact(ADMIN_PATHS.home),
    access: 'work-leads',
    run: (_services, state) => {
      redirect(state.res, ADMIN_PATHS.contacts);
    },
  },
  { method: 'GET', pattern: exact(ADMIN_PATHS.contacts), access: 'work-leads', run: showInbox },
  { method: 'GET', pattern: exact(ADMIN_PATHS.export), access: 'work-leads', run: exportCsv },
  { method: 'GET', pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}$`), access: 'work-leads', run: showLead },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/status$`),
    access: 'work-leads',
    run: changeStatus,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/assignee$`),
    access: 'work-leads',
    run: assignLead,
  },
  { method: 'POST', pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/notes$`), access: 'work-leads', run: addNote },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/contact$`),
    access: 'work-leads',
    run: rectifyContact,
  },
  ...meetingRoutes(),
  { method: 'POST', pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/deal$`), access: 'work-leads', run: saveDeal },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/step-done$`),
    access: 'work-leads',
    run: completeNextStep,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/email$`),
    access: 'work-leads',
    run: sendClientEmail,
  },
  { method: 'GET', pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/merge$`), access: 'work-leads', run: showMerge },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/merge$`),
    access: 'work-leads',
    run: mergeLead,
  },
  { method: 'GET', pattern: exact(ADMIN_PATHS.board), access: 'work-leads', run: showBoard },
  { method: 'GET', pattern: exact(ADMIN_PATHS.meetings), access: 'work-leads', run: showMeetings },
  { method: 'GET', pattern: exact(ADMIN_PATHS.dashboard), access: 'work-leads', run: showDashboard },
  { method: 'GET', pattern: exact(ADMIN_PATHS.monitoring), access: 'work-leads', run: showMonitoring },
  {
    method: 'GET',
    pattern: exact(ADMIN_PATHS.account),
    access: 'work-leads',
    run: (services, state) => showAccount(services, state),
  },
  { method: 'POST', pattern: exact(`${ADMIN_PATHS.account}/password`), access: 'work-leads', run: changeOwnPassword },
  { method: 'POST', pattern: exact(ACCOUNT_TWO_STEP_PATHS.start), access: 'work-leads', run: startTwoStep },
  { method: 'POST', pattern: exact(ACCOUNT_TWO_STEP_PATHS.confirm), access: 'work-leads', run: confirmTwoStep },
  { method: 'POST', pattern: exact(ACCOUNT_TWO_STEP_PATHS.disable), access: 'work-leads', run: disableTwoStep },
  {
    method: 'GET',
    pattern: exact(ADMIN_PATHS.users),
    access: 'manage-users',
    run: (services, state) => showUsers(services, state),
  },
  { method: 'POST', pattern: exact(ADMIN_PATHS.users), access: 'manage-users', run: createUser },
  { method: 'GET', pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}$`), access: 'manage-users', run: showUser },
  { method: 'POST', pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}$`), access: 'manage-users', run: updateUser },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}/disable$`),
    access: 'manage-users',
    run: (services, state, params) => setUserActive(services, state, params, false),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}/enable$`),
    access: 'manage-users',
    run: (services, state, params) => setUserActive(services, state, params, true),
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}/password$`),
    access: 'manage-users',
    run: resetUserPassword,
  },
  // Personal data (ARCO) and the audit trail: admin only.
  { method: 'GET', pattern: exact(ADMIN_PATHS.privacy), access: 'manage-users', run: showPrivacy },
  { method: 'POST', pattern: exact(ADMIN_PATHS.privacy), access: 'manage-users', run: registerRequest },
  { method: 'POST', pattern: exact(PRIVACY_PATHS.find), access: 'manage-users', run: findPerson },
  { method: 'POST', pattern: exact(PRIVACY_PATHS.access), access: 'manage-users', run: exportPerson },
  { method: 'POST', pattern: exact(PRIVACY_PATHS.objection), access: 'manage-users', run: objectPerson },
  { method: 'POST', pattern: exact(PRIVACY_PATHS.cancel), access: 'manage-users', run: cancelPerson },
  { method: 'GET', pattern: exact(ADMIN_PATHS.audit), access: 'manage-users', run: showAudit },
  { method: 'GET', pattern: exact(ADMIN_PATHS.translations), access: 'edit-translations', run: showTranslations },
  {
    method: 'GET',
    pattern: new RegExp(`^${ADMIN_PATHS.translations}/${TRANSLATION_KEY}$`),
    access: 'edit-translations',
    run: showTranslationKey,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.translations}/${TRANSLATION_KEY}$`),
    access: 'edit-translations',
    run: saveTranslation,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.translations}/${TRANSLATION_KEY}/revert$`),
    access: 'edit-translations',
    run: revertTranslation,
  },
  {
    method: 'POST',
    pattern: new RegExp(`^${ADMIN_PATHS.users}/${ID}/two-step/reset$`),
    access: 'manage-users',
    run: resetUserTwoStep,
  },
];

/** A lead's meeting (server/meetings/inbox.ts) and the calendar subscriptions. */
function meetingRoutes(): Route[] {
  const action = (name: string) => new RegExp(`^${ADMIN_PATHS.contacts}/${ID}/reunion/${name}$`);
  return [
    { method: 'POST', pattern: action('reprogramar'), access: 'work-leads', run: rescheduleMeeting },
    { method: 'POST', pattern: action('cancelar'), access: 'work-leads', run: cancelMeeting },
    { method: 'POST', pattern: action('realizada'), access: 'work-leads', run: markMeeting('held') },
    { method: 'POST', pattern: action('no-asistio'), access: 'work-leads', run: markMeeting('missed') },
    {
      method: 'POST',
      pattern: exact(`${ADMIN_PATHS.account}/calendario`),
      access: 'work-leads',
      run: changeCalendarFeed,
    },
  ];
}

const STYLESHEET = inboxStylesheet();
const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
const stylesheetFor = precompressed(STYLESHEET);

const SECRET_SETTING = 'admin_secret';
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export async function createAdmin(options: AdminOptions): Promise<Admin> {
  const { storage, config } = options;
  const logger = options.logger ?? stderrLogger;
  const now = options.now ?? (() => new Date());
  const secret = config.secret ?? (await ensureSetting(storage, SECRET_SETTING, randomBytes(32).toString('base64url')));
  const sessions = createSessionStore(storage, { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs });
  const throttle = createThrottleStore(storage);
  const signInLinks = createSignInLinkStore(storage);
  const services: AdminServices = {
    config,
    secret,
    trustProxy: options.trustProxy,
    users: createUserStore(storage),
    sessions,
    throttle,
    work: createWorkStore(storage),
    privacy: createPrivacyService({ storage, ...options.privacy }),
    audit: createAuditLog(storage),
    totp: createTotpStore(storage),
    signInLinks,
    leadSettings: options.leadSettings,
    now,
    logger,
    stylesheetVersion: STYLESHEET_VERSION,
    meetings: options.meetings,
    calendarFeeds: createCalendarFeeds(storage, secret, options.leadSettings),
    deals: createDealStore(storage),
    merges: createMergeStore(storage),
    pendingForms: createPendingFormStore(storage),
    outreach: createOutreachStore(storage),
    searchIndex: createSearchIndex(storage, options.leadSettings),
    pipeline: createPipelineQueries(storage),
    monitoring: {
      overview: (type, at) => monitoringOverview(storage, options.monitoringMinSamples ?? 50, type, at),
      conversion: (fromDay, since, at) => conversionSince(storage, fromDay, since, at),
    },
    mail: options.mail,
    translations: options.translations,
  };
  const pruner = setInterval(() => {
    const at = now();
    Promise.all([
      sessions.prune(at),
      throttle.prune(at.getTime()),
      signInLinks.prune(at),
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
  const digest =
    options.digest === false
      ? undefined
      : startDigest(
          storage,
          { users: services.users, digests: createDigestStore(storage), mail: options.mail, logger },
          now,
        );

  /** Runs a kept form's action for the signed-in person, as if they had just posted it. */
  async function replay(state: SignedIn, path: string, form: FormFields): Promise<boolean> {
    for (const route of ROUTES) {
      const match = route.pattern.exec(path);
      if (!match || route.method !== 'POST' || route.access === 'guest') continue;
      if (!can(state.auth.user.role, route.access)) return false;
      await route.run(services, state, match.slice(1), form);
      return true;
    }
    return false;
  }

  function fail(
    state: RequestState,
    status: ErrorStatus,
    message?: string,
    headers: Record<string, string> = {},
  ): void {
    const context = state.auth ? pageContext(services, state as SignedIn) : undefined;
    render(
      state,
      status,
      errorPage(status, {
        stylesheetVersion: STYLESHEET_VERSION,
        ...(context ? { context } : {}),
        ...(message ? { message } : {}),
      }),
      headers,
    );
  }

  async function dispatch(state: RequestState): Promise<void> {
    const { req, res } = state;
    const path = state.url.pathname.length > 1 ? state.url.pathname.replace(/\/+$/, '') : state.url.pathname;
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');

    if (path === ADMIN_PATHS.stylesheet) {
      if (method !== 'GET') {
        fail(state, 405, undefined, { Allow: 'GET, HEAD' });
        return;
      }
      const encoded = stylesheetFor(req.headers['accept-encoding']);
      res.writeHead(200, {
        ...ADMIN_HEADERS,
        'Content-Type': 'text/css; charset=utf-8',
        'Content-Length': encoded.body.length,
        ...encoded.headers,
      });
      res.end(req.method === 'HEAD' ? undefined : encoded.body);
      return;
    }

    if (CALENDAR_FEED_PATTERN.test(path)) {
      if (method !== 'GET') {
        fail(state, 405, undefined, { Allow: 'GET, HEAD' });
        return;
      }
      await serveCalendarFeed(services, state, path);
      return;
    }

    const matches = ROUTES.map((route) => ({ route, match: route.pattern.exec(path) })).filter(
      (candidate) => candidate.match,
    );
    await resolveSession(services, state);
    if (matches.length === 0) {
      if (state.auth) fail(state, 404);
      else toLogin(state);
      return;
    }
    const found = matches.find((candidate) => candidate.route.method === method);
    if (!found?.match) {
      const allow = [
        ...new Set(matches.flatMap((candidate) => (candidate.route.method === 'GET' ? ['GET', 'HEAD'] : ['POST']))),
      ].join(', ');
      fail(state, 405, undefined, { Allow: allow });
      return;
    }
    const { route } = found;
    const params = found.match.slice(1);
    // A form from anywhere but the inbox's own pages is refused before its body or its token is read.
    if (route.method === 'POST' && !isSameOriginPost(req, options.trustProxy, options.leadSettings.siteUrl)) {
      logger.warn('admin.cross_origin_refused', { path, origin: req.headers.origin?.slice(0, 200) ?? null });
      fail(state, 403, CROSS_ORIGIN_MESSAGE, { Connection: 'close' });
      return;
    }
    if (route.access === 'guest') {
      await route.run(services, state);
      return;
    }
    if (!state.auth) {
      if (route.method === 'POST' && (await keepExpiredForm(services, state, path))) return;
      toLogin(state);
      return;
    }
    const signedIn = state as SignedIn;
    if (!can(signedIn.auth.user.role, route.access)) {
      fail(state, 403);
      return;
    }
    if (route.method === 'GET') {
      if (
        state.cookies.has(PENDING_COOKIE) &&
        (await applyKeptForm(services, signedIn, (at, form) => replay(signedIn, at, form)))
      )
        return;
      await route.run(services, signedIn, params);
      return;
    }
    const form = await readForm(req);
    if (csrfTokenOwner(secret, signedIn.auth.session.id, form.get(CSRF_FIELD)) !== signedIn.auth.user.id) {
      logger.warn('admin.csrf_refused', { account: signedIn.auth.user.id, path });
      fail(state, 403, CSRF_MESSAGE);
      return;
    }
    await route.run(services, signedIn, params, form);
  }

  return {
    assignOnArrival: arrivalAssignment(options.mail, options.leadSettings.consultants),
    async handle(req, res) {
      const state: RequestState = {
        req,
        res,
        url: new URL(req.url ?? '/', 'http://admin.invalid'),
        now: now(),
        cookies: parseCookies(req.headers.cookie),
        secure: isSecureRequest(req, options.trustProxy),
        auth: undefined,
        expired: false,
      };
      try {
        await dispatch(state);
      } catch (error) {
        if (res.headersSent) {
          logger.error('admin.error', { url: loggableUrl(req.url), error: errorMessage(error) });
          res.destroy();
          return;
        }
        if (error instanceof HttpError) {
          const status: ErrorStatus = isErrorStatus(error.status) ? error.status : 400;
          fail(state, status, error.message, error.closeConnection ? { Connection: 'close' } : {});
          return;
        }
        if (isDatabaseUnavailable(error)) {
          logger.warn('admin.database_unavailable', { url: loggableUrl(req.url), error: errorMessage(error) });
          fail(state, 503, DATABASE_UNAVAILABLE_MESSAGE, { 'Retry-After': '5' });
          return;
        }
        logger.error('admin.error', { url: loggableUrl(req.url), error: errorMessage(error) });
        fail(state, 500);
      }
    },
    async close() {
      closing = true;
      clearInterval(pruner);
      await Promise.all([digest?.stop(), indexing]);
    },
  };
}
