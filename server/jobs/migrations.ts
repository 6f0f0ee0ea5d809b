/**
 * The background jobs' bookkeeping (module `jobs`): one row per job with the period it last claimed, who
 * claimed it and until when, and when that period's run finished. See ./once.ts.
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
];

export function migrateJobs(storage: Storage): Promise<number[]> {
  return storage.migrate(JOBS_MODULE, JOBS_MIGRATIONS);
}
