/**
 * Runs a test file against both storage engines: `describe.each(TEST_ENGINES)('… (%s)', (engine) => …)`.
 * `createTestDatabase(engine)` gives a fresh, empty database: a SQLite file in a temporary folder, or
 * a new database in the shared PostgreSQL cluster of the run (./global-setup.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { StorageLocation } from '../open.ts';

export type EngineName = 'sqlite' | 'postgres';

const adminUrl = inject('postgresAdminUrl');

/** PostgreSQL is listed only when the run has a cluster; the setup explains a skip. */
export const TEST_ENGINES: EngineName[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  location: StorageLocation;
  /** The variables an API process needs for it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Runs `work` on a connection of the cluster's superuser (creating, dropping, faults). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(engine: EngineName, dir?: string): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const folder = dir ?? mkdtempSync(join(tmpdir(), 'angram-db-'));
    const databasePath = join(folder, 'leads.db');
    return {
      location: { databasePath },
      env: { DATABASE_PATH: databasePath },
      drop() {
        if (!dir) rmSync(folder, { recursive: true, force: true });
        return Promise.resolve();
      },
    };
  }
  if (!adminUrl) throw new Error('Sin clúster de PostgreSQL en esta ejecución.');
  const name = `angram_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    location: { databaseUrl: url.toString(), databasePath: '' },
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
