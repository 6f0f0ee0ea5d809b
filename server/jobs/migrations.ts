/** The table of `server/jobs/periodic.ts` (module `jobs`): who holds each job's current period. */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';

export const JOBS_MODULE = 'jobs';

export const JOBS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
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
