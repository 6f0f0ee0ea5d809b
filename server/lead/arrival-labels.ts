/**
 * A lead's arrival as the conversion counts it, in SQL on both engines: its day at UTC-6 (Mexico City's
 * offset all year since 2022), the landing page without its trailing slashes (NULL when the visit did not
 * say) and its `utm_campaign` ('' when none). Read by the count over the leads (./conversion-store.ts) and by the
 * triggers that keep the daily summary (server/monitoring/arrivals-migrations.ts): one definition, so both agree.
 */
import type { Dialect } from '../db/storage.ts';

/** Milliseconds between UTC and the summary's days (UTC-6). */
export const ARRIVAL_OFFSET_MS = 6 * 3_600_000;

function jsonText(dialect: Dialect, row: string, key: string): string {
  return dialect === 'postgres'
    ? `(${row}.attribution::json ->> '${key}')`
    : `json_extract(${row}.attribution, '$.${key}')`;
}

const DAY: Readonly<Record<Dialect, (row: string) => string>> = {
  sqlite: (row) => `date(${row}.received_at, '-6 hours')`,
  postgres: (row) =>
    `to_char(CAST(${row}.received_at AS timestamptz) AT TIME ZONE 'UTC' - interval '6 hours', 'YYYY-MM-DD')`,
};

/**
 * The derived table `a` of the arrivals of the rows `row` read by `from` (a FROM … WHERE clause, or '' in a
 * trigger over NEW/OLD), with columns `day`, `page` and `campaign`.
 */
export function arrivalsOf(dialect: Dialect, row: string, from: string): string {
  return `(SELECT r.day, CASE WHEN r.landing IS NULL OR r.landing = '' THEN NULL
        WHEN rtrim(r.landing, '/') = '' THEN '/' ELSE rtrim(r.landing, '/') END AS page,
      COALESCE(r.campaign, '') AS campaign
    FROM (SELECT ${DAY[dialect](row)} AS day, ${jsonText(dialect, row, 'landing')} AS landing,
      ${jsonText(dialect, row, 'utm_campaign')} AS campaign ${from}) r) a`;
}
