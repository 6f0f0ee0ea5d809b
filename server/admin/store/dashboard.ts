/**
 * The dashboard's counts computed by the database, on both engines: leads per Mexico City week and kind of
 * form, the pipeline by status, the funnel and the median time to first contact. Only a few dozen numbers
 * leave the database, however many leads the period holds (reading every lead into JavaScript cost
 * 133 ms of server CPU per load at 10,000 leads). `buildDashboard` (../stats.ts) is the same calculation
 * over rows; the tests check that both agree.
 */
import { addDays, zonedTimeToUtc } from '../../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../../core/forms/kinds.ts';
import type { Queryable, SqlValue } from '../../db/storage.ts';
import { CONTACTED_STATUSES, isLeadStatus, LEAD_STATUSES, type LeadStatus } from '../lifecycle.ts';
import type { Dashboard } from '../stats.ts';
import { dashboardFromSummary, summaryCovers, summaryWeekAt } from './summary.ts';

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

const kindOfFormType = (formType: number): LeadKind | undefined =>
  LEAD_KIND_IDS.find((kind) => LEAD_KINDS[kind].formType === formType);

const WEEK_MS = 7 * 86_400_000;

/** Which week a lead fell in, counted from `$1`, in whole milliseconds as each engine writes them. */
const WEEK_OF: Readonly<Record<Queryable['dialect'], string>> = {
  sqlite: `CAST(round((julianday(l.received_at) - julianday($1)) * 86400000) AS INTEGER) / ${String(WEEK_MS)}`,
  postgres: `CAST(floor(extract(epoch FROM (l.received_at::timestamptz - CAST($1 AS TEXT)::timestamptz)) * 1000 / ${String(WEEK_MS)}) AS INTEGER)`,
};

type WeekRow = { week: number | string; form_type: number | string; n: number | string };

/**
 * Leads per week and kind of form. Weeks of exactly seven days (Mexico City keeps one offset all year) are
 * numbered by arithmetic in one pass over the period; otherwise each week is a range joined to the leads,
 * which PostgreSQL compared with every lead (4 s at 100,000 leads).
 */
async function weekRows(db: Queryable, weeks: readonly string[]): Promise<WeekRow[]> {
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

async function weekCounts(db: Queryable, weeks: readonly string[]): Promise<Dashboard['weeks']> {
  const counted = weeks.map((start) => ({
    start,
    counts: Object.fromEntries(LEAD_KIND_IDS.map((kind) => [kind, 0])) as Record<LeadKind, number>,
    total: 0,
  }));
  if (weeks.length === 0) return counted;
  const rows = await weekRows(db, weeks);
  for (const row of rows) {
    const week = counted[Number(row.week)];
    const kind = kindOfFormType(Number(row.form_type));
    if (!week || !kind) continue;
    week.counts[kind] += Number(row.n);
    week.total += Number(row.n);
  }
  return counted;
}

async function medianWait(db: Queryable, since: string, contacted: number): Promise<number | undefined> {
  if (contacted === 0) return undefined;
  const wait = WAIT_MS[db.dialect];
  const middle = Math.floor((contacted - 1) / 2);
  const rows = await db.all<{ wait: number | string }>(
    `SELECT ${wait} AS wait FROM leads l
     WHERE l.received_at >= $1 AND l.first_contact_at IS NOT NULL AND ${NOT_MERGED}
     ORDER BY wait LIMIT $2 OFFSET $3`,
    [since, contacted % 2 ? 1 : 2, middle],
  );
  // A contact recorded before the arrival (a clock off) counts as immediate; waits count in whole minutes, as
  // the summary keeps them (and as the dashboard shows them).
  const values = rows.map((row) => Math.round(Math.max(0, Number(row.wait)) / 60_000) * 60_000);
  if (values.length === 0) return undefined;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * Everything the dashboard shows for the leads received since `since` (the first of `weeks`, at 00:00):
 * from the weekly summary when its weeks are the dashboard's (always, since Mexico City dropped daylight
 * saving time), else counted from the leads.
 */
export async function dashboardTotals(db: Queryable, weeks: readonly string[], since: string): Promise<Dashboard> {
  const covered = summaryCovers(weeks, (day) => zonedTimeToUtc(day, '00:00')) && summaryWeekAt(since) === weeks[0];
  return covered ? dashboardFromSummary(db, weeks) : countDashboard(db, weeks, since);
}

/** The dashboard counted from the leads of the period themselves (any weeks; the summary's reference). */
export async function countDashboard(db: Queryable, weeks: readonly string[], since: string): Promise<Dashboard> {
  // The status and its contact and proposal times are copied onto the lead (pipeline-migrations.ts): one
  // pass over an index (leads_period) that holds every column this reads, no other table joined.
  const statuses = await db.all<{
    status: string;
    n: number | string;
    contacted: number | string;
    proposed: number | string;
  }>(
    `SELECT l.work_status AS status, count(*) AS n,
       sum(CASE WHEN l.first_contact_at IS NOT NULL THEN 1 ELSE 0 END) AS contacted,
       sum(CASE WHEN l.proposal_at IS NOT NULL THEN 1 ELSE 0 END) AS proposed
     FROM leads l
     WHERE l.received_at >= $1 AND ${NOT_MERGED}
     GROUP BY l.work_status`,
    [since],
  );
  const pipeline = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const funnel = { received: 0, contacted: 0, proposal: 0, won: 0 };
  let withContact = 0;
  for (const row of statuses) {
    const status: LeadStatus = isLeadStatus(row.status) ? row.status : 'nuevo';
    const n = Number(row.n);
    pipeline[status] += n;
    funnel.received += n;
    // Each stage includes the later ones, so the funnel never widens.
    funnel.contacted += CONTACTED_STATUSES.has(status) ? n : Number(row.contacted);
    funnel.proposal += status === 'ganado' ? n : Number(row.proposed);
    if (status === 'ganado') funnel.won += n;
    withContact += Number(row.contacted);
  }
  const closed = pipeline.ganado + pipeline.perdido;
  return {
    weeks: await weekCounts(db, weeks),
    pipeline,
    funnel,
    conversion: funnel.received ? funnel.won / funnel.received : undefined,
    winRate: closed ? pipeline.ganado / closed : undefined,
    medianFirstContactMs: await medianWait(db, since, withContact),
  };
}
