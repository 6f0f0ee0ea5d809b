/** What the dashboard's money is computed from: values by status, won deals with their day, closed deals. */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { isLeadStatus } from '../lifecycle.ts';
import type { ClosedDeals, StatusValue, WonDeal } from '../money.ts';
import { closedSince, summaryWeekAt, valuesByStatus } from './summary.ts';

/**
 * Merged leads are left out through one set of their ids, read once per query: a check per lead (NOT
 * EXISTS) took twice as long over the leads of a year.
 */
const NOT_MERGED = 'l.id NOT IN (SELECT lead_id FROM pipeline_merges)';

const statusValueRow = rowParser(
  'pipeline_deals',
  z.object({ status: z.string(), deals: z.number().int(), value: z.number().nullable() }),
);

const wonRow = rowParser(
  'leads',
  z
    .object({ bucket: z.string(), deals: z.coerce.number().int(), value_mxn: z.coerce.number().int() })
    .transform((row): WonDeal => ({
      deals: row.deals,
      valueMxn: row.value_mxn,
      // A UTC day other than a month's first lies in one Mexico City month (UTC-5 or UTC-6) whatever its
      // hour; a first of the month is kept by the hour, which is in one local day.
      wonAt: row.bucket.length === 10 ? `${row.bucket}T12:00:00.000Z` : `${row.bucket}:00:00.000Z`,
    })),
);

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

/** Leads with a deal value by status, counted from the leads (the summary's reference). */
export async function countValuesByStatus(db: Queryable): Promise<StatusValue[]> {
  const rows = await db.all(
    `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
     FROM leads l WHERE l.deal_value IS NOT NULL AND ${NOT_MERGED} GROUP BY l.work_status`,
  );
  return rows
    .map(statusValueRow)
    .flatMap((row) =>
      isLeadStatus(row.status) ? [{ status: row.status, deals: row.deals, valueMxn: row.value ?? 0 }] : [],
    );
}

/** Won and lost leads received since `receivedSince`, counted from the leads (the summary's reference). */
export async function countClosed(db: Queryable, receivedSince: string): Promise<ClosedDeals[]> {
  const rows = await db.all(
    `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
     FROM leads l
     WHERE l.received_at >= $1 AND l.work_status IN ('ganado', 'perdido') AND ${NOT_MERGED} GROUP BY l.work_status`,
    [receivedSince],
  );
  return rows
    .map(statusValueRow)
    .flatMap((row) =>
      row.status === 'ganado' || row.status === 'perdido'
        ? [{ status: row.status, count: row.deals, valueMxn: row.value ?? 0 }]
        : [],
    );
}

export async function moneyRows(
  db: Queryable,
  receivedSince: string,
): Promise<{ byStatus: StatusValue[]; won: WonDeal[]; closed: ClosedDeals[] }> {
  // Values by status and closed deals come from the dashboard's weekly summary (./summary.ts) when the
  // period starts one of its weeks; the won deals from
  // the won time copied onto each lead (./won-migrations.ts), grouped by the database.
  const week = summaryWeekAt(receivedSince);
  const [byStatus, won, closed] = await Promise.all([
    valuesByStatus(db),
    db.all(WON_SQL),
    week === undefined ? countClosed(db, receivedSince) : closedSince(db, week),
  ]);
  return { byStatus, won: won.map(wonRow), closed };
}
