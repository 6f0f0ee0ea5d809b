/**
 * The dashboard's leads by origin, grouped by the database: per source, campaign and landing page, how many
 * leads arrived since a time, how many are won now and what the won ones are worth. The labels are the ones
 * server/lead/attribution.ts gives a single lead (the `utm_source`, else the referrer's host without
 * `www.`, else «Directo»), computed in SQL from `leads.attribution` so no lead is parsed in JavaScript. The
 * referrer is stored as an origin and path (core/attribution.ts), so its host is what lies between `://`
 * and the next `/` or `:`.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { DIRECT_SOURCE, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { NO_LANDING, type OriginGroup } from '../attribution-stats.ts';
import { GROUPINGS, LABELS, originColumns, type OriginGrouping } from '../../lead/origin-labels.ts';
import { originsSince, summaryWeekAt } from './summary.ts';

const groupRow = rowParser(
  'leads',
  z
    .object({ label: z.string(), leads: z.number().int(), won: z.number().int(), won_value: z.number() })
    .transform((row): OriginGroup => ({ label: row.label, leads: row.leads, won: row.won, wonValue: row.won_value })),
);

/** The placeholder label of each grouping for leads without one. */
const NONE: Readonly<Record<OriginGrouping, string>> = {
  source: DIRECT_SOURCE,
  campaign: NO_CAMPAIGN,
  landing: NO_LANDING,
};

/**
 * Every group of leads received since `since` (ISO time) by source, campaign and landing page, merged
 * leads left out; unsorted. One pass over the leads of the period (SQLite reads it from an index that holds
 * the attribution too, leads_origin), kept by the database while it groups it three ways. The status and
 * the deal's value are the copies on the lead (pipeline-migrations.ts).
 */
export async function countOrigins(db: Queryable, since: string): Promise<Record<OriginGrouping, OriginGroup[]>> {
  const groups = GROUPINGS.map(
    (grouping, index) =>
      `SELECT '${grouping}' AS grouped_by, g.label, count(*) AS leads, sum(CASE WHEN g.status = 'ganado' THEN 1 ELSE 0 END) AS won,
         CAST(COALESCE(sum(CASE WHEN g.status = 'ganado' AND g.value > 0 THEN g.value END), 0) AS BIGINT) AS won_value
       FROM (SELECT ${LABELS[grouping](`$${String(index + 2)}`)} AS label, o.status, o.value FROM o) g
       GROUP BY g.label`,
  );
  const rows = await db.all<{ grouped_by: string }>(
    `WITH o AS MATERIALIZED (
       SELECT ${originColumns(db.dialect, 'l')}, l.work_status AS status, l.deal_value AS value
       FROM leads l
       WHERE l.received_at >= $1 AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)
     )
     ${groups.join(' UNION ALL ')}`,
    [since, ...GROUPINGS.map((grouping) => NONE[grouping])],
  );
  const breakdown: Record<OriginGrouping, OriginGroup[]> = { source: [], campaign: [], landing: [] };
  for (const row of rows) {
    const grouping = GROUPINGS.find((each) => each === row.grouped_by);
    if (grouping) breakdown[grouping].push(groupRow(row));
  }
  return breakdown;
}

/**
 * Every group of leads received since `since` by source, campaign and landing page: from the weekly summary
 * when `since` starts one of its weeks (the dashboard's periods do), else counted from the leads.
 */
export function originBreakdownRows(db: Queryable, since: string): Promise<Record<OriginGrouping, OriginGroup[]>> {
  const week = summaryWeekAt(since);
  return week === undefined ? countOrigins(db, since) : originsSince(db, week, NONE);
}

/** One grouping of `originBreakdownRows`. */
export async function originGroups(db: Queryable, since: string, grouping: OriginGrouping): Promise<OriginGroup[]> {
  return (await originBreakdownRows(db, since))[grouping];
}
