/**
 * The sales inbox under /admin, served by the product's Node process (never part of the static build).
 * `createAdmin` works on the process's database (its tables migrated with the rest, server/database.ts)
 * and returns a handler for every request whose path is /admin or below. Pages are rendered on the server, escaped by default, with a
 * strict CSP and no client JavaScript; every form carries a CSRF token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ensureSetting } from '../db/settings.ts';
import type { TrustProxy } from '../api/trusted-proxies.ts';
import { isDatabaseUnavailable, type Storage } from '../db/storage.ts';
import type { LeadSettings } from '../lead/view.ts';
import { errorMessage, stderrLogger, type Logger } from '../log/logger.ts';
import { loggableUrl } from '../log/loggable-url.ts';
import { createAuditLog } from '../privacy/audit.ts';
import { createPrivacyService, type PrivacyServiceOptions } from '../privacy/service.ts';
import { CALENDAR_FEED_BASE, createCalendarFeeds } from '../meetings/calendar-feed.ts';
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
import {
  ADMIN_HEADERS,
  FORM_BODY_LIMIT_BYTES,
  formRefusal,
  HttpError,
  keepForm,
  readForm,
  redirect,
  type FormFields,
} from './http.ts';
import { startDigest } from './digest.ts';
import { showMonitoring } from './handlers/monitoring.ts';
import { revertTranslation, saveTranslation, showTranslationKey, showTranslations } from './handlers/translations.ts';
import type { TranslationsService } from '../translations/service.ts';
import { monitoringOverview } from '../monitoring/overview.ts';
import { conversionSince } from '../monitoring/conversion.ts';
import type { InboxMail } from './mail.ts';
import { arrivalAssignment, type ArrivalHook } from './arrival.ts';
import { applyKeptForm, isKeptPath, keepExpiredForm, PENDING_COOKIE } from './pending-forms.ts';
import { createDealStore } from './store/deals.ts';
import { createDigestStore } from './store/digests.ts';
import { createMergeStore } from './store/merges.ts';
import { createOutreachStore } from './store/outreach.ts';
import { createPendingFormStore } from './store/pending-forms.ts';
import { createPipelineQueries } from './store/pipeline.ts';
import { createSearchIndex } from './store/search-index.ts';
import { CROSS_ORIGIN_MESSAGE, isSameOriginPost } from './origin.ts';
import { ADMIN_BASE, ADMIN_PATHS, isAdminPath, PRIVACY_PATHS } from './paths.ts';
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
  /** Every route under /admin (register it on the app, server/app.ts). */
  plugin: FastifyPluginAsync;
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

/** `path` is the route's path, with `{id}` where a row's id (1 to 15 digits, no leading zero) stands. */
type Route =
  | { method: 'GET' | 'POST'; path: string; access: 'guest'; run: GuestHandler }
  | { method: 'GET'; path: string; access: Permission; run: PageHandler }
  | { method: 'POST'; path: string; access: Permission; run: ActionHandler };

const ID = '[1-9][0-9]{0,14}';
/** A catalogue key as its URL carries it: `nav.contact`. */
const TRANSLATION_KEY = '[a-z][a-zA-Z0-9]{0,40}\\.[a-z][a-zA-Z0-9]{0,40}';
/** The route's path for Fastify's router. */
const routerPath = (path: string): string =>
  path.replaceAll('{id}', `:id(^${ID}$)`).replaceAll('{key}', `:key(^${TRANSLATION_KEY}$)`);
/** The route's path as a pattern, for a kept form's replay. */
const pathPattern = (path: string): RegExp =>
  new RegExp(
    `^${path.replace(/[.]/g, '\\.').replaceAll('{id}', `(${ID})`).replaceAll('{key}', `(${TRANSLATION_KEY})`)}$`,
  );

