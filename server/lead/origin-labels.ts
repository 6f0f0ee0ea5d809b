/**
 * A lead's source, campaign and landing page as SQL over its `attribution` JSON, on both engines: the
 * labels ./attribution.ts gives a single lead (the `utm_source`, else the referrer's host without
 * `www.`), before the placeholder for none. The referrer is stored as an origin and path
 * (core/attribution.ts), so its host is what lies between `://` and the next `/` or `:`. Read by the
 * dashboard's grouping (./dashboard-store.ts) and by the triggers that keep its summary
 * (server/admin/store/summary-migrations.ts).
 */
import type { Dialect } from '../db/storage.ts';

export type OriginGrouping = 'source' | 'campaign' | 'landing';

export const GROUPINGS: readonly OriginGrouping[] = ['source', 'campaign', 'landing'];

function jsonText(dialect: Dialect, row: string, key: string): string {
  return dialect === 'postgres'
    ? `(${row}.attribution::json ->> '${key}')`
    : `json_extract(${row}.attribution, '$.${key}')`;
}

function hostOf(dialect: Dialect, url: string): string {
  if (dialect === 'postgres') return `split_part(split_part(split_part(${url}, '://', 2), '/', 1), ':', 1)`;
  const afterScheme = `substr(${url}, instr(${url}, '://') + 3)`;
  const hostAndPort = `substr(${afterScheme}, 1, instr(${afterScheme} || '/', '/') - 1)`;
  return `substr(${hostAndPort}, 1, instr(${hostAndPort} || ':', ':') - 1)`;
}

/** The raw parts of `row`'s origin (NULL when unknown), as columns `source`, `campaign`, `landing`, `host`. */
export function originColumns(dialect: Dialect, row: string): string {
  return `${jsonText(dialect, row, 'utm_source')} AS source, ${jsonText(dialect, row, 'utm_campaign')} AS campaign,
    ${jsonText(dialect, row, 'landing')} AS landing, ${hostOf(dialect, jsonText(dialect, row, 'referrer'))} AS host`;
}

/** Each grouping's label from the columns of `o` (see originColumns), or `none` when the lead has none. */
export const LABELS: Readonly<Record<OriginGrouping, (none: string) => string>> = {
  source: (none) =>
    `COALESCE(NULLIF(o.source, ''), NULLIF(CASE WHEN o.host LIKE 'www.%' THEN substr(o.host, 5) ELSE o.host END, ''), ${none})`,
  campaign: (none) => `COALESCE(NULLIF(o.campaign, ''), ${none})`,
  landing: (none) => `COALESCE(NULLIF(o.landing, ''), ${none})`,
};
