/**
 * `npm run bench:api`: load test of the lead API on loopback. Starts the API in this process on a free
 * port with a temporary database (rate limit lifted, e-mails written as .eml), runs `contactSmall` and
 * `scheduleAvailable` for about BENCH_SECONDS each (default 10) with autocannon, prints requests per
 * second and p50/p99 latency per route, then checks that stored leads equal acknowledged (2xx) requests.
 * Results also go to bench/results/api.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { addDays, todayInMexicoCity } from '../core/dates.ts';
import { startApi } from '../server/services.ts';
import { createApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { availableSlots } from '../server/availability/schedule.ts';
import { silentLogger } from '../server/log/logger.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dir = mkdtempSync(join(tmpdir(), 'angram-bench-'));
const config = loadServerConfig({
  DATABASE_PATH: join(dir, 'leads.db'),
  OUTBOX_DIR: join(dir, 'outbox'),
  NODE_ENV: 'production',
  RATE_LIMIT_MAX: '1000000000',
  SCHEDULE_RATE_LIMIT_MAX: '1000000000',
});
const storage = await openDatabase(config);
const api = await startApi(config, storage, { logger: silentLogger });
const app = createApp({ api });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const smallBody = JSON.stringify({
  name: 'Lucía Hernández',
  email: 'lucia@ferremax.mx',
  company: 'Ferremax',
  message: 'Queremos una app web para controlar el inventario de nuestras 12 sucursales en tiempo real.',
});

/** A date with open slots, so scheduleAvailable does its full work. */
function openDate(): string {
  const now = new Date();
  for (let offset = 1; offset < 30; offset += 1) {
    const date = addDays(todayInMexicoCity(now), offset);
    if (availableSlots(date, now).length > 0) return date;
  }
  throw new Error('Sin fechas disponibles');
}

interface RouteRun {
  route: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  other: number;
  errors: number;
}

async function run(route: string, body: string, options: { amount?: number; duration?: number }): Promise<RouteRun> {
  const result = await autocannon({
    url: `${base}/api/webSite/${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? SECONDS }),
  });
  return {
    route,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const storedLeads = () => {
  const db = new DatabaseSync(config.databasePath, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM leads').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

try {
  // contactSmall runs a fixed number of requests (sized from a short calibration) so that every request
  // sent is answered before counting: a duration-based stop could cut answers of stored leads.
  const calibration = await run('contactSmall', smallBody, { amount: 2000 });
  const amount = Math.max(1000, Math.round((calibration.requestsPerSecond || 100) * SECONDS));
  const small = await run('contactSmall', smallBody, { amount });
  const schedule = await run('scheduleAvailable', JSON.stringify({ date: openDate() }), { duration: SECONDS });

  const acknowledged = calibration.ok + small.ok;
  const stored = storedLeads();
  const rows = [small, schedule];
  process.stdout.write(`\nAPI en ${base}, ${CONNECTIONS} conexiones, ~${SECONDS} s por ruta\n\n`);
  process.stdout.write('ruta                 peticiones  req/s   p50 ms  p99 ms  2xx     no-2xx  errores\n');
  for (const row of rows) {
    process.stdout.write(
      `${row.route.padEnd(20)} ${String(row.requests).padStart(10)}  ${String(row.requestsPerSecond).padStart(5)}  ${String(row.p50Ms).padStart(6)}  ${String(row.p99Ms).padStart(6)}  ${String(row.ok).padStart(6)}  ${String(row.other).padStart(6)}  ${String(row.errors).padStart(7)}\n`,
    );
  }
  const consistent = stored === acknowledged;
  process.stdout.write(
    `\nLeads guardados: ${stored}; respuestas 2xx de contactSmall (incluida la calibración de ${calibration.ok}): ${acknowledged} → ${consistent ? 'coinciden' : 'NO COINCIDEN'}\n`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/api.json',
    `${JSON.stringify({ date: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, routes: rows, stored, acknowledged, consistent }, null, 2)}\n`,
  );
  if (!consistent) process.exitCode = 1;
} finally {
  app.server.closeAllConnections();
  await app.close();
  await api.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}