const ROUTES: readonly Route[] = [
  { method: 'GET', path: ADMIN_PATHS.login, access: 'guest', run: getLogin },
  { method: 'POST', path: ADMIN_PATHS.login, access: 'guest', run: postLogin },
  { method: 'GET', path: ADMIN_PATHS.loginCode, access: 'guest', run: getCodePage },
  { method: 'POST', path: ADMIN_PATHS.loginCode, access: 'guest', run: postCode },
  { method: 'GET', path: ADMIN_PATHS.loginLink, access: 'guest', run: useSignInLink },
  { method: 'POST', path: ADMIN_PATHS.loginLink, access: 'guest', run: requestSignInLink },
  {
    method: 'POST',
    path: ADMIN_PATHS.logout,
    access: 'work-leads',
    run: (services, state) => postLogout(services, state, false),
  },
  {
    method: 'POST',
    path: ADMIN_PATHS.logoutEverywhere,
    access: 'work-leads',
    run: (services, state) => postLogout(services, state, true),
  },
  {
    method: 'GET',
    path: ADMIN_PATHS.home,
    access: 'work-leads',
    run: (_services, state) => {
      redirect(state.res, ADMIN_PATHS.contacts);
    },
  },
  { method: 'GET', path: ADMIN_PATHS.contacts, access: 'work-leads', run: showInbox },
  { method: 'GET', path: ADMIN_PATHS.export, access: 'work-leads', run: exportCsv },
  { method: 'GET', path: `${ADMIN_PATHS.contacts}/{id}`, access: 'work-leads', run: showLead },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/status`,
    access: 'work-leads',
    run: changeStatus,
  },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/assignee`,
    access: 'work-leads',
    run: assignLead,
  },
  { method: 'POST', path: `${ADMIN_PATHS.contacts}/{id}/notes`, access: 'work-leads', run: addNote },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/contact`,
    access: 'work-leads',
    run: rectifyContact,
  },
  ...meetingRoutes(),
  { method: 'POST', path: `${ADMIN_PATHS.contacts}/{id}/deal`, access: 'work-leads', run: saveDeal },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/step-done`,
    access: 'work-leads',
    run: completeNextStep,
  },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/email`,
    access: 'work-leads',
    run: sendClientEmail,
  },
  { method: 'GET', path: `${ADMIN_PATHS.contacts}/{id}/merge`, access: 'work-leads', run: showMerge },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.contacts}/{id}/merge`,
    access: 'work-leads',
    run: mergeLead,
  },
  { method: 'GET', path: ADMIN_PATHS.board, access: 'work-leads', run: showBoard },
  { method: 'GET', path: ADMIN_PATHS.meetings, access: 'work-leads', run: showMeetings },
  { method: 'GET', path: ADMIN_PATHS.dashboard, access: 'work-leads', run: showDashboard },
  { method: 'GET', path: ADMIN_PATHS.monitoring, access: 'work-leads', run: showMonitoring },
  {
    method: 'GET',
    path: ADMIN_PATHS.account,
    access: 'work-leads',
    run: (services, state) => showAccount(services, state),
  },
  { method: 'POST', path: `${ADMIN_PATHS.account}/password`, access: 'work-leads', run: changeOwnPassword },
  { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.start, access: 'work-leads', run: startTwoStep },
  { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.confirm, access: 'work-leads', run: confirmTwoStep },
  { method: 'POST', path: ACCOUNT_TWO_STEP_PATHS.disable, access: 'work-leads', run: disableTwoStep },
  {
    method: 'GET',
    path: ADMIN_PATHS.users,
    access: 'manage-users',
    run: (services, state) => showUsers(services, state),
  },
  { method: 'POST', path: ADMIN_PATHS.users, access: 'manage-users', run: createUser },
  { method: 'GET', path: `${ADMIN_PATHS.users}/{id}`, access: 'manage-users', run: showUser },
  { method: 'POST', path: `${ADMIN_PATHS.users}/{id}`, access: 'manage-users', run: updateUser },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.users}/{id}/disable`,
    access: 'manage-users',
    run: (services, state, params) => setUserActive(services, state, params, false),
  },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.users}/{id}/enable`,
    access: 'manage-users',
    run: (services, state, params) => setUserActive(services, state, params, true),
  },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.users}/{id}/password`,
    access: 'manage-users',
    run: resetUserPassword,
  },
  // Personal data (ARCO) and the audit trail: admin only.
  { method: 'GET', path: ADMIN_PATHS.privacy, access: 'manage-users', run: showPrivacy },
  { method: 'POST', path: ADMIN_PATHS.privacy, access: 'manage-users', run: registerRequest },
  { method: 'POST', path: PRIVACY_PATHS.find, access: 'manage-users', run: findPerson },
  { method: 'POST', path: PRIVACY_PATHS.access, access: 'manage-users', run: exportPerson },
  { method: 'POST', path: PRIVACY_PATHS.objection, access: 'manage-users', run: objectPerson },
  { method: 'POST', path: PRIVACY_PATHS.cancel, access: 'manage-users', run: cancelPerson },
  { method: 'GET', path: ADMIN_PATHS.audit, access: 'manage-users', run: showAudit },
  { method: 'GET', path: ADMIN_PATHS.translations, access: 'edit-translations', run: showTranslations },
  { method: 'GET', path: `${ADMIN_PATHS.translations}/{key}`, access: 'edit-translations', run: showTranslationKey },
  { method: 'POST', path: `${ADMIN_PATHS.translations}/{key}`, access: 'edit-translations', run: saveTranslation },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.translations}/{key}/revert`,
    access: 'edit-translations',
    run: revertTranslation,
  },
  {
    method: 'POST',
    path: `${ADMIN_PATHS.users}/{id}/two-step/reset`,
    access: 'manage-users',
    run: resetUserTwoStep,
  },
];

