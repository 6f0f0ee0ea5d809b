/**
 * `npm run bench:chaos`: what production does to the lead pipeline, on loopback. Two `server/index.ts`
 * instances share a throwaway PostgreSQL (with fsync) and a real SMTP server, behind a small balancer
 * that follows /api/ready as a load balancer's health check does, under a steady stream of form
 * submissions (each from its own address in X-Forwarded-For) and GET / probes, through five faults:
 *
 * 1. connections terminated: every connection of the instances ended (`pg_terminate_backend`) every 300 ms;
 * 2. PostgreSQL restarted: stopped (fast shutdown) for 6 s, then started again;
 * 3. a blip during slow SMTP acceptance: the server holds each "250" for 3 s and PostgreSQL is down 4 s meanwhile;
 * 4. a deploy: a new instance starts and, once it is ready, the oldest gets SIGTERM mid-burst;
 * 5. slash runs: four clients sending paths with 15,000-slash runs, six a second each.
 *
 * An instance that exits on its own is counted and restarted a second later, as a supervisor would.
 * Prints, per fault, the answers (201 / 503 / other / none) and GET / p50 and p99; then acknowledged /
 * stored / lost leads, e-mails delivered / sent twice, unexpected exits, and writes
 * bench/results/chaos.json. Exits 1 if a lead was lost, an e-mail sent twice, a process exited or a
 * request answered 500.
 *
 *   npm run build && npm run bench:chaos
 *   BENCH_SERVER=/other/checkout/server/index.ts npm run bench:chaos   # another version, same faults
 *
 * Every connection is to 127.0.0.1; about a minute of faults at BENCH_RATE (50) submissions/s, then at
 * most 90 s waiting for the mail; the cluster, the instances and the folder go away at the end (also
 * on Ctrl+C or a failure).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openStorage } from '../server/db/open.ts';
import { startPgCluster } from '../server/db/testing/pg-cluster.ts';
import { startSmtpPeer } from '../server/email/testing/smtp-peer.ts';
import { percentile, requestWith, round, visitor } from './lib/load.ts';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const MAX_IN_FLIGHT = 64;
const MAIL_WAIT_MS = 90_000;
const HEALTH_EVERY_MS = 250;
const SLASH_RUN = `/a${'/'.repeat(15_000)}b`;

if (!existsSync('dist/index.html')) {
  process.stderr.write('Falta dist/: ejecuta "npm run build" antes de "npm run bench:chaos".\n');
  process.exit(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dir = mkdtempSync(join(tmpdir(), 'angram-chaos-'));
const peer = await startSmtpPeer();
const cluster = await startPgCluster({ durable: true });
const DATABASE = 'angram_chaos';
{
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
}
const databaseUrl = (() => {
  const url = new URL(cluster.url);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

// --- instances and their supervisor ------------------------------------------------------------------
interface Instance {
  name: string;
  child: ChildProcess | undefined;
  url: string | undefined;
  /** In the balancer's rotation: its last health check answered 200. */
  ready: boolean;
  /** Sent SIGTERM on purpose (a deploy): its exit is expected. */
  retiring: boolean;
}

const instances: Instance[] = [];
const unexpectedExits: Array<{ instance: string; code: number | null; signal: string | null; phase: string }> = [];
let failedStarts = 0;
let shuttingDown = false;
let phase = 'sin fallas';

function start(instance: Instance): Promise<void> {
  const child = spawn(process.execPath, [process.env.BENCH_SERVER ?? 'server/index.ts'], {
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: 'production',
      // BENCH_LOG_LEVEL=info shows the instances' logs on stderr.
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      DIST_DIR: join(process.cwd(), 'dist'),
      DATABASE_URL: databaseUrl,
      SMTP_URL: peer.url,
      OUTBOX_DIR: join(dir, `${instance.name}-outbox`),
      // Every submission carries its visitor's address, as behind a balancer.
      TRUST_PROXY: '1',
      // A short lease: a message whose holder lost it is taken over within the bench.
      OUTBOX_LEASE_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  instance.child = child;
  let serving = false;
  child.once('exit', (code, signal) => {
    instance.url = undefined;
    instance.ready = false;
    if (!serving) failedStarts += 1;
    else if (!instance.retiring || code !== 0) unexpectedExits.push({ instance: instance.name, code, signal, phase });
    // As a supervisor would: start it again (a retired one was replaced by the deploy).
    if (!instance.retiring) {
      setTimeout(() => {
        if (!shuttingDown) void start(instance).catch(() => undefined);
      }, 1000);
    }
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1] && !serving) {
        serving = true;
        instance.url = match[1];
        resolve();
      }
    });
    child.once('exit', (code) => {
      if (!serving) reject(new Error(`${instance.name} no arrancó (código ${code})`));
    });
  });
}

