/**
 * The leads per landing page and per campaign the conversion counts (server/monitoring/conversion.ts), grouped
 * by the database from each lead's attribution as ./arrival-labels.ts reads it: only the groups leave it,
 * however many leads the period holds.
 */
import type { Queryable } from '../db/storage.ts';
import { arrivalsOf } from './arrival-labels.ts';

/** The leads of one landing page (`grouped_by` 'page') or one campaign ('campaign'). */
export type ArrivalRow = { grouped_by: string; label: string; n: number | string };

/**
 * Leads received from `from` to `to` (ISO times) per landing page and per campaign; those without a
 * campaign under `noCampaign`.
 */
export function arrivalRows(db: Queryable, from: string, to: string, noCampaign: string): Promise<ArrivalRow[]> {
  return db.all<ArrivalRow>(
    `WITH a AS MATERIALIZED (SELECT a.page, a.campaign FROM ${arrivalsOf(db.dialect, 'leads', 'FROM leads WHERE received_at >= $1 AND received_at < $2')})
     SELECT g.grouped_by, g.label, count(*) AS n FROM (
       SELECT 'page' AS grouped_by, page AS label FROM a WHERE page IS NOT NULL
       UNION ALL
       SELECT 'campaign', CASE WHEN campaign = '' THEN CAST($3 AS TEXT) ELSE campaign END FROM a
     ) g GROUP BY g.grouped_by, g.label`,
    [from, to, noCampaign],
  );
}
