/**
 * Versioned migrations per module (the lead API is `leads`; another part of the server registers its
 * own name and tables). Each applied version is a row of `storage_migrations`; the check and the DDL
 * run in one transaction under a lock, so instances starting together apply each version once.
 */
import { migrationSql, type Migration, type Storage } from './storage.ts';

/** The bookkeeping table; created by the first migration run on a database. */
export const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS storage_migrations (
  module TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  applied_at TEXT NOT NULL,
  PRIMARY KEY (module, version)
)`;

const LOCK_KEY = 'storage_migrations';

export async function runMigrations(
  storage: Storage,
  module: string,
  migrations: readonly Migration[],
): Promise<number[]> {
  const versions = migrations.map((migration) => migration.version);
  if (new Set(versions).size !== versions.length)
    throw new Error(`Migraciones de "${module}" con versiones repetidas.`);
  await storage.transaction(async (tx) => {
    await tx.lock(LOCK_KEY);
    await tx.exec(MIGRATIONS_TABLE_SQL);
  });
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    await storage.transaction(async (tx) => {
      await tx.lock(LOCK_KEY);
      const done = await tx.get('SELECT 1 AS done FROM storage_migrations WHERE module = $1 AND version = $2', [
        module,
        migration.version,
      ]);
      if (done) return;
      await tx.exec(migrationSql(migration, tx.dialect));
      await tx.run('INSERT INTO storage_migrations (module, version, name, applied_at) VALUES ($1, $2, $3, $4)', [
        module,
        migration.version,
        migration.name,
        new Date().toISOString(),
      ]);
      applied.push(migration.version);
    });
  }
  return applied;
}

/** Versions of `module` already applied, in order. */
export async function appliedVersions(storage: Storage, module: string): Promise<number[]> {
  const rows = await storage.all<{ version: number }>(
    'SELECT version FROM storage_migrations WHERE module = $1 ORDER BY version',
    [module],
  );
  return rows.map((row) => row.version);
}
