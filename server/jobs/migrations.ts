/**
 * The background jobs' bookkeeping (module `jobs`). `job_runs` (./once.ts): one row per job with the period
 * it last claimed, who claimed it and until when, and when that period's run finished. `job_leases`
 * (./periodic.ts): who holds the current period of a job that runs every few minutes.
 */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';

export const JOBS_MODULE = 'jobs';

export const JOBS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'job runs claimed per period',
    sql: forBothEngines(
      () => `
        CREATE TABLE job_runs (
          job TEXT PRIMARY KEY,
          period TEXT NOT NULL,
          owner TEXT NOT NULL,
          claimed_until TEXT NOT NULL,
          finished_at TEXT
        );
      `,
    ),
  },
  {
    version: 2,
    name: 'job leases',
    sql: forBothEngines(
      ({ bigint }) => `
        CREATE TABLE job_leases (
          name TEXT PRIMARY KEY,
          owner TEXT NOT NULL,
          until_ms ${bigint} NOT NULL
        );
      `,
    ),
  },
];

export function migrateJobs(storage: Storage): Promise<number[]> {
  return storage.migrate(JOBS_MODULE, JOBS_MIGRATIONS);
}
