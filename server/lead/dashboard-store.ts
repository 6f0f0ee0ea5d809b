/**
 * The dashboard's counts over the leads, grouped by the database on both engines: leads per Mexico City
 * week and kind of form, per status with their contact and proposal times, the waits to a first contact,
 * and per source, campaign and landing page. Only a few dozen rows leave the database, however many leads
 * the period holds (reading every lead into JavaScript cost 133 ms of server CPU per load at 10,000
 * leads). They return rows; the inbox turns them into its dashboard (server/admin/store/dashboard.ts,
 * origins.ts), and checks them against its weekly summary.
 */
import { addDays, zonedTimeToUtc } from '../../core/dates.ts';
import type { Queryable, Row, SqlValue } from '../db/storage.ts';
import { GROUPINGS, LABELS, originColumns, type OriginGrouping } from './origin-labels.ts';

/**
 * Merged leads are left out through one set of their ids, read once per query: a check per lead (NOT
 * EXISTS) took twice as long over the leads of a year.
 */
const NOT_MERGED = 'l.id NOT IN (SELECT lead_id FROM pipeline_merges)';

/** Milliseconds from a lead's arrival to its first contact, rounded, as each engine writes it. */
const WAIT_MS: Readonly<Record<Queryable['dialect'], string>> = {
  sqlite: 'round((julianday(l.first_contact_at) - julianday(l.received_at)) * 86400000)',
  postgres: 'round(extract(epoch FROM (l.first_contact_at::timestamptz - l.received_at::timestamptz)) * 1000)',
};

const WEEK_MS = 7 * 86_400_000;

/** Which week a lead fell in, counted from `$1`, in whole milliseconds as each engine writes them. */
const WEEK_OF: Readonly<Record<Queryable['dialect'], string>> = {
  sqlite: `CAST(round((julianday(l.received_at) - julianday($1)) * 86400000) AS INTEGER) / ${String(WEEK_MS)}`,
  postgres: `CAST(floor(extract(epoch FROM (l.received_at::timestamptz - CAST($1 AS TEXT)::timestamptz)) * 1000 / ${String(WEEK_MS)}) AS INTEGER)`,
};

/** The leads of one kind of form in one week (its index in the weeks asked for). */
export type WeekRow = { week: number | string; form_type: number | string; n: number | string };

/**
 * Leads per week (the Mexico City dates `weeks` start on, seven days each) and kind of form, merged ones
 * left out. Weeks of exactly seven days (Mexico City keeps one offset all year) are numbered by arithmetic
 * in one pass over the period; otherwise each week is a range joined to the leads, which PostgreSQL
 * compared with every lead (4 s at 100,000 leads).
 */
export async function weekRows(db: Queryable, weeks: readonly string[]): Promise<WeekRow[]> {
  const bounds = [...weeks, addDays(weeks.at(-1) ?? '', 7)].map((day) => zonedTimeToUtc(day, '00:00'));
  const even = bounds.every(
    (bound, index) => index === 0 || bound.getTime() - (bounds[index - 1]?.getTime() ?? 0) === WEEK_MS,
  );
  if (even)
    return db.all<WeekRow>(
      `SELECT ${WEEK_OF[db.dialect]} AS week, l.form_type, count(*) AS n FROM leads l
       WHERE l.received_at >= $1 AND l.received_at < $2 AND ${NOT_MERGED}
       GROUP BY ${WEEK_OF[db.dialect]}, l.form_type`,
      [bounds[0]?.toISOString() ?? '', bounds.at(-1)?.toISOString() ?? ''],
    );
  const params: SqlValue[] = [];
  const values = weeks.map((start, index) => {
    params.push(index, bounds[index]?.toISOString() ?? '', bounds[index + 1]?.toISOString() ?? '');
    const at = params.length;
    return `(CAST($${String(at - 2)} AS INTEGER), CAST($${String(at - 1)} AS TEXT), CAST($${String(at)} AS TEXT))`;
  });
  return db.all<WeekRow>(
    `WITH weeks (week, starts, ends) AS (VALUES ${values.join(', ')})
     SELECT w.week, l.form_type, count(*) AS n
     FROM weeks w JOIN leads l ON l.received_at >= w.starts AND l.received_at < w.ends
     WHERE ${NOT_MERGED}
     GROUP BY w.week, l.form_type`,
    params,
  );
}

/** The leads of one status, and how many of them were contacted and got a proposal. */
export type StatusRow = { status: string; n: number | string; contacted: number | string; proposed: number | string };

/**
 * The leads received since `since` per status, merged ones left out. The status and its contact and
 * proposal times are copied onto the lead (server/admin/store/pipeline-migrations.ts): one pass over an
 * index (leads_period) that holds every column this reads, no other table joined.
 */
export function statusRows(db: Queryable, since: string): Promise<StatusRow[]> {
  return db.all<StatusRow>(
    `SELECT l.work_status AS status, count(*) AS n,
       sum(CASE WHEN l.first_contact_at IS NOT NULL THEN 1 ELSE 0 END) AS contacted,
       sum(CASE WHEN l.proposal_at IS NOT NULL THEN 1 ELSE 0 END) AS proposed
     FROM leads l
     WHERE l.received_at >= $1 AND ${NOT_MERGED}
     GROUP BY l.work_status`,
    [since],
  );
}

/**
 * The waits (milliseconds) from arrival to first contact of the contacted leads received since `since`,
 * shortest first, `count` of them after skipping `skip`: the middle one or two give the median.
 */
export async function firstContactWaits(db: Queryable, since: string, count: number, skip: number): Promise<number[]> {
  const rows = await db.all<{ wait: number | string }>(
    `SELECT ${WAIT_MS[db.dialect]} AS wait FROM leads l
     WHERE l.received_at >= $1 AND l.first_contact_at IS NOT NULL AND ${NOT_MERGED}
     ORDER BY wait LIMIT $2 OFFSET $3`,
    [since, count, skip],
  );
  return rows.map((row) => Number(row.wait));
}

/**
 * One group of leads by origin (columns grouped_by, label, leads, won, won_value): how many, how many won,
 * and what the won ones are worth.
 */
type OriginRow = Row & { grouped_by: string };

/**
 * Every group of leads received since `since` (ISO time) by source, campaign and landing page, merged
 * leads left out, `none` the label of leads without one; unsorted. One pass over the leads of the period
 * (SQLite reads it from an index that holds the attribution too, leads_origin), kept by the database while
 * it groups it three ways. The status and the deal's value are the copies on the lead.
 */
export function originRows(
  db: Queryable,
  since: string,
  none: Readonly<Record<OriginGrouping, string>>,
): Promise<OriginRow[]> {
  const groups = GROUPINGS.map(
    (grouping, index) =>
      `SELECT '${grouping}' AS grouped_by, g.label, count(*) AS leads, sum(CASE WHEN g.status = 'ganado' THEN 1 ELSE 0 END) AS won,
         CAST(COALESCE(sum(CASE WHEN g.status = 'ganado' AND g.value > 0 THEN g.value END), 0) AS BIGINT) AS won_value
       FROM (SELECT ${LABELS[grouping](`$${String(index + 2)}`)} AS label, o.status, o.value FROM o) g
       GROUP BY g.label`,
  );
  return db.all<OriginRow>(
    `WITH o AS MATERIALIZED (
       SELECT ${originColumns(db.dialect, 'l')}, l.work_status AS status, l.deal_value AS value
       FROM leads l
       WHERE l.received_at >= $1 AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)
     )
     ${groups.join(' UNION ALL ')}`,
    [since, ...GROUPINGS.map((grouping) => none[grouping])],
  );
}
