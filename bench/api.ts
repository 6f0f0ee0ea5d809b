/**
 * `npm run bench:api`: load test of the lead API on loopback. Starts the API in this process on a free
 * port with a temporary database (rate limit lifted, e-mails written as .eml), runs `contactSmall` and
 * `scheduleAvailable` for about BENCH_SECONDS each (default 10) with autocannon, prints requests per
 * second and p50/p99 latency per route, then checks that stored leads equal acknowledged (2xx) requests.
 * `BENCH_SERVER=<another checkout>/server/standalone.ts` runs the same load against that version instead,
 * started as a child process with the same settings (run it with `server/standalone.ts` too, back to back,
 * to compare two versions started the same way).
 * Results also go to bench/results/api.json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
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
const ENV = {
  DATABASE_PATH: join(dir, 'leads.db'),
  OUTBOX_DIR: join(dir, 'outbox'),
  NODE_ENV: 'production',
  RATE_LIMIT_MAX: '1000000000',
  SCHEDULE_RATE_LIMIT_MAX: '1000000000',
};

const config = loadServerConfig(ENV);

/** The API of this checkout, in this process. */
async function inProcess(): Promise<{ base: string; stop(): Promise<void> }> {
  const storage = await openDatabase(config);
  const api = await startApi(config, storage, { logger: silentLogger });
  const app = createApp({ api });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async stop() {
      app.server.closeAllConnections();
      await app.close();
      await api.close();
      await storage.close();
    },
  };
}

/** A free loopback port, for a child that must be told its port. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `server` (a checkout's server/standalone.ts) as a child process, once its health check answers. */
async function child(server: string): Promise<{ base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const process_ = spawn(process.execPath, [resolve(server)], {
    cwd: resolve(dirname(resolve(server)), '..'),
    env: { PATH: process.env.PATH, ...ENV, API_PORT: String(port), LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (process_.exitCode !== null) throw new Error(`${server} terminó con código ${process_.exitCode}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (tries > 300) throw new Error(`${server} no contestó en 60 s`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((done) => process_.once('exit', done));
      process_.kill('SIGINT');
      await exited;
    },
  };
}

const SERVER = process.env.BENCH_SERVER;
const target = SERVER ? await child(SERVER) : await inProcess();
const { base } = target;

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
  process.stdout.write(
    `\nAPI ${SERVER ?? 'de este checkout'} en ${base}, ${CONNECTIONS} conexiones, ~${SECONDS} s por ruta\n\n`,
  );
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
  await target.stop();
  rmSync(dir, { recursive: true, force: true });
}
