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
  'pipeline_deals',
  z
    .object({ value_mxn: z.number().int().nullable(), won_at: z.string().nullable() })
    .transform((row): WonDeal => ({ valueMxn: row.value_mxn, wonAt: row.won_at })),
);

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
  // period starts one of its weeks; the won deals, a few per week, from the copies on the lead and the history.
  const week = summaryWeekAt(receivedSince);
  const [byStatus, won, closed] = await Promise.all([
    valuesByStatus(db),
    db.all(
      `SELECT l.deal_value AS value_mxn, COALESCE((SELECT max(e.at) FROM inbox_lead_events e
           WHERE e.lead_id = l.id AND e.kind = 'status' AND e.to_value = 'ganado'), s.updated_at) AS won_at
       FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
       WHERE l.work_status = 'ganado' AND ${NOT_MERGED}`,
    ),
    week === undefined ? countClosed(db, receivedSince) : closedSince(db, week),
  ]);
  return { byStatus, won: won.map(wonRow), closed };
}
