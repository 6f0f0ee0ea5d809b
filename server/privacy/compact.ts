/**
 * After personal data is erased, nothing readable may stay in the database's files. SQLite overwrites freed
 * space with zeros (`secure_delete`, set on every connection in server/db/sqlite/worker.ts); the inbox's
 * full-text index merges its segments so no deleted entry stays in them; `VACUUM`
 * rewrites the file (also clearing what a database written before that setting left in free pages), and a
 * TRUNCATE checkpoint moves the WAL into the file and empties it. PostgreSQL keeps old row versions in its
 * pages until they are reused: `VACUUM (FULL)` rewrites each touched table (and its indexes and TOAST) into
 * new files and drops the old ones at the next checkpoint. It copies along every old version some other open
 * transaction may still see, so it first waits for transactions older than the erasure to end. The WAL
 * segments and any backups keep their copy until they rotate (README: Datos personales).
 */
import type { Storage } from '../db/storage.ts';

export interface Compaction {
  /** Whether every step finished (a WAL still in use by another connection is retried, then reported). */
  complete: boolean;
  detail: string;
}

export interface CompactionOptions {
  /**
   * How long a rewrite waits for other connections (older transactions, readers of the WAL) before it
   * reports itself incomplete; tests shorten it to make it run out.
   */
  waitMs?: number;
}

const CHECKPOINT_TRIES = 10;
/** How long a rewrite waits for older transactions (a slow request, the outbox sender) to finish. */
const OLDER_SNAPSHOT_WAIT_MS = 15_000;

async function checkpointSqlite(storage: Storage, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 1; attempt <= CHECKPOINT_TRIES; attempt++) {
    const row = await storage.get<{ busy: number }>('PRAGMA wal_checkpoint(TRUNCATE)');
    if (row?.busy === 0) return true;
    if (Date.now() >= deadline) return false;
    // Another connection is reading an older snapshot: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  return false;
}

/**
 * A TRUNCATE checkpoint also waits for readers through the connection's busy handler: a wait shorter than
 * the busy timeout bounds each try too (the default wait is longer, so the server's tries are unchanged).
 */
async function checkpointWithin(storage: Storage, waitMs: number): Promise<boolean> {
  const busy = await storage.get<{ timeout: number }>('PRAGMA busy_timeout');
  const shorter = busy !== undefined && busy.timeout > waitMs;
  if (shorter) await storage.run(`PRAGMA busy_timeout = ${Math.trunc(waitMs)}`);
  try {
    return await checkpointSqlite(storage, waitMs);
  } finally {
    if (shorter) await storage.run(`PRAGMA busy_timeout = ${Math.trunc(busy.timeout)}`);
  }
}

/** Rewrites the storage of `tables` (PostgreSQL) or the whole file (SQLite) without the erased data. */
export async function compactAfterErasure(
  storage: Storage,
  tables: readonly string[],
  options: CompactionOptions = {},
): Promise<Compaction> {
  const waitMs = options.waitMs ?? OLDER_SNAPSHOT_WAIT_MS;
  if (storage.dialect === 'sqlite') {
    // The inbox's full-text index marks an erased lead's trigrams deleted but keeps them in its segments
    // until they merge: merging them all now leaves none of them for VACUUM to copy.
    if (await storage.get("SELECT 1 AS found FROM sqlite_master WHERE name = 'leads_search'"))
      await storage.run("INSERT INTO leads_search (leads_search) VALUES ('optimize')");
    // The copy VACUUM builds stays in memory: no temporary file keeps a version of the data.
    await storage.run('PRAGMA temp_store = MEMORY');
    try {
      await storage.run('VACUUM');
    } finally {
      await storage.run('PRAGMA temp_store = DEFAULT');
    }
    const truncated = await checkpointWithin(storage, waitMs);
    return {
      complete: truncated,
      detail: truncated
        ? 'SQLite: archivo reescrito (VACUUM) y WAL vaciado.'
        : 'SQLite: archivo reescrito, pero otra conexión sigue leyendo el WAL; se vaciará en el siguiente punto de control.',
    };
  }
  const unique = [...new Set(tables)];
  for (const table of unique)
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Nombre de tabla inesperado: ${table}`);
  const settled = await waitForOlderSnapshots(storage, waitMs);
  for (const table of unique) await storage.run(`VACUUM (FULL, ANALYZE) ${table}`);
  const rewritten = `PostgreSQL: tablas reescritas (VACUUM FULL): ${unique.join(', ')}.`;
  return settled
    ? { complete: true, detail: rewritten }
    : {
        complete: false,
        detail: `${rewritten} Una transacción abierta desde antes (una lectura en esta base o una escritura en cualquier base del servidor) seguía alcanzando la versión anterior; se borrará cuando termine y se vuelva a reescribir.`,
      };
}

/**
 * Waits until nothing can still make VACUUM FULL keep a version the erasure deleted (it copies such a version
 * along as "recently dead" instead of dropping it). Two things hold one back. A session of this database whose
 * snapshot (`backend_xmin`) or open write (`backend_xid`) is older than the deleting transaction: a start time
 * is not enough, since a transaction between two statements has no snapshot but still holds its id. And a
 * write still open in any database of the cluster: VACUUM's own snapshot reaches back to the oldest running
 * transaction id wherever it runs, so another database's long write keeps the horizon too (sessions of other
 * databases that only read do not). The current snapshot's `xmin` is that oldest running id, visible to any
 * role. Both are compared with the next id at the time of the call, which every erased version's deleter
 * precedes. Returns false when it ran out.
 */
async function waitForOlderSnapshots(storage: Storage, waitMs: number): Promise<boolean> {
  // The 64-bit counter, and folded to the 32-bit id the activity view shows (`age()` handles the wraparound).
  const marker = await storage.get<{ full: string; xid: string }>(
    `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS full,
            (pg_snapshot_xmax(pg_current_snapshot())::text::numeric % 4294967296)::text AS xid`,
  );
  const deadline = Date.now() + waitMs;
  for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
    const older = await storage.get<{ writing: boolean; n: number }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot()) < $2::xid8 AS writing,
              (SELECT count(*)::int FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid()
                  AND (age(backend_xmin) > age($1::xid) OR age(backend_xid) > age($1::xid))) AS n`,
      [marker?.xid ?? null, marker?.full ?? null],
    );
    if (older?.writing === false && older.n === 0) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