/** A lead's meeting (server/admin/views/lead-meeting.ts) and the calendar subscriptions. */
function meetingRoutes(): Route[] {
  const action = (name: string) => `${ADMIN_PATHS.contacts}/{id}/reunion/${name}`;
  return [
    { method: 'POST', path: action('reprogramar'), access: 'work-leads', run: rescheduleMeeting },
    { method: 'POST', path: action('cancelar'), access: 'work-leads', run: cancelMeeting },
    { method: 'POST', path: action('realizada'), access: 'work-leads', run: markMeeting('held') },
    { method: 'POST', path: action('no-asistio'), access: 'work-leads', run: markMeeting('missed') },
    {
      method: 'POST',
      path: `${ADMIN_PATHS.account}/calendario`,
      access: 'work-leads',
      run: changeCalendarFeed,
    },
  ];
}

const STYLESHEET = inboxStylesheet();
const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
const stylesheetFor = precompressed(STYLESHEET);

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
const OTHER_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
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
      const match = pathPattern(route.path).exec(path);
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

  /** The request as the inbox's handlers see it: Node's request and response, the session still unread. */
  function stateOf(request: FastifyRequest, reply: FastifyReply): RequestState {
    const req = request.raw;
    return {
      req,
      res: reply.raw,
      url: new URL(req.url ?? '/', 'http://admin.invalid'),
      now: now(),
      cookies: parseCookies(req.headers.cookie),
      secure: isSecureRequest(req, options.trustProxy),
      auth: undefined,
      expired: false,
    };
  }

  /** Runs `work`, answering what it throws with the inbox's error page. */
  async function guarded(state: RequestState, work: () => Promise<void> | void): Promise<void> {
    const { req, res } = state;
    try {
      await work();
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
  }

  /**
   * An `onRequest` hook that answers the request itself, before Fastify reads a body: whatever the inbox
   * refuses (wrong origin, no session, no permission, wrong method) is refused unread.
   */
  const answered =
    (work: (state: RequestState, request: FastifyRequest) => Promise<void> | void) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.hijack();
      const state = stateOf(request, reply);
      await guarded(state, () => work(state, request));
    };

  const paramsOf = (request: FastifyRequest): string[] => {
    const { id, key } = request.params as { id?: string; key?: string };
    return [id ?? key].filter((value): value is string => value !== undefined);
  };

  function serveStylesheet(state: RequestState): void {
    const { req, res } = state;
    const encoded = stylesheetFor(req.headers['accept-encoding']);
    res.writeHead(200, {
      ...ADMIN_HEADERS,
      'Content-Type': 'text/css; charset=utf-8',
      'Content-Length': encoded.body.length,
      ...encoded.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : encoded.body);
  }

  /**
   * What is decided before the body: the session, the origin of a POST, the permission; a page (GET) is
   * answered here. Returns false when a POST goes on to have its form read.
   */
  async function beforeBody(state: RequestState, route: Route, params: readonly string[]): Promise<boolean> {
    const path = state.url.pathname;
    await resolveSession(services, state);
    // A form from anywhere but the inbox's own pages is refused before its body or its token is read.
    if (route.method === 'POST' && !isSameOriginPost(state.req, options.trustProxy, options.leadSettings.siteUrl)) {
      logger.warn('admin.cross_origin_refused', { path, origin: state.req.headers.origin?.slice(0, 200) ?? null });
      fail(state, 403, CROSS_ORIGIN_MESSAGE, { Connection: 'close' });
      return true;
    }
    if (route.access === 'guest') {
      if (route.method === 'POST') return false;
      await route.run(services, state);
      return true;
    }
    if (!state.auth) {
      // A form of an expired session may be kept for after the sign-in: its body is read.
      if (route.method === 'POST' && state.expired && isKeptPath(path)) return false;
      toLogin(state);
      return true;
    }
    const signedIn = state as SignedIn;
    if (!can(signedIn.auth.user.role, route.access)) {
      fail(state, 403);
      return true;
    }
    if (route.method === 'POST') return false;
    if (
      state.cookies.has(PENDING_COOKIE) &&
      (await applyKeptForm(services, signedIn, (at, form) => replay(signedIn, at, form)))
    )
      return true;
    await route.run(services, signedIn, params);
    return true;
  }

  /** A POST once its form was read: the guest's, a kept expired one, or a signed-in action with its token. */
  async function withForm(state: RequestState, route: Route, params: readonly string[]): Promise<void> {
    const path = state.url.pathname;
    if (route.access === 'guest') {
      await route.run(services, state);
      return;
    }
    if (!state.auth) {
      if (!(await keepExpiredForm(services, state, path))) toLogin(state);
      return;
    }
    const signedIn = state as SignedIn;
    const form = await readForm(state.req);
    if (csrfTokenOwner(secret, signedIn.auth.session.id, form.get(CSRF_FIELD)) !== signedIn.auth.user.id) {
      logger.warn('admin.csrf_refused', { account: signedIn.auth.user.id, path });
      fail(state, 403, CSRF_MESSAGE);
      return;
    }
    if (route.method === 'POST') await route.run(services, signedIn, params, form);
  }

  function registerRoute(scope: FastifyInstance, route: Route): void {
    scope.route({
      method: route.method,
      url: routerPath(route.path),
      onRequest: async (request, reply) => {
        const state = stateOf(request, reply);
        request.inbox = state;
        // Answered unless a POST goes on to its form (an error page is an answer too).
        const outcome = { answered: true };
        await guarded(state, async () => {
          outcome.answered = await beforeBody(state, route, paramsOf(request));
        });
        if (outcome.answered) reply.hijack();
      },
      handler: async (request, reply) => {
        reply.hijack();
        const state = request.inbox ?? stateOf(request, reply);
        await guarded(state, () => withForm(state, route, paramsOf(request)));
      },
    });
  }

  /** 405 for the methods a path does not take, with the ones it does. */
  function registerOtherMethods(scope: FastifyInstance, path: string, methods: ReadonlySet<string>): void {
    const allow = [...methods].flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : ['POST'])).join(', ');
    scope.route({
      method: OTHER_METHODS.filter((method) => !methods.has(method) && !(method === 'HEAD' && methods.has('GET'))),
      url: routerPath(path),
      exposeHeadRoute: false,
      onRequest: answered(async (state) => {
        await resolveSession(services, state);
        fail(state, 405, undefined, { Allow: allow });
      }),
      handler: () => undefined,
    });
  }

  const plugin: FastifyPluginAsync = (scope) => {
    scope.decorateRequest('inbox', null);
    // Forms only; anything else is refused (415) by Fastify and answered by the error handler below.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (request, body, done) => {
        keepForm(request.raw, body as string);
        done(null, undefined);
      },
    );
    scope.setErrorHandler(async (error, request, reply) => {
      reply.hijack();
      const state = request.inbox ?? stateOf(request, reply);
      await guarded(state, () => {
        throw formRefusal(error as { code?: string }) ?? error;
      });
    });
    const getOnly = new Set(['GET']);
    scope.get(ADMIN_PATHS.stylesheet, { onRequest: answered(serveStylesheet) }, () => undefined);
    registerOtherMethods(scope, ADMIN_PATHS.stylesheet, getOnly);
    // `/admin/calendario/12-<43 characters>.ics`, as server/meetings/calendar-feed.ts reads it.
    const feed = `${CALENDAR_FEED_BASE}/:feed(^[1-9][0-9]{0,14}-[A-Za-z0-9_-]{43}\\.ics$)`;
    scope.get(
      feed,
      { onRequest: answered((state) => serveCalendarFeed(services, state, state.url.pathname)) },
      () => undefined,
    );
    // The feed's other methods: no session is looked up for a secret address.
    scope.route({
      method: OTHER_METHODS.filter((method) => method !== 'GET' && method !== 'HEAD'),
      url: feed,
      onRequest: answered((state) => fail(state, 405, undefined, { Allow: 'GET, HEAD' })),
      handler: () => undefined,
    });
    const methodsByPath = new Map<string, Set<string>>();
    for (const route of ROUTES) {
      registerRoute(scope, route);
      methodsByPath.set(route.path, (methodsByPath.get(route.path) ?? new Set()).add(route.method));
    }
    for (const [path, methods] of methodsByPath) registerOtherMethods(scope, path, methods);
    scope.all(
      `${ADMIN_BASE}/*`,
      {
        exposeHeadRoute: false,
        onRequest: answered(async (state) => {
          await resolveSession(services, state);
          if (state.auth) fail(state, 404);
          else toLogin(state);
        }),
      },
      () => undefined,
    );
    return Promise.resolve();
  };

  return {
    assignOnArrival: arrivalAssignment(options.mail, options.leadSettings.consultants),
    plugin,
    async close() {
      closing = true;
      clearInterval(pruner);
      await Promise.all([digest?.stop(), indexing]);
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The inbox's view of the request, made by its route's first hook. */
    inbox: RequestState | null;
  }
}
