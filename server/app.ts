import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type HTTPMethods,
} from 'fastify';
import { apiRouteUrl, unroutedAnswer, type ApiRoutesConfig } from './api/index.ts';
import { inboxRouteUrl } from './admin/index.ts';
import type { InboxRoutesConfig } from './admin/context.ts';
import { sendJson } from './api/http.ts';
import { refusal } from './errors.ts';
import { API_BASE_PATH } from '../core/api/routes.ts';
import { isAdminPath } from './admin/paths.ts';
import { METRICS_PATH, type Metrics } from './monitoring/metrics.ts';
import { makeDrainable, waitForBalancer } from './drain.ts';
import { securityHeadersFor } from './security-headers.ts';
import { createStaticHandler } from './static/static-handler.ts';
import { rateLimitedPage } from './static/rate-limited-page.ts';
import { errorMessage, stderrLogger } from './log/logger.ts';
import { loggableUrl } from './log/loggable-url.ts';

/** What the app needs from the lead API (see server/api/index.ts). */
export interface ApiHandler {
  /** Every route under `/api/`, registered on the app with `options`, its slice of the configuration. */
  plugin: FastifyPluginAsync<ApiRoutesConfig>;
  options: ApiRoutesConfig;
  /** From now on readiness says no (the load balancer stops sending traffic). */
  drain?(): void;
  close(): Promise<void>;
  /** Its route paths: the only API paths /metrics names, so a scan of made-up paths adds no series. */
  routes?: ReadonlySet<string>;
}

/** What the app needs from the sales inbox (see server/admin/index.ts). */
export interface AdminHandler {
  /** Every route under /admin, registered on the app with `options`, its slice of the configuration. */
  plugin: FastifyPluginAsync<InboxRoutesConfig>;
  options: InboxRoutesConfig;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The built site (`dist/`); without it every other path is the API's JSON 404 (`npm run api`). */
  distDir?: string;
  /** Mounted under `/api/`; without it `/api/` answers 503. */
  api?: ApiHandler;
  /** Mounted under `/admin`; without it `/admin` is an unknown page of the site (404). */
  admin?: AdminHandler;
  /** `GET /metrics` and the request durations it reports (server/monitoring/metrics.ts). */
  metrics?: Metrics;
  /** Longest request head a client may send (Node's default, 16 KB, unless a test needs longer). */
  maxHeaderSize?: number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);
const ALL_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const isApiPath = (path: string): boolean => path === API_BASE_PATH.slice(0, -1) || path.startsWith(API_BASE_PATH);
const pathOf = (url: string | undefined): string => (url ?? '/').split('?', 1)[0] ?? '/';

/** The URL Fastify routes: API and inbox paths as their plugins read them, the rest as sent. */
function routeUrl(url: string, withInbox: boolean): string {
  const path = pathOf(url);
  if (isApiPath(path)) return apiRouteUrl(url);
  return withInbox && isAdminPath(path) ? inboxRouteUrl(url) : url;
}

/** A bounded route name for the metrics: a known API route, `api`, `admin`, `metrics` or `site`. */
function routeName(path: string, api: ApiHandler | undefined): string {
  if (path.startsWith(API_BASE_PATH)) {
    const trimmed = path.replace(/\/+$/, '');
    return api?.routes?.has(trimmed) ? trimmed : 'api';
  }
  if (isAdminPath(path)) return 'admin';
  return path === METRICS_PATH ? 'metrics' : 'site';
}

/**
 * What is not a Fastify route, the request and response as Node gave them: /metrics and the static site
 * (server/static/ serves the build's brotli and gzip copies with their ETag and cache headers, which
 * @fastify/static would send with other validators).
 */
function createHandler({ distDir, metrics }: AppOptions) {
  const serveStatic = distDir === undefined ? undefined : createStaticHandler(distDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = pathOf(req.url);
    try {
      if (metrics && path === METRICS_PATH) {
        await metrics.handle(req, res);
        return;
      }
      if (serveStatic) await serveStatic(req, res);
      else {
        res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ success: false, message: 'La ruta solicitada no existe.' }));
      }
    } catch (error) {
      stderrLogger.error('request.failed', { url: loggableUrl(req.url), error: errorMessage(error) });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Error interno del servidor');
    }
  };
}

