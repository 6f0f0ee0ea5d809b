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

const LABELS: Readonly<Record<OriginGrouping, { sql: string; fallback: string }>> = {
  source: {
    sql: "COALESCE(NULLIF(o.source, ''), NULLIF(CASE WHEN o.host LIKE 'www.%' THEN substr(o.host, 5) ELSE o.host END, ''), $2)",
    fallback: DIRECT_SOURCE,
  },
  campaign: { sql: "COALESCE(NULLIF(o.campaign, ''), $2)", fallback: NO_CAMPAIGN },
  landing: { sql: "COALESCE(NULLIF(o.landing, ''), $2)", fallback: NO_LANDING },
};

/**
 * Every group of leads received since `since` (ISO time), merged leads left out; unsorted. The status and
 * the deal's value are the copies on the lead (pipeline-migrations.ts): one pass over the leads of the
 * period, which SQLite reads from an index that holds the attribution too (leads_origin).
 */
export async function originGroups(db: Queryable, since: string, grouping: OriginGrouping): Promise<OriginGroup[]> {
  const { sql, fallback } = LABELS[grouping];
  const rows = await db.all(
    `SELECT g.label, count(*) AS leads, sum(CASE WHEN g.status = 'ganado' THEN 1 ELSE 0 END) AS won,
       CAST(COALESCE(sum(CASE WHEN g.status = 'ganado' AND g.value > 0 THEN g.value END), 0) AS BIGINT) AS won_value
     FROM (
       SELECT ${sql} AS label, o.status, o.value FROM (
         SELECT ${jsonText(db.dialect, 'utm_source')} AS source, ${jsonText(db.dialect, 'utm_campaign')} AS campaign,
           ${jsonText(db.dialect, 'landing')} AS landing, ${hostOf(db.dialect, jsonText(db.dialect, 'referrer'))} AS host,
           l.work_status AS status, l.deal_value AS value
         FROM leads l
         WHERE l.received_at >= $1 AND NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)
       ) o
     ) g
     GROUP BY g.label`,
    [since, fallback],
  );
  return rows.map(groupRow);
}
