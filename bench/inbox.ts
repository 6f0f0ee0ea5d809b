/**
 * `npm run bench:inbox`: does the sales inbox answer as fast with 100,000 leads as with 1,000? Seeds
 * BENCH_BASE leads (default 1,000) over 52 weeks, a third of them worked (status, assignee, history), a fifth
 * with a deal and a next step around today, measures every inbox page, then seeds up to BENCH_LEADS (default
 * 100,000) in the same database and measures again. On SQLite and, when Debian's PostgreSQL is installed (and
 * BENCH_ENGINES does not leave it out), on a throwaway cluster. Each page gets BENCH_REQUESTS sequential
 * requests (default 20) on loopback, at the larger size while leads arrive and statuses change
 * (./inbox-load.ts); the table prints p50/p95 in milliseconds at both sizes and the KB of the last answer. Search columns are written with the rows, as the API writes them, so no background
 * indexing runs while it measures. Stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { todayInMexicoCity } from '../core/dates.ts';
import type { InboxConfig } from '../server/admin/config-slice.ts';
import { createAdmin, type Admin } from '../server/admin/index.ts';
import { createApp } from '../server/app.ts';
import { loadAdminConfig } from '../server/admin/config.ts';
import { runUserCommand } from '../server/admin/user-command/run.ts';
import { loadContentFacts } from '../core/content/load.ts';
import { migrateAll } from '../server/database.ts';
import { TRUST_NO_PROXY } from '../server/client/trusted-proxies.ts';
import { openStorage } from '../server/db/open.ts';
import type { Storage } from '../server/db/storage.ts';
import { findPostgresBin, startPgCluster } from '../server/db/testing/pg-cluster.ts';
import { printPlans } from './inbox-plans.ts';
import { seed } from './inbox-seed.ts';
import { startLoad } from './inbox-load.ts';
import { createInboxMail } from '../server/inbox-email/inbox-mail.ts';
import { emailSettings } from '../server/email/settings.ts';
import { silentLogger } from '../server/log/logger.ts';
import { createMeetingService, NO_BUSY_TIMES } from '../server/meetings/service.ts';
import { DEFAULT_MEETING_URL_TEMPLATE } from '../server/meetings/settings.ts';

const TOTAL = Number(process.env.BENCH_LEADS ?? 100_000);
const BASE = Math.min(TOTAL, Number(process.env.BENCH_BASE ?? 1_000));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const PASSWORD = 'Clave de la medición 2026';
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const phoneOf = (i: number) => `55${String(10_000_000 + ((i * 7919) % 90_000_000))}`;

/** The inbox's pages, as a salesperson opens them. */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['Lista', '/admin/contacts'],
  ['Lista, última página de 1,000', '/admin/contacts?page=50'],
  ['Buscar nombre (uno de cada seis)', '/admin/contacts?q=trevi%C3%B1o'],
  ['Buscar nombre y número', '/admin/contacts?q=trevi%C3%B1o+421'],
  ['Buscar teléfono', `/admin/contacts?q=${phoneOf(421).slice(2, 10)}`],
  ['Buscar mensaje', '/admin/contacts?q=fletes+laredo'],
  ['Buscar referencia', '/admin/contacts?q=CONT-421'],
  ['Orden por puntuación', '/admin/contacts?orden=puntuacion'],
  ['Orden por actividad', '/admin/contacts?orden=actividad'],
  ['Orden por siguiente paso', '/admin/contacts?orden=seguimiento'],
  // The page the first one's "Siguiente" link opens: after the first page's last key, not by OFFSET.
  ['Siguiente paso, página 2 por llave', 'next:/admin/contacts?orden=seguimiento'],
  ['Hoy', '/admin/contacts?vista=hoy'],
  ['Vencidos', '/admin/contacts?vista=vencidos'],
  ['Tablero', '/admin/board'],
  ['Panel, 52 semanas', '/admin/dashboard?weeks=52'],
  ['Lead', '/admin/contacts/421'],
];

interface Timing {
  p50: number;
  p95: number;
  kb: number;
}

async function signedIn(base: string): Promise<string> {
  let cookies = '';
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const name = pair.split('=', 1)[0] ?? '';
      cookies = [...cookies.split('; ').filter((entry) => entry && !entry.startsWith(`${name}=`)), pair].join('; ');
    }
  };
  const page = await fetch(`${base}/admin/login`);
  remember(page);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookies, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email: 'bench@angram.mx', password: PASSWORD }).toString(),
  });
  remember(login);
  if (login.status !== 303) throw new Error(`No se pudo iniciar sesión: ${String(login.status)}`);
  return cookies;
}

