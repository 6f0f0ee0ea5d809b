/**
 * `npm run bench:vitals`: how many Web Vitals beacons one instance takes while the site and the lead API
 * keep serving. Starts the production app (the built `dist/`, the API, the inbox left out) in this process
 * on loopback with a temporary SQLite database, then for BENCH_SECONDS (default 10) at the same time:
 * beacons from BENCH_CONNECTIONS connections (default 20) at 2,000/s (or the most the instance took alone,
 * measured first, if lower), GET / from 2 connections and contactSmall leads from 2. Prints the beacon
 * maximum and rate, GET / p50/p99, leads per second, and checks that the accepted beacons and the
 * acknowledged leads are in the database. Results also go to bench/results/vitals.json.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { VITALS_PATH } from '../core/monitoring/beacon.ts';
import { startApi } from '../server/services.ts';
import { startApp } from '../server/app.ts';
import { loadServerConfig } from '../server/config.ts';
import { openDatabase } from '../server/database.ts';
import { silentLogger } from '../server/log/logger.ts';
import { sitePages } from '../server/monitoring/site-pages.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const distDir = resolve(process.env.DIST_DIR || 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  process.stderr.write('No encuentro dist/: ejecuta "npm run build" primero.\n');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'angram-bench-vitals-'));
const config = loadServerConfig({
  DATABASE_PATH: join(dir, 'leads.db'),
  OUTBOX_DIR: join(dir, 'outbox'),
  NODE_ENV: 'production',
  RATE_LIMIT_MAX: '1000000000',
  VITALS_RATE_LIMIT_PER_MINUTE: '1000000000',
});
const storage = await openDatabase(config);
const api = await startApi(config, storage, { logger: silentLogger, sitePages: sitePages(distDir) });
const app = await startApp({ host: '127.0.0.1', port: 0, distDir, api });

const beacon = JSON.stringify({
  page: '/servicios/aplicaciones-web',
  vitals: { lcp: 1830.4, inp: 96, cls: 0.021, fcp: 912.7, ttfb: 204.1 },
  connection: '4g',
  view: { source: 'google', campaign: 'lanzamiento-2026' },
  rate: 1,
});
const lead = JSON.stringify({
  name: 'Lucía Hernández',
  email: 'lucia@ferremax.mx',
  company: 'Ferremax',
  message: 'Queremos una app web para controlar el inventario de nuestras 12 sucursales en tiempo real.',
});
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

const GOAL_PER_SECOND = 2000;
const count = async (sql: string) => (await storage.get<{ n: number | null }>(sql))?.n ?? 0;

const beaconRun = (options: { duration: number; overallRate?: number }) =>
  autocannon({
    url: `${app.url}${VITALS_PATH}`,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
    body: beacon,
    connections: CONNECTIONS,
    ...options,
  });

try {
  // First the most one instance takes alone; then the goal's rate (or that maximum, if lower) beside the
  // site and the leads, which is what must not slow them down.
  const alone = await beaconRun({ duration: Math.max(3, Math.round(SECONDS / 2)) });
  const maxPerSecond = Math.round(alone.requests.average);
  const rate = Math.min(GOAL_PER_SECOND, maxPerSecond);
  // The first run's last answers, which it stopped waiting for, land before the count starts again.
  await new Promise((done) => setTimeout(done, 500));
  await api.vitals.flush();
  await storage.run('DELETE FROM vitals_histogram');
  await storage.run('DELETE FROM page_views');
  const [beacons, home, leads] = await Promise.all([
    beaconRun({ duration: SECONDS, overallRate: rate }),
    autocannon({ url: `${app.url}/`, connections: 2, duration: SECONDS }),
    autocannon({
      url: `${app.url}/api/webSite/contactSmall`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: lead,
      connections: 2,
      duration: SECONDS,
    }),
  ]);
  await api.vitals.flush();
  const lcpCounted = await count("SELECT sum(count) AS n FROM vitals_histogram WHERE metric = 'lcp'");
  const views = await count('SELECT sum(count) AS n FROM page_views');
  const histogramRows = await count('SELECT count(*) AS n FROM vitals_histogram');
  const storedLeads = await count('SELECT count(*) AS n FROM leads');
  const summary = {
    date: new Date().toISOString(),
    seconds: SECONDS,
    beaconConnections: CONNECTIONS,
    beacons: {
      maxPerSecond,
      perSecond: Math.round(beacons.requests.average),
      accepted: beacons['2xx'],
      refused: beacons.non2xx,
      errors: beacons.errors + beacons.timeouts,
      p99Ms: beacons.latency.p99,
      counted: lcpCounted,
      views,
      histogramRows,
    },
    home: { perSecond: Math.round(home.requests.average), p50Ms: home.latency.p50, p99Ms: home.latency.p99 },
    leads: { perSecond: Math.round(leads.requests.average), acknowledged: leads['2xx'], stored: storedLeads },
  };
  // A run stopped by the clock may leave a few requests stored whose answers it no longer waited for.
  const within = (stored: number, acknowledged: number, connections: number) =>
    stored >= acknowledged && stored <= acknowledged + connections;
  const consistent =
    within(lcpCounted, beacons['2xx'], CONNECTIONS) && lcpCounted === views && within(storedLeads, leads['2xx'], 2);
  process.stdout.write(
    `\nbench:vitals en ${app.url}, ${SECONDS} s a la vez\n` +
      `beacons   máximo solo ${maxPerSecond}/s; junto al sitio ${summary.beacons.perSecond}/s (${CONNECTIONS} conexiones), ${summary.beacons.accepted} aceptados, p99 ${summary.beacons.p99Ms} ms, ${histogramRows} filas de histograma\n` +
      `GET /     ${summary.home.perSecond}/s, p50 ${summary.home.p50Ms} ms, p99 ${summary.home.p99Ms} ms (meta: < 50 ms)\n` +
      `leads     ${summary.leads.perSecond}/s, ${summary.leads.acknowledged} con 2xx, ${storedLeads} guardados\n` +
      `conteo    ${consistent ? 'cada beacon aceptado y cada lead confirmado están en la base' : 'NO COINCIDE'}\n`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/vitals.json', `${JSON.stringify({ ...summary, consistent }, null, 2)}\n`);
  if (!consistent) process.exitCode = 1;
} finally {
  app.server.closeAllConnections();
  await new Promise<void>((done) => app.server.close(() => done()));
  await api.close();
  await storage.close();
  rmSync(dir, { recursive: true, force: true });
}
