/**
 * The lead database: one SQLite file through Node's built-in `node:sqlite`, in WAL mode, with the
 * migrations applied at start-up. Writes go through `immediateTransaction`, which takes the write lock
 * first (BEGIN IMMEDIATE) so a check-then-insert inside it cannot race another writer.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { MIGRATIONS, type Migration } from './migrations.ts';

export type Database = DatabaseSync;

export const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  // FULL: a submission acknowledged with 201 survives a power cut, not only a process crash.
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  migrate(db, migrations);
  return db;
}

export function immediateTransaction<T>(db: Database, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

export function migrate(db: Database, migrations: readonly Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    immediateTransaction(db, () => {
      // Checked inside the lock: two processes starting together apply each migration once.
      const done = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(migration.version);
      if (done) return;
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      applied.push(migration.version);
    });
  }
  return applied;
}

/** True for SQLite's UNIQUE / PRIMARY KEY constraint failures. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { errcode } = error as { errcode?: unknown };
  // SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  return errcode === 2067 || errcode === 1555;
}

export function getSetting(db: Database, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Stores `value` unless the key exists; returns the stored value either way. */
export function ensureSetting(db: Database, key: string, value: string): string {
  return immediateTransaction(db, () => {
    db.prepare('INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)').run(key, value);
    return getSetting(db, key) ?? value;
  });
}
