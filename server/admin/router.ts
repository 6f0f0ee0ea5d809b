/**
 * How a request under /admin reaches its handler, as a Fastify plugin: the session is read, a POST from
 * another origin is refused, the permission checked, and a page answered, all before the body is read;
 * a form's CSRF token is checked once it is. Whatever a handler throws becomes the inbox's error page.
 * The routes themselves are listed by area in server/admin/routes.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { isDatabaseUnavailable } from '../db/storage.ts';
import { isPageRefusal, leadRefusal } from '../errors.ts';
import { errorMessage } from '../log/logger.ts';
import { loggableUrl } from '../log/loggable-url.ts';
import { CALENDAR_FEED_BASE } from '../meetings/calendar-feed.ts';
import { isSecureRequest, resolveSession, toLogin } from './auth.ts';
import { precompressed } from './compression.ts';
import {
  type AdminServices,
  type InboxRoutesConfig,
  pageContext,
  render,
  type RequestState,
  type SignedIn,
} from './context.ts';
import { parseCookies } from './cookies.ts';
import { csrfTokenOwner } from './csrf.ts';
import { showRefusedChange } from './handlers/leads.ts';
import { serveCalendarFeed } from './handlers/meetings.ts';
import { ADMIN_HEADERS, FORM_BODY_LIMIT_BYTES, formRefusal, keepForm, readForm, type FormFields } from './http.ts';
import { CROSS_ORIGIN_MESSAGE, isSameOriginPost } from './origin.ts';
import { ADMIN_BASE, ADMIN_PATHS } from './paths.ts';
import { applyKeptForm, isKeptPath, keepExpiredForm, PENDING_COOKIE } from './pending-forms.ts';
import { can } from './roles.ts';
import { inboxRouteList, pathPattern, routerPath, type Route } from './routes.ts';
import { inboxStylesheet } from './stylesheet.ts';
import { CSRF_FIELD } from './views/components.ts';
import {
  CSRF_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  errorPage,
  isErrorStatus,
  type ErrorStatus,
} from './views/errors.ts';

const STYLESHEET = inboxStylesheet();
/** The stylesheet's version, in its URL on every page (a new build is fetched anew). */
export const STYLESHEET_VERSION = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);
const stylesheetFor = precompressed(STYLESHEET);

const OTHER_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Runs a kept form's action for the signed-in person, as if they had just posted it. */
async function replay(routes: readonly Route[], state: SignedIn, path: string, form: FormFields): Promise<boolean> {
  for (const route of routes) {
    const match = pathPattern(route.path).exec(path);
    if (!match || route.method !== 'POST' || route.access === 'guest') continue;
    if (!can(state.auth.user.role, route.access)) return false;
    await route.run(state, match.slice(1), form);
    return true;
  }
  return false;
}

