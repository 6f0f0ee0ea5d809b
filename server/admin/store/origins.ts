/**
 * The dashboard's leads by origin, grouped by the database: per source, campaign and landing page, how many
 * leads arrived since a time, how many are won now and what the won ones are worth. The labels are the ones
 * server/lead/attribution.ts gives a single lead (the `utm_source`, else the referrer's host without
 * `www.`, else «Directo»), computed in SQL from `leads.attribution` by the lead's dashboard store
 * (server/lead/dashboard-store.ts, server/lead/origin-labels.ts) so no lead is parsed in JavaScript.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { DIRECT_SOURCE, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { NO_LANDING, type OriginGroup } from '../attribution-stats.ts';
import { originRows } from '../../lead/dashboard-store.ts';
import { GROUPINGS, type OriginGrouping } from '../../lead/origin-labels.ts';
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

/** Every group of leads received since `since` (ISO time) by source, campaign and landing page; unsorted. */
export async function countOrigins(db: Queryable, since: string): Promise<Record<OriginGrouping, OriginGroup[]>> {
  const rows = await originRows(db, since, NONE);
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
