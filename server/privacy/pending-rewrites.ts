/**
 * Rewrites of the database's files that could not finish (./compact.ts: another connection still reading the
 * WAL, a transaction older than the change still open): until one finishes, old versions of erased or
 * corrected values stay in the table files. Each such table is recorded here (by name only, nothing
 * personal); the daily retention job rewrites them again until a rewrite completes, and the operator sees
 * them on the register page and in `npm run privacy -- solicitudes`.
 */
import { formatDayMonthYear, todayInMexicoCity } from '../../core/dates.ts';
import type { Queryable, Storage } from '../db/storage.ts';
import { compactAfterErasure, type Compaction, type CompactionOptions } from './compact.ts';
import { placeholders } from './subject.ts';

/** Why a rewrite ran: the register's words for the action behind it. */
export type RewriteCause = 'cancelacion' | 'rectificacion' | 'retencion';

export interface PendingRewrite {
  table: string;
  /** The first rewrite of the table that did not finish. */
  since: string;
  cause: RewriteCause;
  /** The last try's report. */
  detail: string;
  lastTry: string;
  tries: number;
}

interface PendingRow {
  table_name: string;
  since: string;
  cause: RewriteCause;
  detail: string;
  last_try: string;
  tries: number;
}

/** Tables still waiting for a complete rewrite, the oldest first. */
export async function pendingRewrites(db: Queryable): Promise<PendingRewrite[]> {
  const rows = await db.all<PendingRow>(
    'SELECT table_name, since, cause, detail, last_try, tries FROM privacy_pending_rewrites ORDER BY since, table_name',
  );
  return rows.map((row) => ({
    table: row.table_name,
    since: row.since,
    cause: row.cause,
    detail: row.detail,
    lastTry: row.last_try,
    tries: row.tries,
  }));
}

/** What the operator reads about the pending rewrites (the register page, the terminal), or undefined. */
export function pendingRewritesNotice(pending: readonly PendingRewrite[]): string | undefined {
  const [oldest] = pending;
  if (!oldest) return undefined;
  const tables = pending.map((rewrite) => rewrite.table).join(', ');
  const last = pending.reduce((latest, rewrite) => (rewrite.lastTry > latest.lastTry ? rewrite : latest), oldest);
  return `Reescritura pendiente de los archivos de la base de datos desde el ${formatDayMonthYear(todayInMexicoCity(new Date(oldest.since)))} (${tables}): hasta que termine, versiones anteriores de datos borrados o corregidos siguen en disco. La tarea diaria de conservación la reintenta. Último intento: ${last.detail}`;
}

async function record(
  db: Queryable,
  tables: readonly string[],
  compaction: Compaction,
  cause: RewriteCause,
  now: Date,
) {
  if (compaction.complete) {
    // SQLite rewrites the whole file: a complete rewrite leaves nothing pending, whatever table asked.
    if (db.dialect === 'sqlite') await db.run('DELETE FROM privacy_pending_rewrites');
    else if (tables.length > 0)
      await db.run(`DELETE FROM privacy_pending_rewrites WHERE table_name IN (${placeholders(tables.length)})`, [
        ...tables,
      ]);
    return;
  }
  const at = now.toISOString();
  for (const table of tables)
    await db.run(
      `INSERT INTO privacy_pending_rewrites (table_name, since, cause, detail, last_try, tries)
       VALUES ($1, $2, $3, $4, $2, 1)
       ON CONFLICT (table_name) DO UPDATE SET detail = excluded.detail, last_try = excluded.last_try,
         tries = privacy_pending_rewrites.tries + 1`,
      [table, at, cause, compaction.detail],
    );
}

/**
 * Rewrites `tables` (./compact.ts) and keeps the record of what is still pending: added when the rewrite did
 * not finish, cleared for the tables it rewrote whole.
 */
export async function rewriteRecorded(
  storage: Storage,
  tables: readonly string[],
  cause: RewriteCause,
  now: Date,
  options: CompactionOptions = {},
): Promise<Compaction> {
  const unique = [...new Set(tables)];
  const compaction = await compactAfterErasure(storage, unique, options);
  await record(storage, unique, compaction, cause, now);
  return compaction;
}

/** The daily job's turn: `tables` it changed itself and every pending one rewritten together. */
export async function rewriteWithPending(
  storage: Storage,
  tables: readonly string[],
  now: Date,
  options: CompactionOptions = {},
): Promise<{ compaction: Compaction | undefined; pending: number }> {
  const pending = (await pendingRewrites(storage)).map((rewrite) => rewrite.table);
  const all = [...new Set([...tables, ...pending])];
  if (all.length === 0) return { compaction: undefined, pending: 0 };
  const compaction = await rewriteRecorded(storage, all, 'retencion', now, options);
  return { compaction, pending: compaction.complete ? 0 : all.length };
}