async function launch(name: string): Promise<Instance> {
  const instance: Instance = { name, child: undefined, url: undefined, ready: false, retiring: false };
  instances.push(instance);
  await start(instance);
  return instance;
}

// --- the balancer ------------------------------------------------------------------------------------

const send = (url: string, method: string, body?: string, client?: string, timeoutMs?: number) =>
  requestWith(agent, url, method, body, client, timeoutMs);

let turn = 0;
/** The next instance in rotation (ready ones; any running one if none is ready). */
function pick(): Instance | undefined {
  const ready = instances.filter((instance) => instance.url && instance.ready);
  const pool = ready.length > 0 ? ready : instances.filter((instance) => instance.url && !instance.retiring);
  turn += 1;
  return pool[turn % Math.max(1, pool.length)];
}

function checkHealth(): Promise<void> {
  return (async () => {
    while (checking) {
      await Promise.all(
        instances.map(async (instance) => {
          if (!instance.url) return;
          try {
            instance.ready =
              (await send(`${instance.url}/api/ready`, 'GET', undefined, undefined, 1000)).status === 200;
          } catch {
            instance.ready = false;
          }
        }),
      );
      await sleep(HEALTH_EVERY_MS);
    }
  })();
}

// --- load and probes, counted per phase --------------------------------------------------------------
interface PhaseStats {
  sent: number;
  created: number;
  unavailable: number;
  serverErrors: number;
  otherAnswers: number;
  noAnswer: number;
  homeLatencies: number[];
  homeFailures: number;
  slashAnswers: Record<string, number>;
}
const stats = new Map<string, PhaseStats>();
function statsOf(name: string): PhaseStats {
  let entry = stats.get(name);
  if (!entry) {
    entry = {
      sent: 0,
      created: 0,
      unavailable: 0,
      serverErrors: 0,
      otherAnswers: 0,
      noAnswer: 0,
      homeLatencies: [],
      homeFailures: 0,
      slashAnswers: {},
    };
    stats.set(name, entry);
  }
  return entry;
}

const acknowledgedIds: number[] = [];
let loading = true;
let inFlight = 0;
const sendLoad = async () => {
  const begun = performance.now();
  for (let index = 0; loading; index += 1) {
    const wait = begun + (index * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    while (inFlight >= MAX_IN_FLIGHT) await sleep(1);
    const counted = statsOf(phase);
    const target = pick();
    counted.sent += 1;
    if (!target?.url) {
      counted.noAnswer += 1;
      continue;
    }
    const body = JSON.stringify({
      name: 'Lucía Hernández',
      email: `caos${index}@ferremax.mx`,
      company: 'Ferremax',
      message: 'Queremos una app web para controlar el inventario de nuestras 12 sucursales en tiempo real.',
    });
    inFlight += 1;
    send(`${target.url}/api/webSite/contactSmall`, 'POST', body, visitor(index))
      .then((answer) => {
        // Each answer counts in the phase it came back in: a request sent just before a fault and
        // failed by it belongs to the fault.
        const counted = statsOf(phase);
        if (answer.status === 201) {
          counted.created += 1;
          acknowledgedIds.push((JSON.parse(answer.body) as { id: number }).id);
        } else if (answer.status === 503) counted.unavailable += 1;
        else if (answer.status >= 500) counted.serverErrors += 1;
        else counted.otherAnswers += 1;
      })
      .catch(() => {
        statsOf(phase).noAnswer += 1;
      })
      .finally(() => {
        inFlight -= 1;
      });
  }
};

const probeHome = async () => {
  while (loading) {
    const counted = statsOf(phase);
    const target = pick();
    const begun = performance.now();
    try {
      if (!target?.url) throw new Error('sin instancia');
      const answer = await send(`${target.url}/`, 'GET');
      if (answer.status !== 200) throw new Error(String(answer.status));
      counted.homeLatencies.push(performance.now() - begun);
    } catch {
      counted.homeFailures += 1;
    }
    await sleep(20);
  }
};

// --- the faults --------------------------------------------------------------------------------------
async function terminateAll(): Promise<number> {
  const admin = new pg.Client({ connectionString: cluster.url });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [DATABASE],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

async function during(name: string, ms: number, work?: () => Promise<void>): Promise<void> {
  phase = name;
  process.stdout.write(`· ${name}\n`);
  const until = Date.now() + ms;
  await work?.();
  const left = until - Date.now();
  if (left > 0) await sleep(left);
}

let checking = true;
let healthChecks: Promise<void> = Promise.resolve();
const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT * 2 });

