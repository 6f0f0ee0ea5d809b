/**
 * What merging duplicates reads of `leads` (with the inbox's state and merges): a lead's duplicates, the
 * leads merged into one, the pair about to merge. The inbox (server/admin/store/merges.ts) decides and
 * writes; these return rows it parses into its own shapes.
 */
import type { Queryable, Row } from '../db/storage.ts';

const NOT_MERGED = (alias: string) => `NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = ${alias}.id)`;

/**
 * The leads sharing an e-mail (any capitals) or a phone with `leadId` that no merge absorbed, newest first
 * (columns id, name, company, received_at, status, assignee_id, same_email and same_phone as 0/1).
 */
export function duplicateRows(db: Queryable, leadId: number, limit: number): Promise<Row[]> {
  return db.all(
    `SELECT o.id, o.name, o.company, o.received_at, s.status, s.assignee_id,
       CASE WHEN lower(o.email) = lower(l.email) THEN 1 ELSE 0 END AS same_email,
       CASE WHEN o.phone IS NOT NULL AND o.phone = l.phone THEN 1 ELSE 0 END AS same_phone
     FROM leads l JOIN leads o ON o.id <> l.id AND (lower(o.email) = lower(l.email) OR (l.phone IS NOT NULL AND o.phone = l.phone))
       LEFT JOIN inbox_lead_state s ON s.lead_id = o.id
     WHERE l.id = $1 AND ${NOT_MERGED('o')}
     ORDER BY o.received_at DESC, o.id DESC LIMIT $2`,
    [leadId, limit],
  );
}

/** The leads merged into `intoId`, oldest first: each whole row, with merged_at and merged_by (a name). */
export function mergedLeadRows(db: Queryable, intoId: number): Promise<Row[]> {
  return db.all(
    `SELECT l.*, m.at AS merged_at, u.name AS merged_by FROM pipeline_merges m JOIN leads l ON l.id = m.lead_id
     LEFT JOIN inbox_users u ON u.id = m.user_id WHERE m.into_id = $1 ORDER BY l.id`,
    [intoId],
  );
}

/** Two leads about to merge: name, assignee and whether a merge already absorbed each (0/1). */
export function mergePairRows(
  db: Queryable,
  a: number,
  b: number,
): Promise<Array<{ id: number; name: string; merged: number; assignee_id: number | null }>> {
  return db.all(
    `SELECT l.id, l.name, s.assignee_id,
       CASE WHEN EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id) THEN 1 ELSE 0 END AS merged
     FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id WHERE l.id IN ($1, $2)`,
    [a, b],
  );
}
