/**
 * After personal data is erased, nothing readable may stay in the database's files. SQLite overwrites freed
 * space with zeros (`secure_delete`, set on every connection in server/db/sqlite/worker.ts); `VACUUM`
 * rewrites the file (also clearing what a database written before that setting left in free pages), and a
 * TRUNCATE checkpoint moves the WAL into the file and empties it. PostgreSQL keeps old row versions in its
 * pages until they are reused: `VACUUM (FULL)` rewrites each touched table (and its indexes and TOAST) into
 * new files and drops the old ones at the next checkpoint. The WAL segments and any backups keep their copy
 * until they rotate (README: Datos personales).
 */
import type { Storage } from '../db/storage.ts';

export interface Compaction {
  /** Whether every step finished (a WAL still in use by another connection is retried, then reported). */
  complete: boolean;
  detail: string;
}

const CHECKPOINT_TRIES = 10;

async function checkpointSqlite(storage: Storage): Promise<boolean> {
  for (let attempt = 1; attempt <= CHECKPOINT_TRIES; attempt++) {
    const row = await storage.get<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)');
    if (row?.busy === 0) return true;
    // Another connection is reading an older snapshot: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  return false;
}

/** Rewrites the storage of `tables` (PostgreSQL) or the whole file (SQLite) without the erased data. */
export async function compactAfterErasure(storage: Storage, tables: readonly string[]): Promise<Compaction> {
  if (storage.dialect === 'sqlite') {
    // The copy VACUUM builds stays in memory: no temporary file keeps a version of the data.
    await storage.run('PRAGMA temp_store = MEMORY');
    try {
      await storage.run('VACUUM');
    } finally {
      await storage.run('PRAGMA temp_store = DEFAULT');
    }
    const truncated = await checkpointSqlite(storage);
    return {
      complete: truncated,
      detail: truncated
        ? 'SQLite: archivo reescrito (VACUUM) y WAL vaciado.'
        : 'SQLite: archivo reescrito, pero otra conexión sigue leyendo el WAL; se vaciará en el siguiente punto de control.',
    };
  }
  for (const table of [...new Set(tables)]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Nombre de tabla inesperado: ${table}`);
    await storage.run(`VACUUM (FULL, ANALYZE) ${table}`);
  }
  return { complete: true, detail: `PostgreSQL: tablas reescritas (VACUUM FULL): ${[...new Set(tables)].join(', ')}.` };
}
