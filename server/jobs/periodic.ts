/**
 * "Run once per period across instances": every instance ticks every `everyMs`, and only the one that
 * claims the period in `job_leases` runs the task; the others skip it. A claim is one statement (insert, or
 * take over a lease that ran out), so two instances never both win a period, on either engine. An instance
 * that dies mid-run simply leaves a lease that runs out; the next period goes to whoever ticks first.
 * A failing task (the database down, say) is logged and tried again next period; it never ends the process.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/storage.ts';
import { errorMessage, type Logger } from '../log/logger.ts';

export interface PeriodicJobOptions {
  storage: Queryable;
  /** The job's name in `job_leases`. */
  name: string;
  everyMs: number;
  task: () => Promise<void>;
  logger: Logger;
  /** Wall clock in milliseconds (tests move it). */
  nowMs?: () => number;
}

export interface PeriodicJob {
  readonly owner: string;
  /** Claims the current period and runs the task; `false` when another instance holds the period. */
  runNow(): Promise<boolean>;
  /** No new run starts; resolves once the running one (if any) finished. */
  stop(): Promise<void>;
}

/** Takes the period `[nowMs, untilMs)` of `name` for `owner`; `false` when another owner holds it. */
export async function claimPeriod(
  db: Queryable,
  name: string,
  owner: string,
  nowMs: number,
  untilMs: number,
): Promise<boolean> {
  const row = await db.get(
    `INSERT INTO job_leases (name, owner, until_ms) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, until_ms = excluded.until_ms
     WHERE job_leases.until_ms <= $4 OR job_leases.owner = excluded.owner
     RETURNING name`,
    [name, owner, untilMs, nowMs],
  );
  return row !== undefined;
}

export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  const { storage, name, everyMs, task, logger } = options;
  const nowMs = options.nowMs ?? Date.now;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<boolean> | undefined;
  let stopped = false;

  async function run(): Promise<boolean> {
    const now = nowMs();
    // A little short of the period, so this instance's own next tick can claim the next one.
    if (!(await claimPeriod(storage, name, owner, now, now + Math.floor(everyMs * 0.9)))) return false;
    await task();
    return true;
  }

  function runNow(): Promise<boolean> {
    if (stopped) return Promise.resolve(false);
    running ??= run()
      .catch((error: unknown) => {
        logger.error('job.failed', { job: name, error: errorMessage(error) });
        return false;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  return {
    owner,
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
