/**
 * Production entry: `node server/index.ts` (run by `npm start` after the build) serves `dist/`, the lead
 * API and the sales inbox from one process on HOST:PORT (default 127.0.0.1:4321) and prints the address.
 * It owns the database: opens it, hands it to the API and the inbox, and closes it after both stopped.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ContentError } from '../core/content/parse.ts';
import { AdminConfigError, loadAdminConfig, type AdminConfig } from './admin/config.ts';
import { ConfigError, loadServerConfig, type ServerConfig } from './config.ts';
import { startApp } from './app.ts';
import { stderrLogger } from './log/logger.ts';
import { emailSettingsFor } from './email/settings.ts';
import { createMetrics } from './monitoring/metrics.ts';
import { startMonitoring } from './monitoring/monitor.ts';
import { sitePages } from './monitoring/site-pages.ts';
import { checkNoticeRetention } from './privacy/notice-retention.ts';
import { openServices } from './services.ts';
import { withLocalSiteUrl } from './local-site-url.ts';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const distDir = resolve(process.env.DIST_DIR || 'dist');

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`PORT inválido: "${process.env.PORT}". Usa un número entre 0 y 65535.`);
if (!existsSync(resolve(distDir, 'index.html'))) {
  fail(`No encuentro el sitio compilado en ${distDir}. Ejecuta "npm run build" primero (o "npm start").`);
}

let apiConfig: ServerConfig;
let adminConfig: AdminConfig;
try {
  // Without SITE_URL, a local run's e-mails link to this server (server/local-site-url.ts).
  const env = withLocalSiteUrl(process.env, host, port);
  apiConfig = loadServerConfig(env);
  // Checked before anything opens: a bad inbox variable stops the start with its name.
  adminConfig = loadAdminConfig(env);
} catch (error) {
  // A wrong variable or content file (content/consultants.yaml, say) stops the start with its name.
  if (error instanceof ConfigError || error instanceof AdminConfigError || error instanceof ContentError)
    fail(error.message);
  throw error;
}

// The published notice must state the retention this server enforces; a mismatch is logged, not fatal.
checkNoticeRetention(distDir, apiConfig.retention, stderrLogger);

const { storage, api, admin, retention, liveTranslations } = await openServices(apiConfig, adminConfig, {
  sitePages: sitePages(distDir),
  distDir,
});
const metrics = createMetrics({ storage, token: apiConfig.monitoring.metricsToken, beacons: api.vitals.counts });
const app = await startApp({ host, port, distDir, api, admin, metrics });
const monitoring = startMonitoring({
  storage,
  config: apiConfig.monitoring,
  mail: emailSettingsFor(apiConfig),
  selfUrl: app.url,
  logger: stderrLogger,
});

let closing = false;
const hurry = new AbortController();
async function shutdown(signal: string): Promise<void> {
  if (closing) {
    // A second signal: no more waiting for the balancer.
    hurry.abort();
    return;
  }
  closing = true;
  // A deploy's SIGTERM: readiness says 503 for SHUTDOWN_DELAY_MS while the rest is served, so the load
  // balancer moves traffic away before the listener closes. Ctrl+C (SIGINT) has no balancer to wait for.
  const delayMs = signal === 'SIGTERM' ? apiConfig.shutdownDelayMs : 0;
  stderrLogger.info('server.shutdown', { signal, delayMs });
  // First: a drain's 503 on readiness is this instance leaving, not the site going down.
  await monitoring.stop();
  // Then in-flight requests finish and the current e-mail send completes, each within SHUTDOWN_TIMEOUT_MS.
  await app.close(apiConfig.shutdownTimeoutMs, delayMs, hurry.signal);
  await retention.stop();
  liveTranslations?.stop();
  await storage.close();
  stderrLogger.info('server.stopped', { signal });
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Announced once a signal would be handled: a supervisor that stops it right away still gets a drain.
process.stdout.write(
  `Angram web listo en ${app.url} (sitio y API en ${app.url}/api/, bandeja de ventas en ${app.url}/admin)\n`,
);
