/** What the dashboard's money is computed from: values by status, won deals with their day, closed deals. */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { isLeadStatus } from '../lifecycle.ts';
import type { ClosedDeals, StatusValue, WonDeal } from '../money.ts';

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

export async function moneyRows(
  db: Queryable,
  receivedSince: string,
): Promise<{ byStatus: StatusValue[]; won: WonDeal[]; closed: ClosedDeals[] }> {
  // The status and the deal's value copied onto the lead (pipeline-migrations.ts) are read from its indexes.
  const [byStatus, won, closed] = await Promise.all([
    db.all(
      `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
       FROM leads l WHERE l.deal_value IS NOT NULL AND ${NOT_MERGED} GROUP BY l.work_status`,
    ),
    db.all(
      `SELECT l.deal_value AS value_mxn, COALESCE((SELECT max(e.at) FROM inbox_lead_events e
           WHERE e.lead_id = l.id AND e.kind = 'status' AND e.to_value = 'ganado'), s.updated_at) AS won_at
       FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
       WHERE l.work_status = 'ganado' AND ${NOT_MERGED}`,
    ),
    db.all(
      `SELECT l.work_status AS status, count(*) AS deals, CAST(sum(l.deal_value) AS BIGINT) AS value
       FROM leads l
       WHERE l.received_at >= $1 AND l.work_status IN ('ganado', 'perdido') AND ${NOT_MERGED} GROUP BY l.work_status`,
      [receivedSince],
    ),
  ]);
  return {
    byStatus: byStatus
      .map(statusValueRow)
      .flatMap((row) =>
        isLeadStatus(row.status) ? [{ status: row.status, deals: row.deals, valueMxn: row.value ?? 0 }] : [],
      ),
    won: won.map(wonRow),
    closed: closed
      .map(statusValueRow)
      .flatMap((row) =>
        row.status === 'ganado' || row.status === 'perdido'
          ? [{ status: row.status, count: row.deals, valueMxn: row.value ?? 0 }]
          : [],
      ),
  };
}