/** Where the "Siguiente" link of the page at `path` leads. */
async function nextLink(base: string, cookies: string, path: string): Promise<string> {
  const text = await (await fetch(base + path, { headers: { Cookie: cookies } })).text();
  const href = /<a class="page-edge" href="([^"]+)" rel="next">/.exec(text)?.[1];
  if (!href) throw new Error(`${path}: sin enlace a la página siguiente`);
  return href.replaceAll('&amp;', '&');
}

async function timePages(base: string, cookies: string): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [, page] of PAGES) {
    const path = page.startsWith('next:') ? await nextLink(base, cookies, page.slice('next:'.length)) : page;
    const times: number[] = [];
    let bytes = 0;
    // One request first, unmeasured: the first query plan and the engine's caches.
    await (await fetch(base + path, { headers: { Cookie: cookies } })).arrayBuffer();
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      const response = await fetch(base + path, { headers: { Cookie: cookies } });
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${path}: ${String(response.status)}`);
    }
    times.sort((a, b) => a - b);
    timings.push({ p50: percentile(times, 50), p95: percentile(times, 95), kb: bytes / 1024 });
  }
  return timings;
}

function startAdmin(storage: Storage): Promise<Admin> {
  const config: InboxConfig = {
    admin: loadAdminConfig({}),
    trustProxy: TRUST_NO_PROXY,
    // The bench reads pages only: no personal-data action writes or deletes a file.
    outboxDir: join(tmpdir(), 'angram-bench-outbox'),
    facts: loadContentFacts(),
    monitoringMinSamples: 50,
  };
  return createAdmin(config, {
    storage,
    leadSettings: emailSettings(),
    meetings: createMeetingService({
      storage,
      settings: emailSettings(),
      urlTemplate: DEFAULT_MEETING_URL_TEMPLATE,
      reminders: [],
      busy: NO_BUSY_TIMES,
      logger: silentLogger,
      now: () => new Date(),
      onQueued: () => undefined,
    }),
    mail: createInboxMail(emailSettings(), loadContentFacts().salesEmails),
    digest: false,
    logger: silentLogger,
  });
}

const count = (value: number) => value.toLocaleString('en-US');
const ms = (value: number) => value.toFixed(1).padStart(7);

async function measure(engine: string, storage: Storage): Promise<void> {
  await migrateAll(storage);
  const io = {
    password: PASSWORD,
    ask: () => Promise.reject(new Error('sin terminal')),
    interactive: false,
    out: () => undefined,
    err: () => undefined,
    now: () => new Date(),
  };
  await runUserCommand({ action: 'create', email: 'bench@angram.mx', role: 'admin', name: 'Medición' }, storage, io);
  const now = Date.now();
  await seed(storage, 0, BASE, now);
  const admin = await startAdmin(storage);
  const server = createApp({ admin });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${String((server.server.address() as AddressInfo).port)}`;
  try {
    const cookies = await signedIn(base);
    let loadNote = '';
    const small = await timePages(base, cookies);
    const seeding = performance.now();
    await seed(storage, BASE, TOTAL, now);
    const seedS = (performance.now() - seeding) / 1000;
    const load = startLoad(storage, TOTAL, TOTAL);
    const large = await timePages(base, cookies).finally(async () => {
      loadNote = await load.stop();
    });
    await printPlans(storage, todayInMexicoCity(new Date(now)));
    console.log(
      `\n${engine}: ${count(BASE)} leads, luego ${count(TOTAL)} (${count(TOTAL - BASE)} sembrados en ${seedS.toFixed(0)} s); a ${count(TOTAL)}, con ${loadNote}`,
    );
    console.log(
      `| Página | Ruta | ${count(BASE)} p50 | ${count(BASE)} p95 | ${count(TOTAL)} p50 | ${count(TOTAL)} p95 | KB |`,
    );
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    PAGES.forEach(([label, page], index) => {
      const path = page.replace(/^next:(.*)$/, '$1 → Siguiente');
      const [a, b] = [small[index], large[index]];
      if (!a || !b) return;
      console.log(
        `| ${label} | \`${path}\` | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(b.p50)} | ${ms(b.p95)} | ${b.kb.toFixed(0)} |`,
      );
    });
  } finally {
    server.server.closeAllConnections();
    await server.close();
    await admin.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'angram-bench-inbox-'));
try {
  if (ENGINES.includes('sqlite')) {
    const sqlite = await openStorage({ databasePath: join(dir, 'leads.db') });
    try {
      await measure('SQLite', sqlite);
    } finally {
      await sqlite.close();
    }
  }
  if (ENGINES.includes('postgres') && findPostgresBin()) {
    const cluster = await startPgCluster();
    try {
      const postgres = await openStorage({ databaseUrl: cluster.url, databasePath: '' });
      try {
        await measure('PostgreSQL', postgres);
      } finally {
        await postgres.close();
      }
    } finally {
      await cluster.stop();
    }
  } else if (ENGINES.includes('postgres')) {
    console.log('\nPostgreSQL no está instalado: sólo SQLite.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
