/** Picks the engine: PostgreSQL when a `postgres://` URL is given, else the embedded SQLite file. */
import { openPostgresStorage, type PostgresOptions } from './postgres.ts';
import { openSqliteStorage } from './sqlite/storage.ts';
import type { Storage } from './storage.ts';

export interface StorageLocation {
  /** `DATABASE_URL`: `postgres://user:pass@host:5432/db`. Wins over `databasePath`. */
  databaseUrl?: string | undefined;
  /** `DATABASE_PATH`: the SQLite file. */
  databasePath: string;
}

export function openStorage(location: StorageLocation, options: PostgresOptions = {}): Promise<Storage> {
  if (location.databaseUrl) return openPostgresStorage(location.databaseUrl, options);
  return openSqliteStorage(location.databasePath);
}