function fail(
  services: AdminServices,
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
function stateOf(services: AdminServices, request: FastifyRequest, reply: FastifyReply): RequestState {
  const req = request.raw;
  return {
    req,
    res: reply.raw,
    url: new URL(req.url ?? '/', 'http://admin.invalid'),
    now: services.now(),
    cookies: parseCookies(req.headers.cookie),
    secure: isSecureRequest(req, services.trustProxy),
    auth: undefined,
    expired: false,
  };
}

/** Runs `work`, answering what it throws with the inbox's error page (or a refused change on its lead's page). */
async function guarded(services: AdminServices, state: RequestState, work: () => Promise<void> | void): Promise<void> {
  const { req, res } = state;
  const { logger } = services;
  try {
    await work();
  } catch (error) {
    if (res.headersSent) {
      logger.error('admin.error', { url: loggableUrl(req.url), error: errorMessage(error) });
      res.destroy();
      return;
    }
    const refused = leadRefusal(error);
    if (refused && state.auth) {
      await guarded(services, state, () => showRefusedChange(services, state as SignedIn, refused));
      return;
    }
    if (isPageRefusal(error)) {
      const { status, body, headers } = error.answer;
      fail(services, state, isErrorStatus(status) ? status : 400, body.message, headers);
      return;
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn('admin.database_unavailable', { url: loggableUrl(req.url), error: errorMessage(error) });
      fail(services, state, 503, DATABASE_UNAVAILABLE_MESSAGE, { 'Retry-After': '5' });
      return;
    }
    logger.error('admin.error', { url: loggableUrl(req.url), error: errorMessage(error) });
    fail(services, state, 500);
  }
}

/**
 * An `onRequest` hook that answers the request itself, before Fastify reads a body: whatever the inbox
 * refuses (wrong origin, no session, no permission, wrong method) is refused unread.
 */
const answered =
  (services: AdminServices, work: (state: RequestState) => Promise<void> | void) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    const state = stateOf(services, request, reply);
    await guarded(services, state, () => work(state));
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
async function beforeBody(
  services: AdminServices,
  state: RequestState,
  route: Route,
  params: readonly string[],
  routes: readonly Route[],
): Promise<boolean> {
  const path = state.url.pathname;
  await resolveSession(services, state);
  // A form from anywhere but the inbox's own pages is refused before its body or its token is read.
  if (route.method === 'POST' && !isSameOriginPost(state.req, services.trustProxy, services.leadSettings.siteUrl)) {
    services.logger.warn('admin.cross_origin_refused', {
      path,
      origin: state.req.headers.origin?.slice(0, 200) ?? null,
    });
    fail(services, state, 403, CROSS_ORIGIN_MESSAGE, { Connection: 'close' });
    return true;
  }
  if (route.access === 'guest') {
    if (route.method === 'POST') return false;
    await route.run(state);
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
    fail(services, state, 403);
    return true;
  }
  if (route.method === 'POST') return false;
  if (
    state.cookies.has(PENDING_COOKIE) &&
    (await applyKeptForm(services, signedIn, (at, form) => replay(routes, signedIn, at, form)))
  )
    return true;
  await route.run(signedIn, params);
  return true;
}

/** A POST once its form was read: the guest's, a kept expired one, or a signed-in action with its token. */
async function withForm(
  services: AdminServices,
  state: RequestState,
  route: Route,
  params: readonly string[],
): Promise<void> {
  const path = state.url.pathname;
  if (route.access === 'guest') {
    await route.run(state);
    return;
  }
  if (!state.auth) {
    if (!(await keepExpiredForm(services, state, path))) toLogin(state);
    return;
  }
  const signedIn = state as SignedIn;
  const form = await readForm(state.req);
  if (csrfTokenOwner(services.secret, signedIn.auth.session.id, form.get(CSRF_FIELD)) !== signedIn.auth.user.id) {
    services.logger.warn('admin.csrf_refused', { account: signedIn.auth.user.id, path });
    fail(services, state, 403, CSRF_MESSAGE);
    return;
  }
  if (route.method === 'POST') await route.run(signedIn, params, form);
}

function registerRoute(scope: FastifyInstance, services: AdminServices, route: Route, routes: readonly Route[]): void {
  scope.route({
    method: route.method,
    url: routerPath(route.path),
    onRequest: async (request, reply) => {
      const state = stateOf(services, request, reply);
      request.inbox = state;
      // Answered unless a POST goes on to its form (an error page is an answer too).
      const outcome = { answered: true };
      await guarded(services, state, async () => {
        outcome.answered = await beforeBody(services, state, route, paramsOf(request), routes);
      });
      if (outcome.answered) reply.hijack();
    },
    handler: async (request, reply) => {
      reply.hijack();
      const state = request.inbox ?? stateOf(services, request, reply);
      await guarded(services, state, () => withForm(services, state, route, paramsOf(request)));
    },
  });
}

/** 405 for the methods a path does not take, with the ones it does. */
function registerOtherMethods(
  scope: FastifyInstance,
  services: AdminServices,
  path: string,
  methods: ReadonlySet<string>,
): void {
  const allow = [...methods].flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : ['POST'])).join(', ');
  scope.route({
    method: OTHER_METHODS.filter((method) => !methods.has(method) && !(method === 'HEAD' && methods.has('GET'))),
    url: routerPath(path),
    exposeHeadRoute: false,
    onRequest: answered(services, async (state) => {
      await resolveSession(services, state);
      fail(services, state, 405, undefined, { Allow: allow });
    }),
    handler: () => undefined,
  });
}

/** Forms only; anything else is refused (415) by Fastify and answered by the error handler. */
function acceptFormsOnly(scope: FastifyInstance, services: AdminServices): void {
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
    const state = request.inbox ?? stateOf(services, request, reply);
    await guarded(services, state, () => {
      throw formRefusal(error as { code?: string }) ?? error;
    });
  });
}

/** The stylesheet and each account's calendar feed: no form, no permission, answered before any body. */
function registerFiles(scope: FastifyInstance, services: AdminServices): void {
  scope.get(ADMIN_PATHS.stylesheet, { onRequest: answered(services, serveStylesheet) }, () => undefined);
  registerOtherMethods(scope, services, ADMIN_PATHS.stylesheet, new Set(['GET']));
  // `/admin/calendario/12-<43 characters>.ics`, as server/meetings/calendar-feed.ts reads it.
  const feed = `${CALENDAR_FEED_BASE}/:feed(^[1-9][0-9]{0,14}-[A-Za-z0-9_-]{43}\\.ics$)`;
  scope.get(
    feed,
    { onRequest: answered(services, (state) => serveCalendarFeed(services, state, state.url.pathname)) },
    () => undefined,
  );
  // The feed's other methods: no session is looked up for a secret address.
  scope.route({
    method: OTHER_METHODS.filter((method) => method !== 'GET' && method !== 'HEAD'),
    url: feed,
    onRequest: answered(services, (state) => fail(services, state, 405, undefined, { Allow: 'GET, HEAD' })),
    handler: () => undefined,
  });
}

/** Every route under /admin, answered with `built`, configured by the plugin's options. */
export function inboxRoutes(built: AdminServices): FastifyPluginAsync<InboxRoutesConfig> {
  return (scope, { config, trustProxy }) => {
    const services: AdminServices = { ...built, config, trustProxy };
    scope.decorateRequest('inbox', null);
    acceptFormsOnly(scope, services);
    registerFiles(scope, services);
    const methodsByPath = new Map<string, Set<string>>();
    const routes = inboxRouteList(services);
    for (const route of routes) {
      registerRoute(scope, services, route, routes);
      methodsByPath.set(route.path, (methodsByPath.get(route.path) ?? new Set()).add(route.method));
    }
    for (const [path, methods] of methodsByPath) registerOtherMethods(scope, services, path, methods);
    scope.all(
      `${ADMIN_BASE}/*`,
      {
        exposeHeadRoute: false,
        onRequest: answered(services, async (state) => {
          await resolveSession(services, state);
          if (state.auth) fail(services, state, 404);
          else toLogin(state);
        }),
      },
      () => undefined,
    );
    return Promise.resolve();
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The inbox's view of the request, made by its route's first hook. */
    inbox: RequestState | null;
  }
}