/**
 * The product on Fastify: the API as a plugin under /api/; the rest is handed, request and response as
 * Node gave them, to the node:http handlers above. The hand-over happens in `onRequest`, before Fastify
 * reads a body, so each of those handlers still reads (and bounds) its own.
 */
export function createApp(options: AppOptions): FastifyInstance {
  const { api, metrics } = options;
  const legacy = createHandler(options);
  const handOver = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    void legacy(request.raw, reply.raw);
  };
  const app = Fastify({
    // Slow or stalled clients are cut off instead of holding a connection open.
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: 30_000,
          headersTimeout: 10_000,
          ...(options.maxHeaderSize ? { maxHeaderSize: options.maxHeaderSize } : {}),
        },
        handler,
      ),
    // The drain (server/drain.ts) decides what a closing server answers, not Fastify's 503.
    return503OnClosing: false,
    // An API path is routed as the URL rules read it, trailing slashes trimmed; the rest as sent.
    rewriteUrl: (req) => routeUrl(req.url ?? '/', options.admin !== undefined),
    // A target the router cannot decode (`/%`, `//%/`) is still answered as before: 404 or 400.
    frameworkErrors: (_error, request, reply) => {
      if (!isApiPath(pathOf(request.url))) {
        // Only a target outside the API and the inbox reaches here (their paths are made routable).
        handOver(request, reply);
        return;
      }
      for (const [name, value] of Object.entries(securityHeadersFor(pathOf(request.url)))) reply.header(name, value);
      void sendJson(reply, unroutedAnswer(request.url));
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.originalUrl);
    // Set on the raw response, so answers written by the handed-over handlers carry them too.
    for (const [name, value] of Object.entries(securityHeadersFor(path))) reply.raw.setHeader(name, value);
    if (metrics) {
      const started = performance.now();
      const method = METHODS.has(request.method) ? request.method : 'other';
      reply.raw.once('finish', () =>
        metrics.observe(routeName(path, api), method, reply.raw.statusCode, (performance.now() - started) / 1000),
      );
    }
    done();
  });
  // A browser that navigates to a throttled API route gets the built /429 page; API clients, their JSON.
  if (api && options.distDir !== undefined) app.addHook('onSend', rateLimitedPage(options.distDir));
  if (api) void app.register(api.plugin, api.options);
  else {
    for (const url of [API_BASE_PATH.slice(0, -1), `${API_BASE_PATH}*`])
      app.all(url, { exposeHeadRoute: false }, (_request, reply) => sendJson(reply, refusal('formsUnavailable')));
  }
  if (options.admin) void app.register(options.admin.plugin, options.admin.options);
  app.route({
    method: ALL_METHODS,
    url: '*',
    exposeHeadRoute: false,
    onRequest: (request, reply, done) => {
      handOver(request, reply);
      done();
    },
    handler: () => undefined,
  });
  return app;
}

export interface RunningApp {
  server: Server;
  url: string;
  /**
   * Stops for a deploy: readiness answers 503 at once, and for `delayMs` everything else is still
   * served (the load balancer sees the 503 and sends new traffic elsewhere; `hurry` cuts the wait
   * short); then no new connections, the requests in flight finish (at most `timeoutMs`, default
   * 10 s), then the API stops (its current e-mail send included).
   */
  close(timeoutMs?: number, delayMs?: number, hurry?: AbortSignal): Promise<void>;
}

/** Starts the app; port 0 picks a free port (tests). */
export async function startApp(options: AppOptions & { host: string; port: number }): Promise<RunningApp> {
  const app = createApp(options);
  await app.ready();
  const server = app.server;
  const drainable = makeDrainable(server);
  await app.listen({ port: options.port, host: options.host });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    server,
    url: `http://${host}:${port}`,
    async close(timeoutMs = 10_000, delayMs = 0, hurry) {
      options.api?.drain?.();
      await waitForBalancer(delayMs, hurry);
      const cut = await drainable.drain(timeoutMs);
      if (cut > 0) stderrLogger.warn('server.drain_timeout', { cut });
      await app.close();
      await options.admin?.close();
      await options.api?.close();
    },
  };
}
