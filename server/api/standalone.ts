/**
 * The API alone on `API_PORT` (default 8081), for `npm run dev` beside `astro dev` and for `npm run api`.
 * `npm start` serves the API from the site's own process instead (server/index.ts).
 */
import { stderrLogger } from '../log/logger.ts';
import { API_BASE_PATH } from '../../core/api/routes.ts';
import { loadAdminConfig } from '../admin/config.ts';
import { openServices } from '../services.ts';
import { loadServerConfig } from '../config.ts';
import { startApp } from '../app.ts';

const config = loadServerConfig(process.env);
// The sales inbox rides along, so `npm run dev` has it at http://localhost:8081/admin.
const { storage, api, admin, retention } = await openServices(config, loadAdminConfig(process.env));

// No site here: any path outside the API and the inbox is the API's JSON 404.
const app = await startApp({ host: '::', port: config.port, api, admin });
const port = new URL(app.url).port;
stderrLogger.info('api.listening', { url: `http://localhost:${port}${API_BASE_PATH}` });

let stopping = false;
const hurry = new AbortController();
async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    hurry.abort();
    return;
  }
  stopping = true;
  // As server/index.ts: readiness 503 at once, everything served for SHUTDOWN_DELAY_MS on SIGTERM, then the drain.
  const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
  stderrLogger.info('api.shutdown', { signal, delayMs });
  await app.close(config.shutdownTimeoutMs, delayMs, hurry.signal);
  await retention.stop();
  await storage.close();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
