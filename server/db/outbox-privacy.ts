/**
 * The `outbox` rows as the personal-data code reads and writes them (server/privacy/): bodies erased after
 * the retention limit, queued messages stopped by an objection, a stored message read to write its `.eml`
 * again after a correction. The registry-driven erasure goes through every table alike
 * (server/privacy/erase.ts) and stays there.
 */
import type { Queryable } from './storage.ts';

const numbered = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${offset + index + 1}`).join(', ');

/** Messages whose body is still there, delivered (or failed for good) at or before `cutoff`. */
export async function bodiesDueIds(db: Queryable, cutoff: string, limit: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    `SELECT id FROM outbox WHERE body_erased_at IS NULL
       AND ((status = 'sent' AND sent_at <= $1) OR (status = 'failed' AND created_at <= $1))
     ORDER BY id LIMIT $2`,
    [cutoff, limit],
  );
  return rows.map((row) => row.id);
}

/** The bodies of these messages replaced by `erasedBody`, marked erased at `at`. */
export async function eraseBodies(db: Queryable, ids: readonly number[], erasedBody: string, at: string) {
  if (ids.length === 0) return;
  await db.run(`UPDATE outbox SET message = $1, body_erased_at = $2 WHERE id IN (${numbered(ids.length, 2)})`, [
    erasedBody,
    at,
    ...ids,
  ]);
}

/** Which of these messages had their body erased. */
export async function bodyErasedAmong(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: number }>(
    `SELECT id FROM outbox WHERE body_erased_at IS NOT NULL AND id IN (${numbered(ids.length)})`,
    [...ids],
  );
  return rows.map((row) => row.id);
}

/** Queued messages of these leads marked failed with `reason` (no worker sends them); returns how many. */
export async function stopPendingOfLeads(db: Queryable, leadIds: readonly number[], reason: string): Promise<number> {
  if (leadIds.length === 0) return 0;
  const result = await db.run(
    `UPDATE outbox SET status = 'failed', last_error = $1, lease_owner = NULL, lease_until = NULL
     WHERE status = 'pending' AND lead_id IN (${numbered(leadIds.length, 1)})`,
    [reason, ...leadIds],
  );
  return result.changes;
}

/** A message as stored (its MIME text) and its Message-ID, to write its file again. */
export function storedOutboxMessage(
  db: Queryable,
  id: number,
): Promise<{ message: string; message_id: string | null } | undefined> {
  return db.get('SELECT message, message_id FROM outbox WHERE id = $1', [id]);
}
