/**
 * "Run this once per period across instances": every instance may try, one claims the period in a row of
 * `job_runs` (under a lock, so two instances never both win), runs the work and marks the period done.
 * A claim lasts `leaseMs`: when its owner dies mid-run, another instance takes the period over after that.
 * A run that throws gives its claim back at once, so the next try (on any instance) repeats it.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import { rowParser } from '../db/rows.ts';
import type { Storage } from '../db/storage.ts';

const jobRow = rowParser(
  'job_runs',
  z.object({ period: z.string(), claimed_until: z.string(), finished_at: z.string().nullable() }),
);

export interface PeriodRun {
  /** The job's name, its row in `job_runs`. */
  job: string;
  /** The period to run for (`2026-11-26` for a daily job): a period done is not run again. */
  period: string;
  now: Date;
  /** How long the claim holds before another instance may take the period over. */
  leaseMs: number;
  /** Who claims (defaults to this process). */
  owner?: string;
}

export type PeriodOutcome<T> = { ran: true; result: T } | { ran: false; reason: 'done' | 'claimed' };

const PROCESS_OWNER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

export async function runOncePerPeriod<T>(
  storage: Storage,
  run: PeriodRun,
  work: () => Promise<T>,
): Promise<PeriodOutcome<T>> {
  const owner = run.owner ?? PROCESS_OWNER;
  const now = run.now.toISOString();
  const claimed = await storage.transaction(async (tx) => {
    await tx.lock(`job:${run.job}`);
    const raw = await tx.get('SELECT period, claimed_until, finished_at FROM job_runs WHERE job = $1', [run.job]);
    const current = raw === undefined ? undefined : jobRow(raw);
    if (current?.period === run.period) {
      if (current.finished_at !== null) return 'done' as const;
      if (current.claimed_until > now) return 'claimed' as const;
    }
    await tx.run(
      `INSERT INTO job_runs (job, period, owner, claimed_until, finished_at) VALUES ($1, $2, $3, $4, NULL)
       ON CONFLICT (job) DO UPDATE SET period = excluded.period, owner = excluded.owner,
         claimed_until = excluded.claimed_until, finished_at = NULL`,
      [run.job, run.period, owner, new Date(run.now.getTime() + run.leaseMs).toISOString()],
    );
    return 'ours' as const;
  });
  if (claimed !== 'ours') return { ran: false, reason: claimed };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await storage
      .run('UPDATE job_runs SET claimed_until = $1 WHERE job = $2 AND owner = $3 AND finished_at IS NULL', [
        now,
        run.job,
        owner,
      ])
      .catch(() => undefined);
    throw error;
  }
  await storage.run('UPDATE job_runs SET finished_at = $1 WHERE job = $2 AND owner = $3 AND period = $4', [
    new Date().toISOString(),
    run.job,
    owner,
    run.period,
  ]);
  return { ran: true, result };
}
