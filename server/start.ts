/**
 * The one start and stop of a server process, for `npm start` (the built site, the API and the inbox:
 * server/index.ts) and `npm run api` (the API and the inbox alone: server/standalone.ts). Start: read
 * and check the configuration, open and migrate the database, start the background jobs, listen. Stop, on
 * SIGTERM or SIGINT: the same in reverse, each step bounded, then exit.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { API_BASE_PATH } from '../core/api/routes.ts';
import { ContentError } from '../core/content/parse.ts';
import { startApp } from './app.ts';
import { emailSettingsFor } from './email/settings.ts';
import { setLogLevel, stderrLogger } from './log/logger.ts';
import { createMetrics } from './monitoring/metrics.ts';
import { startMonitoring } from './monitoring/monitor.ts';
import { sitePages } from './monitoring/site-pages.ts';
import { checkNoticeRetention } from './privacy/notice-retention.ts';
import { isConfigError, loadProcessConfig, type ProcessConfig, type ServerKind } from './process-config.ts';
import { openServices } from './services.ts';

export interface RunningServer {
  url: string;
  /**
   * Stops in the reverse order of the start: the uptime checks (a drain's 503 is this instance leaving,
   * not the site going down), then the app (readiness 503 for `delayMs`, in-flight requests and the
   * current e-mail within SHUTDOWN_TIMEOUT_MS), the jobs, and last the database.
   */
  stop(delayMs: number): Promise<void>;
  /** Cuts the wait for the load balancer short (a second signal). */
  hurry(): void;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The process's configuration, or its exit with the reason: a wrong variable or content file, by name. */
function configOrExit(kind: ServerKind): ProcessConfig {
  try {
    return loadProcessConfig(kind);
  } catch (error) {
    if (isConfigError(error) || error instanceof ContentError) fail(error.message);
    throw error;
  }
}

/** Opens everything `config` names and listens. */
export async function startServer({
  server: config,
  admin: adminConfig,
  listen,
}: ProcessConfig): Promise<RunningServer> {
  const { distDir } = listen;
  // The published notice must state the retention this server enforces; a mismatch is logged, not fatal.
  if (distDir) checkNoticeRetention(distDir, config.retention, stderrLogger);
  const services = await openServices(config, adminConfig, distDir ? { sitePages: sitePages(distDir), distDir } : {});
  const { storage, api, admin } = services;
  // The operator's view and the alerts belong to the API as much as to the site: the API alone
  // (`npm run api`, the site on a CDN) serves /metrics too and checks its own readiness, or UPTIME_URL.
  const metrics = createMetrics({ storage, token: config.monitoring.metricsToken, beacons: api.vitals.counts });
  const app = await startApp({
    host: listen.host,
    port: listen.port,
    api,
    admin,
    metrics,
    ...(distDir ? { distDir } : {}),
  });
  const monitoring = startMonitoring({
    storage,
    config: config.monitoring,
    mail: emailSettingsFor(config),
    selfUrl: app.url,
    servesSite: distDir !== undefined,
    logger: stderrLogger,
  });
  const hurry = new AbortController();
  return {
    url: app.url,
    hurry: () => hurry.abort(),
    async stop(delayMs) {
      await monitoring.stop();
      await app.close(config.shutdownTimeoutMs, delayMs, hurry.signal);
      await services.retention.stop();
      services.liveTranslations?.stop();
      await storage.close();
    },
  };
}

/** SIGTERM (a deploy) waits SHUTDOWN_DELAY_MS for the load balancer; Ctrl+C (SIGINT) has none to wait for. */
function stopOnSignals(running: RunningServer, shutdownDelayMs: number): void {
  let closing = false;
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (closing) {
      // A second signal: no more waiting for the balancer.
      running.hurry();
      return;
    }
    closing = true;
    const delayMs = signal === 'SIGTERM' ? shutdownDelayMs : 0;
    stderrLogger.info('server.shutdown', { signal, delayMs });
    await running.stop(delayMs);
    stderrLogger.info('server.stopped', { signal });
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Runs the process of `kind` until a signal stops it. */
export async function runServer(kind: ServerKind): Promise<void> {
  const config = configOrExit(kind);
  setLogLevel(config.server.logLevel);
  const { distDir } = config.listen;
  if (distDir && !existsSync(resolve(distDir, 'index.html')))
    fail(`No encuentro el sitio compilado en ${distDir}. Ejecuta "npm run build" primero (o "npm start").`);
  const running = await startServer(config);
  stopOnSignals(running, config.server.shutdownDelayMs);
  // Announced once a signal would be handled: a supervisor that stops it right away still gets a drain.
  if (kind === 'site') {
    const { url } = running;
    process.stdout.write(
      `Angram web listo en ${url} (sitio y API en ${url}/api/, bandeja de ventas en ${url}/admin)\n`,
    );
  } else {
    stderrLogger.info('api.listening', { url: `http://localhost:${new URL(running.url).port}${API_BASE_PATH}` });
  }
}
