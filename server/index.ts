/**
 * Production entry: `node server/index.ts` (run by `npm start` after the build) serves `dist/` and the
 * lead API from one process on HOST:PORT (default 127.0.0.1:4321) and prints the address.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startApp } from './app.ts';
import { log } from './log.ts';

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
const distDir = resolve(process.env.DIST_DIR || 'dist');

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`PORT inválido: "${process.env.PORT}". Usa un número entre 0 y 65535.\n`);
  process.exit(1);
}
if (!existsSync(resolve(distDir, 'index.html'))) {
  process.stderr.write(`No encuentro el sitio compilado en ${distDir}. Ejecuta "npm run build" primero (o "npm start").\n`);
  process.exit(1);
}

const app = await startApp({ host, port, distDir });
process.stdout.write(`Angram web listo en ${app.url} (sitio y API en ${app.url}/api/)\n`);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  log.info('shutting down', { signal });
  await app.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
