/**
 * `npm run bench:cluster`: the production layout on loopback. Two `server/index.ts` instances share one
 * PostgreSQL (a throwaway, durable cluster) and one real SMTP server; a burst of form submissions goes
 * to both, like a load balancer would send it, and one instance is killed with SIGKILL half-way (the
 * balancer then sends everything to the other). Meanwhile GET / is timed on the surviving instance.
 * Prints sent, acknowledged, stored, lost, e-mails sent twice, bookings won per slot, submissions/s and
 * the GET / latency, and writes bench/results/cluster.json. Exits 1 if anything was lost or doubled.
 *
 *   npm run build && npm run bench:cluster
 *   BENCH_SUBMISSIONS=3000 BENCH_RATE=500 npm run bench:cluster
 *   npm run bench:cluster -- --sqlite     # one instance on the SQLite file, nothing killed (for comparison)
 *   BENCH_SERVER=/other/checkout/server/index.ts npm run bench:cluster -- --sqlite   # another version, same load
 *
 * Every connection is to 127.0.0.1; the run is bounded by BENCH_SUBMISSIONS and a two-minute wait for mail.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, todayInMexicoCity } from '../core/dates.ts';
import { availableSlots } from '../server/availability/schedule.ts';
import { openStorage } from '../server/db/open.ts';
import { startPgCluster, type PgCluster } from '../server/db/testing/pg-cluster.ts';
import { startSmtpPeer } from '../server/email/testing/smtp-peer.ts';
import { percentile, requestWith, round, visitor } from './lib/load.ts';

const { values: flags } = parseArgs({ options: { sqlite: { type: 'boolean' } } });
const SQLITE = Boolean(flags.sqlite);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 3000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
/** Requests in flight at most; past it the sender waits (the rate then drops, and the bench says so). */
const MAX_IN_FLIGHT = 256;
/** One submission in this many books a meeting, on a small set of slots so that they collide. */
const BOOK_EVERY = 5;
const SLOTS = 30;
const MAIL_WAIT_MS = 120_000;

if (!existsSync('dist/index.html')) {
  process.stderr.write('Falta dist/: ejecuta "npm run build" antes de "npm run bench:cluster".\n');
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'angram-cluster-'));
const children: ChildProcess[] = [];
let cluster: PgCluster | undefined;
const peer = await startSmtpPeer();

