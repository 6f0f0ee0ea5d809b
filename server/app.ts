import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../core/api/routes.ts';
import { isAdminPath } from './admin/paths.ts';
import { METRICS_PATH, type Metrics } from './monitoring/metrics.ts';
import { makeDrainable, waitForBalancer } from './drain.ts';
import { securityHeadersFor } from './security-headers.ts';
import { createStaticHandler } from './static/static-handler.ts';
import { errorMessage, stderrLogger } from './log/logger.ts';
import { loggableUrl } from './log/loggable-url.ts';

/** What the app needs from the lead API (see server/api/index.ts). */
export interface ApiHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** From now on readiness says no (the load balancer stops sending traffic). */
  drain?(): void;
  close(): Promise<void>;
  /** Its route paths: the only API paths /metrics names, so a scan of made-up paths adds no series. */
  routes?: ReadonlySet<string>;
}

/** What the app needs from the sales inbox (see server/admin/index.ts). */
export interface AdminHandler {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The built site (`dist/`). */
  distDir: string;
  /** Mounted under `/api/`; without it `/api/` answers 503. */
  api?: ApiHandler;
  /** Mounted under `/admin`; without it `/admin` is an unknown page of the site (404). */
  admin?: AdminHandler;
  /** `GET /metrics` and the request durations it reports (server/monitoring/metrics.ts). */
  metrics?: Metrics;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** A bounded route name for the metrics: a known API route, `api`, `admin`, `metrics` or `site`. */
function routeName(path: string, api: ApiHandler | undefined): string {
  if (path.startsWith(API_BASE_PATH)) {
    const trimmed = path.replace(/\/+$/, '');
    return api?.routes?.has(trimmed) ? trimmed : 'api';
  }
  if (isAdminPath(path)) return 'admin';
  return path === METRICS_PATH ? 'metrics' : 'site';
}

/** One process for the product: the lead API under /api/ and the static site everywhere else. */
function createHandler({ distDir, api, admin, metrics }: AppOptions) {
  const serveStatic = createStaticHandler(distDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?', 1)[0] ?? '/';
    for (const [name, value] of Object.entries(securityHeadersFor(path))) res.setHeader(name, value);
    try {
      if (metrics) {
        const started = performance.now();
        const method = METHODS.has(req.method ?? '') ? (req.method ?? 'GET') : 'other';
        res.once('finish', () =>
          metrics.observe(routeName(path, api), method, res.statusCode, (performance.now() - started) / 1000),
        );
        if (path === METRICS_PATH) {
          await metrics.handle(req, res);
          return;
        }
      }
      if (path === API_BASE_PATH.slice(0, -1) || path.startsWith(API_BASE_PATH)) {
        if (api) {
          await api.handle(req, res);
          return;
        }
        res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ success: false, message: 'El servicio de formularios no está disponible.' }));
        return;
      }
      if (admin && isAdminPath(path)) {
        await admin.handle(req, res);
        return;
      }
      await serveStatic(req, res);
    } catch (error) {
      stderrLogger.error('request.failed', { url: loggableUrl(req.url), error: errorMessage(error) });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Error interno del servidor');
    }
  };
}

/**
 * The product on Fastify. What is not a Fastify route yet is handed, request and response as Node gave
 * them, to the node:http handlers above: the hand-over happens in `onRequest`, before Fastify reads a
 * body, so each handler still reads (and bounds) its own.
 */
export function createApp(options: AppOptions): FastifyInstance {
  const legacy = createHandler(options);
  const handOver = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    void legacy(request.raw, reply.raw);
  };
  const app = Fastify({
    // Slow or stalled clients are cut off instead of holding a connection open.
    serverFactory: (handler) => createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, handler),
    // The drain (server/drain.ts) decides what a closing server answers, not Fastify's 503.
    return503OnClosing: false,
    // A target the router cannot decode (`/%`, `//%/`) is still the site's to answer (404 or 400).
    frameworkErrors: (_error, request, reply) => handOver(request, reply),
  });
  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
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
