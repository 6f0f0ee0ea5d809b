/**
 * The columns kept beside each lead for the inbox's search and order (`search_text`, `score`): which leads
 * still lack them, and writing them. What they hold is computed in ./search.ts and ./analysis.ts; the inbox
 * decides when (server/admin/store/search-index.ts).
 */
import type { Queryable, Row } from '../db/storage.ts';

/** Up to `limit` whole rows of leads without a search text or a score, oldest first. */
export function unindexedRows(db: Queryable, limit: number): Promise<Array<Row & { id: number }>> {
  return db.all<Row & { id: number }>(
    `SELECT * FROM leads WHERE search_text IS NULL OR score IS NULL ORDER BY id LIMIT ${String(limit)}`,
  );
}

/** Whether some lead still lacks them (one look at a partial index). */
export async function anyUnindexed(db: Queryable): Promise<boolean> {
  return (
    (await db.get('SELECT 1 AS found FROM leads WHERE search_text IS NULL OR score IS NULL LIMIT 1')) !== undefined
  );
}

export async function saveIndexColumns(
  db: Queryable,
  id: number,
  columns: { searchText: string; score: number },
): Promise<void> {
  await db.run('UPDATE leads SET search_text = $1, score = $2 WHERE id = $3', [columns.searchText, columns.score, id]);
}

/** Forgets every score (to be computed again), but those of leads whose author refused `purpose`. */
export async function clearScores(db: Queryable, purpose: string): Promise<void> {
  await db.run(
    'UPDATE leads SET score = NULL WHERE score IS NOT NULL AND id NOT IN (SELECT lead_id FROM privacy_refusals WHERE purpose = $1)',
    [purpose],
  );
}