function cleanUp(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
process.on('exit', cleanUp);

let databaseEnv: Record<string, string>;
if (SQLITE) {
  databaseEnv = { DATABASE_PATH: join(dir, 'leads.db') };
} else {
  cluster = await startPgCluster({ durable: true });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE angram_bench');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/angram_bench';
  databaseEnv = { DATABASE_URL: url.toString() };
}

async function startInstance(name: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [process.env.BENCH_SERVER ?? 'server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      // Lets a profiling run pass --cpu-prof and the like to the instances.
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DIST_DIR: join(process.cwd(), 'dist'),
      SMTP_URL: peer.url,
      OUTBOX_DIR: join(dir, `${name}-outbox`),
      // As behind a load balancer: each visitor's address comes in X-Forwarded-For. Every submission
      // of the bench has an address of its own, so the per-address limits are left as they ship.
      TRUST_PROXY: '1',
      // A short lease: what the killed instance had claimed is taken over within seconds.
      OUTBOX_LEASE_MS: '10000',
      ...databaseEnv,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${name} terminó (código ${code}): ${output}`)));
  });
  return { child, url };
}

// Started one after the other: the first applies the migrations.
const first = await startInstance('a');
const instances = SQLITE ? [first] : [first, await startInstance('b')];
const survivor = instances[instances.length - 1]!;

function openSlots(): string[] {
  const now = new Date();
  const slots: string[] = [];
  for (let offset = 1; offset <= 60 && slots.length < SLOTS; offset += 1) {
    const date = addDays(todayInMexicoCity(now), offset);
    for (const time of availableSlots(date, now)) if (slots.length < SLOTS) slots.push(`${date}T${time}`);
  }
  return slots;
}
const slots = openSlots();

const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });

const send = (url: string, method: string, body?: string, client?: string) =>
  requestWith(agent, url, method, body, client);

// --- GET / before and while the API is under load ----------------------------------------------------
async function timeHome(): Promise<number | undefined> {
  const started = performance.now();
  try {
    const answer = await send(`${survivor.url}/`, 'GET');
    return answer.status === 200 ? performance.now() - started : undefined;
  } catch {
    return undefined;
  }
}
// The same probe with no load first: on a shared machine the idle numbers are the baseline.
const idleLatencies: number[] = [];
for (let index = 0; index < 200; index += 1) {
  const latency = await timeHome();
  if (latency !== undefined) idleLatencies.push(latency);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
const homeLatencies: number[] = [];
let loadRunning = true;
const homeProbe = (async () => {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the load's end flips it while this loop awaits
  while (loadRunning) {
    const latency = await timeHome();
    if (latency !== undefined) homeLatencies.push(latency);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();

// --- the burst ---------------------------------------------------------------------------------------
let sent = 0;
let inFlight = 0;
let killedAt: number | undefined;
/** When the instance was killed (`Date.now()`). */
let killedAtMs = 0;
/**
 * Bytes the killed process wrote just before it died still reach the SMTP server, which finishes
 * reading them a moment later: a copy that arrives this soon after the kill counts as the dead
 * instance's. Its lease keeps the survivor off that message far longer than this.
 */
const KILL_GRACE_MS = 1000;
const acknowledgedIds: number[] = [];
const bookingWins = new Map<string, number>();
const outcomes = { acknowledged: 0, conflict: 0, otherStatus: 0, connectionErrors: 0 };
const settled: Array<Promise<void>> = [];
const started = performance.now();

for (let index = 0; index < SUBMISSIONS; index += 1) {
  // Paced at RATE per second.
  const due = started + (index * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  while (inFlight >= MAX_IN_FLIGHT) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!SQLITE && killedAt === undefined && index >= SUBMISSIONS / 2) {
    killedAt = sent;
    killedAtMs = Date.now();
    instances[0]!.child.kill('SIGKILL');
  }
  // The balancer sends to both until one dies, then only to the survivor.
  const target = killedAt === undefined ? instances[index % instances.length]! : survivor;
  const slot = index % BOOK_EVERY === 0 ? slots[(index / BOOK_EVERY) % slots.length] : undefined;
  const body = JSON.stringify({
    name: 'Lucía Hernández',
    email: `carga${index}@ferremax.mx`,
    company: 'Ferremax',
    message: 'Queremos una app web para controlar el inventario de nuestras 12 sucursales en tiempo real.',
    ...(slot ? { appointmentDate: slot } : {}),
  });
  sent += 1;
  inFlight += 1;
  settled.push(
    send(`${target.url}/api/webSite/contactSmall`, 'POST', body, visitor(index))
      .then((answer) => {
        if (answer.status === 201) {
          outcomes.acknowledged += 1;
          acknowledgedIds.push((JSON.parse(answer.body) as { id: number }).id);
          if (slot) bookingWins.set(slot, (bookingWins.get(slot) ?? 0) + 1);
        } else if (answer.status === 409) outcomes.conflict += 1;
        else outcomes.otherStatus += 1;
      })
      .catch(() => {
        outcomes.connectionErrors += 1;
      })
      .finally(() => {
        inFlight -= 1;
      }),
  );
}
await Promise.all(settled);
const elapsedSeconds = (performance.now() - started) / 1000;
loadRunning = false;
await homeProbe;

// --- what was stored and sent ------------------------------------------------------------------------
const storage = await openStorage({
  databaseUrl: databaseEnv.DATABASE_URL,
  databasePath: databaseEnv.DATABASE_PATH ?? '',
});
const storedIds = new Set((await storage.all<{ id: number }>('SELECT id FROM leads')).map((row) => row.id));
const lost = acknowledgedIds.filter((id) => !storedIds.has(id)).length;
const perSlot = await storage.all<{ slot: string; n: number }>(
  'SELECT slot, count(*) AS n FROM bookings GROUP BY slot',
);
const outboxTotal = (await storage.get<{ n: number }>('SELECT count(*) AS n FROM outbox'))?.n ?? 0;
const mailDeadline = Date.now() + MAIL_WAIT_MS;
let sentRows: number;
const mailStarted = performance.now();
for (;;) {
  sentRows = (await storage.get<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE status = 'sent'"))?.n ?? 0;
  if (sentRows >= outboxTotal || Date.now() > mailDeadline) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const mailSeconds = (performance.now() - mailStarted) / 1000;
await storage.close();

const messageIdOf = (mail: (typeof peer.received)[number]) => mail.messageId ?? '';
const uniqueIds = new Set(peer.received.map(messageIdOf));
// A repeat whose first copy the killed instance delivered before it died, and whose second came after
// its lease ran out, is the one case at-least-once delivery allows: the process died between the SMTP
// server's 250 and recording it. It carries the same Message-ID, so the mailbox shows it once. Any
// other repeat is a real double send.
const firstSeen = new Map<string, number>();
let sentTwice = 0;
let repeatedAfterKill = 0;
const killedBy = killedAtMs + KILL_GRACE_MS;
for (const mail of peer.received) {
  const id = messageIdOf(mail);
  const first = firstSeen.get(id);
  if (first === undefined) firstSeen.set(id, mail.receivedAt);
  else if (!SQLITE && first <= killedBy && mail.receivedAt > killedBy) repeatedAfterKill += 1;
  else sentTwice += 1;
}
const result = {
  date: new Date().toISOString(),
  layout: SQLITE ? '1 instancia, SQLite' : '2 instancias, PostgreSQL, una matada con SIGKILL a la mitad',
  submissionsSent: sent,
  targetRatePerSecond: RATE,
  acknowledged: outcomes.acknowledged,
  refusedSlotTaken: outcomes.conflict,
  otherAnswers: outcomes.otherStatus,
  connectionErrors: outcomes.connectionErrors,
  stored: storedIds.size,
  lost,
  submissionsPerSecond: round(sent / elapsedSeconds),
  acknowledgedPerSecond: round(outcomes.acknowledged / elapsedSeconds),
  emailsQueued: outboxTotal,
  emailsDelivered: uniqueIds.size,
  emailsSentTwice: sentTwice,
  emailsRepeatedAfterKill: repeatedAfterKill,
  emailsPendingAfterWait: outboxTotal - sentRows,
  secondsToDeliverAfterLoad: round(mailSeconds),
  slotsBooked: perSlot.length,
  maxBookingsPerSlot: Math.max(0, ...perSlot.map((row) => row.n)),
  maxAcknowledgedBookingsPerSlot: Math.max(0, ...bookingWins.values()),
  idleHomeP50Ms: round(percentile(idleLatencies, 50)),
  idleHomeP99Ms: round(percentile(idleLatencies, 99)),
  homeRequests: homeLatencies.length,
  homeP50Ms: round(percentile(homeLatencies, 50)),
  homeP99Ms: round(percentile(homeLatencies, 99)),
  homeMaxMs: round(Math.max(0, ...homeLatencies)),
};

const lines = [
  `\n${result.layout}; ${SUBMISSIONS} envíos a ${RATE}/s\n`,
  `enviados              ${result.submissionsSent}`,
  `confirmados (201)     ${result.acknowledged}   (409 horario tomado: ${result.refusedSlotTaken}; otras respuestas: ${result.otherAnswers}; sin respuesta: ${result.connectionErrors})`,
  `guardados             ${result.stored}`,
  `perdidos              ${result.lost}`,
  `envíos/s              ${result.submissionsPerSecond} (confirmados/s ${result.acknowledgedPerSecond})`,
  `correos en cola       ${result.emailsQueued}; entregados ${result.emailsDelivered}; enviados dos veces ${result.emailsSentTwice}; repetidos tras el SIGKILL (mismo Message-ID) ${result.emailsRepeatedAfterKill}; pendientes ${result.emailsPendingAfterWait} (${result.secondsToDeliverAfterLoad} s tras la carga)`,
  `reservas              ${result.slotsBooked} horarios; máximo por horario ${result.maxBookingsPerSlot} (confirmadas por horario: ${result.maxAcknowledgedBookingsPerSlot})`,
  `GET / sin carga       p50 ${result.idleHomeP50Ms} ms, p99 ${result.idleHomeP99Ms} ms`,
  `GET / durante la carga ${result.homeRequests} peticiones; p50 ${result.homeP50Ms} ms, p99 ${result.homeP99Ms} ms, máx ${result.homeMaxMs} ms`,
];
process.stdout.write(`${lines.join('\n')}\n`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(`bench/results/cluster${SQLITE ? '-sqlite' : ''}.json`, `${JSON.stringify(result, null, 2)}\n`);

const ok =
  result.lost === 0 &&
  result.emailsSentTwice === 0 &&
  result.maxBookingsPerSlot <= 1 &&
  result.maxAcknowledgedBookingsPerSlot <= 1 &&
  result.emailsPendingAfterWait === 0;
if (!ok) process.stdout.write('\nFALLA: hubo pérdidas, duplicados o correos sin entregar.\n');
process.exitCode = ok ? 0 : 1;

// --- stop everything ----------------------------------------------------------------------------------
for (const child of children) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
}
agent.destroy();
await peer.close();
await cluster?.stop();
rmSync(dir, { recursive: true, force: true });
