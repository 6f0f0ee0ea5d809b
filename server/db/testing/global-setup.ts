/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run, shared by every test file
 * (each file creates its own databases in it) and by both server projects of vitest.config.ts: each runs
 * this setup, the first starts the cluster and the last teardown stops it. Without PostgreSQL binaries the PostgreSQL cases are
 * skipped with a message, except in CI, where that is an error (.ci/run installs them).
 */
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPgCluster, type PgCluster } from './pg-cluster.ts';

let cluster: Promise<PgCluster> | undefined;
let users = 0;

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the shared cluster, or '' when PostgreSQL cases are skipped. */
    postgresAdminUrl: string;
    postgresSkipReason: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_POSTGRES_URL;
  if (given) {
    project.provide('postgresAdminUrl', given);
    project.provide('postgresSkipReason', '');
    return undefined;
  }
  if (!findPostgresBin()) {
    const reason = 'PostgreSQL no está instalado (/usr/lib/postgresql/*/bin): se omiten los casos con PostgreSQL.';
    if (process.env.CI) throw new Error(`${reason} En CI es obligatorio: .ci/run instala el paquete postgresql.`);
    process.stderr.write(`\n${reason}\n`);
    project.provide('postgresAdminUrl', '');
    project.provide('postgresSkipReason', reason);
    return undefined;
  }
  cluster ??= startPgCluster();
  users += 1;
  const started = await cluster;
  project.provide('postgresAdminUrl', started.url);
  project.provide('postgresSkipReason', '');
  return async () => {
    users -= 1;
    if (users === 0) await started.stop();
  };
}
