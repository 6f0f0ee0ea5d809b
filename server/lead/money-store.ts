/**
 * The dashboard's money over the leads, grouped by the database from the deal's value, status and won time
 * copied onto each lead (server/admin/store/pipeline-migrations.ts, won-migrations.ts): values by status,
 * won deals by when they were won, closed deals of a period. They return rows; the inbox turns them into
 * its money figures (server/admin/store/money.ts) and checks them against its weekly summary.
 */
import type { Queryable, Row } from '../db/storage.ts';

/**
 * Merged leads are left out through one set of their ids, read once per query: a check per lead (NOT
 * EXISTS) took twice as long over the leads of a year.
 */
const NOT_MERGED = 'l.id NOT IN (SELECT lead_id FROM pipeline_merges)';

/**
 * The won leads (merged ones left out) counted and summed by when they were won: by UTC day, and by hour on
 * the first of each month, so the months are told apart in JavaScript (any offset) from a few hundred rows.
 * When the history does not say (no move to ganado recorded), the last change of the lead's state does: a
 * join for those few only (a lookup per won lead made PostgreSQL's estimate high enough to compile the
 * query, 60-80 ms of JIT per load).
 */
const WON_SQL = `
  SELECT w.bucket, count(*) AS deals, CAST(COALESCE(sum(w.value), 0) AS BIGINT) AS value_mxn FROM (
    SELECT CASE WHEN substr(x.at, 9, 2) = '01' THEN substr(x.at, 1, 13) ELSE substr(x.at, 1, 10) END AS bucket,
      x.value
    FROM (
      SELECT l.won_at AS at, l.deal_value AS value FROM leads l
      WHERE l.work_status = 'ganado' AND l.won_at IS NOT NULL AND ${NOT_MERGED}
      UNION ALL
      SELECT s.updated_at, l.deal_value FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
      WHERE l.work_status = 'ganado' AND l.won_at IS NULL AND ${NOT_MERGED}
    ) x
  ) w GROUP BY w.bucket`;

/** The won deals by UTC day, or by hour on a month's first (columns bucket, deals, value_mxn). */
export function wonRows(db: Queryable): Promise<Row[]> {
  return db.all(WON_SQL);
}

/** Leads with a deal value by status, merged ones left out (columns status, deals, value). */
export function valueByStatusRows(db: Queryable): Promise<Row[]> {
  return db.all(
    `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
     FROM leads l WHERE l.deal_value IS NOT NULL AND ${NOT_MERGED} GROUP BY l.work_status`,
  );
}

/** Won and lost leads received since `receivedSince`, merged ones left out (columns status, deals, value). */
export function closedRows(db: Queryable, receivedSince: string): Promise<Row[]> {
  return db.all(
    `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
     FROM leads l
     WHERE l.received_at >= $1 AND l.work_status IN ('ganado', 'perdido') AND ${NOT_MERGED} GROUP BY l.work_status`,
    [receivedSince],
  );
}
