/**
 * `npm run bench:inbox`: how the sales inbox answers with a realistic amount of work behind it. Seeds
 * BENCH_LEADS leads (default 10,000) over 26 weeks, a third of them already worked (status, assignee,
 * history), on SQLite and, when Debian's PostgreSQL is installed, on a throwaway PostgreSQL cluster; then
 * runs BENCH_REQUESTS sequential requests (default 20) per inbox page on loopback and prints p50/p95 in
 * milliseconds, the sign-in time (scrypt) and the CSV export of every lead. Stops by itself.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAdmin } from '../server/admin/index.ts';
import { createApp } from '../server/app.ts';
import { loadAdminConfig } from '../server/admin/config.ts';
import { runUserCommand } from '../server/admin/user-command/run.ts';
import { loadContentFacts } from '../core/content/load.ts';
import { migrateAll } from '../server/database.ts';
import { TRUST_NO_PROXY } from '../server/api/trusted-proxies.ts';
import { openStorage } from '../server/db/open.ts';
import type { Storage } from '../server/db/storage.ts';
import { findPostgresBin, startPgCluster } from '../server/db/testing/pg-cluster.ts';
import { createInboxMail } from '../server/email/inbox-mail.ts';
import { emailSettings } from '../server/email/settings.ts';
import { silentLogger } from '../server/log/logger.ts';
import { createMeetingService, NO_BUSY_TIMES } from '../server/meetings/service.ts';
import { DEFAULT_MEETING_URL_TEMPLATE } from '../server/meetings/settings.ts';

const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const PASSWORD = 'Clave de la medición 2026';
const WEEK_MS = 7 * 86_400_000;
const STATUSES = ['contactado', 'propuesta', 'ganado', 'perdido'] as const;
const NAMES = [
  'Lucía Hernández',
  'Jorge Treviño',
  'Ana Sofía Gutiérrez',
  'Ricardo Salinas',
  'Patricia Olvera',
  'Fernando Aguilar',
];
const COMPANIES = [
  'Ferremax',
  'Logística del Norte',
  'Café Origen',
  'Clínicas Vida',
  'Grupo Altiplano',
  'Distribuidora Maya',
];

async function seed(storage: Storage, now: number): Promise<void> {
  const batch = 500;
  for (let first = 0; first < LEADS; first += batch) {
    await storage.transaction(async (tx) => {
      for (let i = first; i < Math.min(LEADS, first + batch); i += 1) {
        const name = `${NAMES[i % NAMES.length] ?? ''} ${i}`;
        const company = `${COMPANIES[i % COMPANIES.length] ?? ''} ${i % 97}`;
        const email = `lead${i}@ejemplo.mx`;
        const receivedAt = new Date(now - ((LEADS - i) / LEADS) * 26 * WEEK_MS).toISOString();
        const fields = JSON.stringify({
          name,
          email,
          company,
          message: 'Queremos una app web para controlar el inventario de nuestras sucursales.',
        });
        const row = await tx.get<{ id: number }>(
          `INSERT INTO leads (form_type, service_type, name, email, company, phone, appointment, fields, origin_page, received_at, client_hash)
           VALUES ($1, NULL, $2, $3, $4, NULL, NULL, $5, '/contacto', $6, 'bench') RETURNING id`,
          [(i % 4) + 1, name, email, company, fields, receivedAt],
        );
        const id = row?.id ?? 0;
        if (i % 3 !== 0) continue;
        const status = STATUSES[i % STATUSES.length] ?? 'contactado';
        const contacted = new Date(Date.parse(receivedAt) + ((i % 48) + 1) * 3_600_000).toISOString();
        await tx.run(
          `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, lost_reason, lost_detail, first_contact_at, proposal_at, updated_at, version)
           VALUES ($1, $2, 1, $3, NULL, $4, $5, $6, 1)`,
          [
            id,
            status,
            status === 'perdido' ? 'presupuesto' : null,
            status === 'perdido' ? null : contacted,
            status === 'propuesta' || status === 'ganado' ? contacted : null,
            contacted,
          ],
        );
        await tx.run(
          "INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value, body) VALUES ($1, 1, 'status', $2, 'nuevo', $3, NULL)",
          [id, contacted, status],
        );
      }
    });
  }
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

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
  const seeding = performance.now();
  await seed(storage, Date.now());
  const seedMs = performance.now() - seeding;
  const admin = await createAdmin({
    storage,
    config: loadAdminConfig({}),
    trustProxy: TRUST_NO_PROXY,
    leadSettings: emailSettings(),
    // The bench reads pages only: no personal-data action writes or deletes a file.
    privacy: { outboxDir: join(tmpdir(), 'angram-bench-outbox'), facts: loadContentFacts() },
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
  const server = createApp({ admin });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
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
  const signingIn = performance.now();
  const login = await fetch(`${base}/admin/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookies, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, email: 'bench@angram.mx', password: PASSWORD }).toString(),
  });
  const signInMs = performance.now() - signingIn;
  remember(login);
  if (login.status !== 303) throw new Error(`No se pudo iniciar sesión: ${login.status}`);

  console.log(
    `\n${engine}: ${LEADS} leads sembrados en ${(seedMs / 1000).toFixed(1)} s; inicio de sesión (scrypt) ${signInMs.toFixed(0)} ms`,
  );
  console.log('Página'.padEnd(44), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'KB'.padStart(6));
  const lastPage = Math.ceil(LEADS / 20);
  for (const path of [
    '/admin/contacts',
    `/admin/contacts?page=${lastPage}`,
    '/admin/contacts?status=propuesta',
    '/admin/contacts?q=treviño',
    '/admin/contacts?q=CONT-4242',
    '/admin/contacts?type=3&from=2026-01-01',
    '/admin/contacts/4242',
    '/admin/meetings',
    '/admin/dashboard?weeks=26',
  ]) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i += 1) {
      const start = performance.now();
      const response = await fetch(base + path, { headers: { Cookie: cookies } });
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      path.padEnd(44),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 95).toFixed(1).padStart(8),
      (bytes / 1024).toFixed(0).padStart(6),
    );
  }
  const exporting = performance.now();
  const csv = await fetch(`${base}/admin/contacts/export.csv`, { headers: { Cookie: cookies } });
  const size = (await csv.arrayBuffer()).byteLength;
  console.log(
    `CSV de todos los leads: ${(size / 1024 / 1024).toFixed(1)} MB en ${(performance.now() - exporting).toFixed(0)} ms`,
  );
  server.server.closeAllConnections();
  await server.close();
  await admin.close();
}

const dir = mkdtempSync(join(tmpdir(), 'angram-bench-inbox-'));
try {
  const sqlite = await openStorage({ databasePath: join(dir, 'leads.db') });
  try {
    await measure('SQLite', sqlite);
  } finally {
    await sqlite.close();
  }
  if (findPostgresBin()) {
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
  } else {
    console.log('\nPostgreSQL no está instalado: sólo SQLite.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