async function teardown(): Promise<void> {
  shuttingDown = true;
  loading = false;
  checking = false;
  await healthChecks;
  await Promise.all(
    instances.map(async (instance) => {
      const child = instance.child;
      // Not started, or exited already.
      if (child?.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    }),
  );
  agent.destroy();
  await peer.close();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.once('SIGINT', () => {
  void teardown().finally(() => process.exit(130));
});
// Whatever breaks in the bench itself, the cluster and the instances do not outlive it.
process.once('uncaughtException', (error) => {
  process.stderr.write(`${error.stack ?? String(error)}\n`);
  void teardown().finally(() => process.exit(1));
});

/** Waits for `check`, at most `ms`. */
async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Tiempo agotado esperando: ${what}`);
    await sleep(50);
  }
}

try {
  // Started one after the other: the first applies the migrations.
  await launch('a');
  await launch('b');
  healthChecks = checkHealth();
  await until(() => instances.every((instance) => instance.ready), 'las dos instancias listas');
  const load = sendLoad();
  const probe = probeHome();

  await during('sin fallas', 5000);
  await during('conexiones terminadas cada 300 ms', 8000, async () => {
    const until = Date.now() + 8000;
    while (Date.now() < until) {
      await terminateAll();
      await sleep(300);
    }
  });
  await during('PostgreSQL reiniciado (6 s detenido)', 10_000, async () => {
    await cluster.halt();
    await sleep(6000);
    await cluster.resume();
  });
  await during('caída de 4 s con el SMTP tardando 3 s en aceptar', 12_000, async () => {
    peer.state.acceptDelayMs = 3000;
    await sleep(1500);
    await cluster.halt();
    await sleep(4000);
    await cluster.resume();
    await sleep(3000);
    peer.state.acceptDelayMs = 0;
  });
  await during('despliegue: SIGTERM a mitad de la ráfaga', 10_000, async () => {
    const fresh = await launch('c');
    await until(() => fresh.ready, 'la instancia nueva lista');
    const oldest = instances.find((instance) => instance.name === 'a');
    if (oldest?.child) {
      oldest.retiring = true;
      oldest.child.kill('SIGTERM');
    }
  });
  await during('rachas de 15 000 diagonales', 6000, async () => {
    const slashers = Array.from({ length: 4 }, async () => {
      const until = Date.now() + 6000;
      while (Date.now() < until) {
        const counted = statsOf(phase);
        const target = pick();
        try {
          if (!target?.url) throw new Error('sin instancia');
          const answer = await send(`${target.url}${SLASH_RUN}`, 'GET');
          counted.slashAnswers[answer.status] = (counted.slashAnswers[answer.status] ?? 0) + 1;
        } catch {
          counted.slashAnswers.none = (counted.slashAnswers.none ?? 0) + 1;
        }
        await sleep(1000 / 6);
      }
    });
    await Promise.all(slashers);
  });
  loading = false;
  await Promise.all([load, probe]);
  while (inFlight > 0) await sleep(10);

  // --- what was stored and sent ------------------------------------------------------------------------
  phase = 'correo';
  const storage = await openStorage({ databaseUrl, databasePath: '' });
  const storedIds = new Set((await storage.all<{ id: number }>('SELECT id FROM leads')).map((row) => row.id));
  const lost = acknowledgedIds.filter((id) => !storedIds.has(id)).length;
  const mailStarted = performance.now();
  let pending = 0;
  let queued = 0;
  for (const deadline = Date.now() + MAIL_WAIT_MS; ;) {
    const counts = await storage.all<{ status: string; n: number }>(
      'SELECT status, count(*) AS n FROM outbox GROUP BY status',
    );
    queued = counts.reduce((sum, row) => sum + row.n, 0);
    pending = counts.find((row) => row.status === 'pending')?.n ?? 0;
    if (pending === 0 || Date.now() > deadline) break;
    await sleep(500);
  }
  const mailSeconds = (performance.now() - mailStarted) / 1000;
  await storage.close();

  const copies = new Map<string, number>();
  for (const mail of peer.received) copies.set(mail.messageId ?? '', (copies.get(mail.messageId ?? '') ?? 0) + 1);
  const sentTwice = [...copies.values()].reduce((sum, count) => sum + count - 1, 0);

  const phases = [...stats].map(([name, counted]) => ({
    phase: name,
    sent: counted.sent,
    created: counted.created,
    unavailable: counted.unavailable,
    serverErrors: counted.serverErrors,
    otherAnswers: counted.otherAnswers,
    noAnswer: counted.noAnswer,
    homeRequests: counted.homeLatencies.length,
    homeFailures: counted.homeFailures,
    homeP50Ms: round(percentile(counted.homeLatencies, 50)),
    homeP99Ms: round(percentile(counted.homeLatencies, 99)),
    slashAnswers: counted.slashAnswers,
  }));
  const all = [...stats.values()];
  const result = {
    date: new Date().toISOString(),
    server: process.env.BENCH_SERVER ?? 'server/index.ts',
    ratePerSecond: RATE,
    acknowledged: acknowledgedIds.length,
    stored: storedIds.size,
    lost,
    serverErrors: all.reduce((sum, counted) => sum + counted.serverErrors, 0),
    emailsQueued: queued,
    emailsDelivered: copies.size,
    emailsSentTwice: sentTwice,
    emailsPendingAfterWait: pending,
    secondsToDeliverAfterLoad: round(mailSeconds),
    unexpectedExits,
    failedStarts,
    homeP99Ms: round(
      percentile(
        all.flatMap((counted) => counted.homeLatencies),
        99,
      ),
    ),
    phases,
  };

  const pad = (text: string | number, width: number) => String(text).padStart(width);
  const lines = [
    `\n${result.server}: 2 instancias, PostgreSQL con fsync, SMTP real; ${RATE} envíos/s\n`,
    `${'fase'.padEnd(50)} ${pad('envíos', 7)} ${pad('201', 6)} ${pad('503', 6)} ${pad('5xx', 5)} ${pad('otras', 6)} ${pad('nada', 6)}   GET / p50 / p99 (fallas)`,
    ...phases.map(
      (row) =>
        `${row.phase.padEnd(50)} ${pad(row.sent, 7)} ${pad(row.created, 6)} ${pad(row.unavailable, 6)} ${pad(row.serverErrors, 5)} ${pad(row.otherAnswers, 6)} ${pad(row.noAnswer, 6)}   ${row.homeP50Ms} / ${row.homeP99Ms} ms (${row.homeFailures})${Object.keys(row.slashAnswers).length > 0 ? `; diagonales: ${JSON.stringify(row.slashAnswers)}` : ''}`,
    ),
    '',
    `confirmados / guardados / perdidos   ${result.acknowledged} / ${result.stored} / ${result.lost}`,
    `correos en cola / entregados / enviados dos veces / pendientes   ${result.emailsQueued} / ${result.emailsDelivered} / ${result.emailsSentTwice} / ${result.emailsPendingAfterWait} (${result.secondsToDeliverAfterLoad} s tras la carga)`,
    `salidas inesperadas de instancias   ${unexpectedExits.length}${unexpectedExits.length > 0 ? ` (${unexpectedExits.map((exit) => `${exit.instance} en «${exit.phase}»`).join(', ')})` : ''}; arranques fallidos ${failedStarts}`,
    `GET / p99 en toda la corrida   ${result.homeP99Ms} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/chaos.json', `${JSON.stringify(result, null, 2)}\n`);

  const ok =
    result.lost === 0 &&
    result.emailsSentTwice === 0 &&
    result.unexpectedExits.length === 0 &&
    result.serverErrors === 0 &&
    result.emailsPendingAfterWait === 0;
  if (!ok)
    process.stdout.write(
      '\nFALLA: hubo pérdidas, correos repetidos, procesos caídos, errores 500 o correo sin entregar.\n',
    );
  process.exitCode = ok ? 0 : 1;
} finally {
  await teardown();
}
