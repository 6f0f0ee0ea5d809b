/**
 * The API alone on `API_PORT` (default 8081), for `npm run dev` beside `astro dev` and for `npm run api`.
 * `npm start` serves the API from the site's own process instead (server/index.ts).
 */
import { createServer } from 'node:http';
import { makeDrainable, waitForBalancer } from '../drain.ts';
import { stderrLogger } from '../log/logger.ts';
import { API_BASE_PATH } from '../../core/api/routes.ts';
import { loadAdminConfig } from '../admin/config.ts';
import { isAdminPath } from '../admin/paths.ts';
import { openServices } from '../services.ts';
import { loadServerConfig } from '../config.ts';
import { failure, writeJson } from './http.ts';
import { MESSAGES } from './messages.ts';

const config = loadServerConfig(process.env);
// The sales inbox rides along, so `npm run dev` has it at http://localhost:8081/admin.
const { storage, api, admin, retention } = await openServices(config, loadAdminConfig(process.env));

// Slow or stalled clients are cut off instead of holding a connection open.
const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
  const pathname = (req.url ?? '/').split('?', 1)[0] ?? '/';
  if (pathname.startsWith(API_BASE_PATH)) {
    void api.handle(req, res);
    return;
  }
  if (isAdminPath(pathname)) {
    void admin.handle(req, res);
    return;
  }
  void writeJson(res, failure(404, MESSAGES.notFound));
});
const drainable = makeDrainable(server);

server.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  stderrLogger.info('api.listening', { url: `http://localhost:${port}${API_BASE_PATH}` });
});

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
  api.drain();
  await waitForBalancer(delayMs, hurry.signal);
  await drainable.drain(config.shutdownTimeoutMs);
  await admin.close();
  await api.close();
  await retention.stop();
  await storage.close();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
