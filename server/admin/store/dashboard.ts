/**
 * The dashboard's counts computed by the database, on both engines: leads per Mexico City week and kind of
 * form, the pipeline by status, the funnel and the median time to first contact, from the grouped rows of
 * the lead's dashboard store (server/lead/dashboard-store.ts). `buildDashboard` (../stats.ts) is the same
 * calculation over rows; the tests check that both agree.
 */
import { zonedTimeToUtc } from '../../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../../core/forms/kinds.ts';
import type { Queryable } from '../../db/storage.ts';
import { firstContactWaits, statusRows, weekRows } from '../../lead/dashboard-store.ts';
import { CONTACTED_STATUSES, isLeadStatus, LEAD_STATUSES, type LeadStatus } from '../lifecycle.ts';
import type { Dashboard } from '../stats.ts';
import { dashboardFromSummary, summaryCovers, summaryWeekAt } from './summary.ts';

const kindOfFormType = (formType: number): LeadKind | undefined =>
  LEAD_KIND_IDS.find((kind) => LEAD_KINDS[kind].formType === formType);

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
  const middle = Math.floor((contacted - 1) / 2);
  const waits = await firstContactWaits(db, since, contacted % 2 ? 1 : 2, middle);
  // A contact recorded before the arrival (a clock off) counts as immediate; waits count in whole minutes, as
  // the summary keeps them (and as the dashboard shows them).
  const values = waits.map((wait) => Math.round(Math.max(0, wait) / 60_000) * 60_000);
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
  const statuses = await statusRows(db, since);
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
