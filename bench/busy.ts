/**
 * `npm run bench:busy`: does a busy calendar stop the server? The API (`server/standalone.ts`) starts
 * with `BUSY_ICS_URLS` pointing at a loopback feed, reads it at once (as every start does), and a client
 * asks `/api/health` back to back for BENCH_SECONDS (10) from the moment it listens. Four feeds: none, the
 * rule that loops inside ical.js (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31`), its hourly twin, and an ordinary
 * calendar of 16,000 events. Prints per feed the health checks answered and unanswered (each waits at most
 * 2 s), p50 and p99 (an unanswered one counts as 2 s), the process's largest resident memory, what its log
 * said of the feed by the end, and how long SIGTERM took to end it.
 *
 *   npm run bench:busy
 *   BENCH_SERVER=/other/checkout/server/standalone.ts npm run bench:busy   # another version
 *
 * Loopback only; each server is ended (SIGKILL if SIGTERM does not end it in 3 s) before the next starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileFeed, largeFeed, startFeedServer } from '../server/meetings/busy/testing-feed.ts';
import { percentile, requestWith, round } from './lib/load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SERVER = process.env.BENCH_SERVER ?? 'server/standalone.ts';
const HEALTH_TIMEOUT_MS = 2000;
const START_LIMIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function residentMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const ended = await Promise.race([exited.then(() => true), sleep(3000).then(() => false)]);
  if (!ended) {
    child.kill('SIGKILL');
    await exited;
  }
}

interface Row {
  feed: string;
  answered: number;
  unanswered: number;
  p50: number;
  p99: number;
  maxMb: number;
  read: string;
  sigterm: string;
}

const feed = await startFeedServer();
const rows: Row[] = [];
const cases: Array<[string, string | undefined]> = [
  ['sin calendario', undefined],
  ['regla imposible diaria', hostileFeed('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31')],
  ['regla imposible por hora', hostileFeed('FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30')],
  ['16,000 eventos', largeFeed(16_000)],
];

try {
  for (const [name, text] of cases) {
    if (text !== undefined) feed.serve(text);
    const dir = mkdtempSync(join(tmpdir(), 'angram-busy-bench-'));
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        API_PORT: String(port),
        NODE_ENV: 'production',
        SITE_URL: 'https://www.angram.mx',
        DATABASE_PATH: join(dir, 'leads.db'),
        OUTBOX_DIR: join(dir, 'outbox'),
        SHUTDOWN_DELAY_MS: '0',
        BUSY_ICS_URLS: text === undefined ? '' : feed.url,
        // Short enough that the hostile reads end inside the measured seconds.
        BUSY_ICS_PARSE_BUDGET_MS: String(Math.floor((SECONDS * 1000) / 2)),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (log = (log + chunk).slice(-100_000)));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const health = `http://127.0.0.1:${port}/api/health`;
    const latencies: number[] = [];
    let unanswered = 0;
    let maxMb = 0;
    const sampler = setInterval(() => (maxMb = Math.max(maxMb, residentMb(child.pid))), 200);
    try {
      // Until it listens (connection refused) the clock has not started.
      const startBy = Date.now() + START_LIMIT_MS;
      for (;;) {
        const ok = await requestWith(agent, health, 'GET', undefined, undefined, HEALTH_TIMEOUT_MS).then(
          (answer) => answer.status === 200,
          () => false,
        );
        if (ok || Date.now() > startBy) break;
        await sleep(50);
      }
      const until = Date.now() + SECONDS * 1000;
      while (Date.now() < until) {
        const started = performance.now();
        const ok = await requestWith(agent, health, 'GET', undefined, undefined, HEALTH_TIMEOUT_MS).then(
          (answer) => answer.status === 200,
          () => false,
        );
        const took = performance.now() - started;
        if (ok) latencies.push(took);
        else {
          unanswered += 1;
          latencies.push(Math.max(took, HEALTH_TIMEOUT_MS));
        }
      }
    } finally {
      clearInterval(sampler);
      agent.destroy();
      const stopStarted = Date.now();
      await stopChild(child);
      const stopMs = Date.now() - stopStarted;
      rows.push({
        feed: name,
        answered: latencies.length - unanswered,
        unanswered,
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        maxMb: Math.round(maxMb),
        read: /busy\.feed_\w+/.exec(log)?.[0] ?? '-',
        sigterm: stopMs >= 3000 ? 'ignorado (SIGKILL)' : `${stopMs} ms`,
      });
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await feed.close();
}

process.stdout.write(`/api/health durante ${SECONDS} s desde el arranque (${SERVER})\n`);
console.table(rows);
