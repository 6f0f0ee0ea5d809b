/**
 * Vitest global setup: one throwaway PostgreSQL cluster for the whole run, shared by every test file
 * (each file creates its own databases in it). Without PostgreSQL binaries the PostgreSQL cases are
 * skipped with a message, except in CI, where that is an error (.ci/run installs them).
 */
import type { TestProject } from 'vitest/node';
import { findPostgresBin, startPgCluster } from './pg-cluster.ts';

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
  const cluster = await startPgCluster();
  project.provide('postgresAdminUrl', cluster.url);
  project.provide('postgresSkipReason', '');
  return () => cluster.stop();
}
