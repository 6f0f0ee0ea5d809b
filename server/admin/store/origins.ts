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
import type { Dialect, Queryable } from '../../db/storage.ts';
import { DIRECT_SOURCE, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { NO_LANDING, type OriginGroup } from '../attribution-stats.ts';

export type OriginGrouping = 'source' | 'campaign' | 'landing';

const groupRow = rowParser(
  'leads',
  z
    .object({ label: z.string(), leads: z.number().int(), won: z.number().int(), won_value: z.number() })
    .transform((row): OriginGroup => ({ label: row.label, leads: row.leads, won: row.won, wonValue: row.won_value })),
);

function jsonText(dialect: Dialect, key: string): string {
  return dialect === 'postgres' ? `(l.attribution::json ->> '${key}')` : `json_extract(l.attribution, '$.${key}')`;
}

function hostOf(dialect: Dialect, url: string): string {
  if (dialect === 'postgres') return `split_part(split_part(split_part(${url}, '://', 2), '/', 1), ':', 1)`;
  const afterScheme = `substr(${url}, instr(${url}, '://') + 3)`;
  const hostAndPort = `substr(${afterScheme}, 1, instr(${afterScheme} || '/', '/') - 1)`;
  return `substr(${hostAndPort}, 1, instr(${hostAndPort} || ':', ':') - 1)`;
}

const GROUPINGS: readonly OriginGrouping[] = ['source', 'campaign', 'landing'];

/** Each grouping's label from the columns of `o`; `fallback` is the placeholder of its label for none. */
const LABELS: Readonly<Record<OriginGrouping, { sql: (fallback: string) => string; fallback: string }>> = {
  source: {
    sql: (fallback) =>
      `COALESCE(NULLIF(o.source, ''), NULLIF(CASE WHEN o.host LIKE 'www.%' THEN substr(o.host, 5) ELSE o.host END, ''), ${fallback})`,
    fallback: DIRECT_SOURCE,
  },
  campaign: { sql: (fallback) => `COALESCE(NULLIF(o.campaign, ''), ${fallback})`, fallback: NO_CAMPAIGN },
  landing: { sql: (fallback) => `COALESCE(NULLIF(o.landing, ''), ${fallback})`, fallback: NO_LANDING },
};

/**
 * Every group of leads received since `since` (ISO time) by source, campaign and landing page, merged
 * leads left out; unsorted. One pass over the leads of the period (SQLite reads it from an index that holds
 * the attribution too, leads_origin), kept by the database while it groups it three ways. The status and
 * the deal's value are the copies on the lead (pipeline-migrations.ts).
 */
export async function originBreakdownRows(
  db: Queryable,
  since: string,
): Promise<Record<OriginGrouping, OriginGroup[]>> {
  const groups = GROUPINGS.map(
    (grouping, index) =>
      `SELECT '${grouping}' AS grouped_by, g.label, count(*) AS leads, sum(CASE WHEN g.status = 'ganado' THEN 1 ELSE 0 END) AS won,
         CAST(COALESCE(sum(CASE WHEN g.status = 'ganado' AND g.value > 0 THEN g.value END), 0) AS BIGINT) AS won_value
       FROM (SELECT ${LABELS[grouping].sql(`$${String(index + 2)}`)} AS label, o.status, o.value FROM o) g
       GROUP BY g.label`,
  );
  const rows = await db.all<{ grouped_by: string }>(
    `WITH o AS MATERIALIZED (
       SELECT ${jsonText(db.dialect, 'utm_source')} AS source, ${jsonText(db.dialect, 'utm_campaign')} AS campaign,
         ${jsonText(db.dialect, 'landing')} AS landing, ${hostOf(db.dialect, jsonText(db.dialect, 'referrer'))} AS host,
         l.work_status AS status, l.deal_value AS value
       FROM leads l
       WHERE l.received_at >= $1 AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)
     )
     ${groups.join(' UNION ALL ')}`,
    [since, ...GROUPINGS.map((grouping) => LABELS[grouping].fallback)],
  );
  const breakdown: Record<OriginGrouping, OriginGroup[]> = { source: [], campaign: [], landing: [] };
  for (const row of rows) {
    const grouping = GROUPINGS.find((each) => each === row.grouped_by);
    if (grouping) breakdown[grouping].push(groupRow(row));
  }
  return breakdown;
}

/** One grouping of `originBreakdownRows`. */
export async function originGroups(db: Queryable, since: string, grouping: OriginGrouping): Promise<OriginGroup[]> {
  return (await originBreakdownRows(db, since))[grouping];
}
