/**
 * The dashboard read from its weekly summary (./summary-migrations.ts), on both engines: a few hundred
 * rows per year whatever the number of leads, summed by the database. Each reader answers only for a
 * period that starts on a Monday at 00:00 UTC-6 (the summary's weeks); for any other the callers count the
 * leads themselves.
 */
import { z } from 'zod';
import { addDays } from '../../../core/dates.ts';
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../../core/forms/kinds.ts';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import type { OriginGroup } from '../attribution-stats.ts';
import { CONTACTED_STATUSES, isLeadStatus, LEAD_STATUSES, type LeadStatus } from '../lifecycle.ts';
import type { ClosedDeals, StatusValue } from '../money.ts';
import type { Dashboard } from '../stats.ts';
import { GROUPINGS, type OriginGrouping } from '../../lead/origin-labels.ts';

const SUMMARY_OFFSET_MS = 6 * 3_600_000;

/** The summary's week (its Monday) that starts exactly at `at` (ISO time), or undefined. */
export function summaryWeekAt(at: string): string | undefined {
  const instant = new Date(at).getTime();
  if (Number.isNaN(instant)) return undefined;
  const local = new Date(instant - SUMMARY_OFFSET_MS);
  const midnight = local.getUTCHours() + local.getUTCMinutes() + local.getUTCSeconds() + local.getUTCMilliseconds();
  return local.getUTCDay() === 1 && midnight === 0 ? local.toISOString().slice(0, 10) : undefined;
}

/** Whether each of `weeks` (Mondays) and the end of the last starts at UTC-6, given its start as an instant. */
export function summaryCovers(weeks: readonly string[], startOf: (day: string) => Date): boolean {
  const last = weeks.at(-1);
  if (last === undefined) return false;
  return [...weeks, addDays(last, 7)].every((day) => summaryWeekAt(startOf(day).toISOString()) === day);
}

const count = z.coerce.number().int();

const weekRow = rowParser('inbox_summary_leads', z.object({ week: z.string(), form_type: count, leads: count }));
const statusRow = rowParser(
  'inbox_summary_leads',
  z.object({ status: z.string(), leads: count, contacted: count, proposed: count }),
);
const waitRow = rowParser('inbox_summary_waits', z.object({ minutes: count }));
const valueRow = rowParser(
  'inbox_summary_leads',
  z.object({ status: z.string(), deals: count, value_mxn: count.nullable() }),
);
const originRow = rowParser(
  'inbox_summary_origins',
  z.object({ grouped_by: z.string(), label: z.string(), leads: count, won: count, won_value_mxn: count }),
);

const kindOfFormType = (formType: number): LeadKind | undefined =>
  LEAD_KIND_IDS.find((kind) => LEAD_KINDS[kind].formType === formType);

/**
 * The median of the whole minutes to first contact, in milliseconds: the database adds up each minute's
 * leads in order and returns only the one or two minutes in the middle.
 */
async function medianWait(db: Queryable, firstWeek: string): Promise<number | undefined> {
  const rows = await db.all(
    `WITH w AS (
       SELECT minutes, sum(leads) AS n FROM inbox_summary_waits WHERE week >= $1 GROUP BY minutes HAVING sum(leads) > 0
     ), c AS (
       SELECT minutes, CAST(sum(n) OVER (ORDER BY minutes) AS BIGINT) AS upto, CAST(n AS BIGINT) AS n,
         CAST(sum(n) OVER () AS BIGINT) AS total
       FROM w
     )
     SELECT minutes FROM c WHERE upto > (total - 1) / 2 AND upto - n <= total / 2 ORDER BY minutes`,
    [firstWeek],
  );
  const minutes = rows.map((row) => waitRow(row).minutes);
  const low = minutes[0];
  const high = minutes.at(-1);
  return low === undefined || high === undefined ? undefined : ((low + high) / 2) * 60_000;
}

/** Everything the dashboard shows for `weeks` (consecutive Mondays the summary covers), from the summary. */
export async function dashboardFromSummary(db: Queryable, weeks: readonly string[]): Promise<Dashboard> {
  const first = weeks[0] ?? '';
  const [perWeek, perStatus, medianFirstContactMs] = await Promise.all([
    db.all(
      `SELECT week, form_type, sum(leads) AS leads FROM inbox_summary_leads
       WHERE week >= $1 AND week <= $2 GROUP BY week, form_type`,
      [first, weeks.at(-1) ?? first],
    ),
    db.all(
      `SELECT status, sum(leads) AS leads, sum(contacted * leads) AS contacted, sum(proposed * leads) AS proposed
       FROM inbox_summary_leads WHERE week >= $1 GROUP BY status`,
      [first],
    ),
    medianWait(db, first),
  ]);
  const index = new Map(weeks.map((week, position) => [week, position]));
  const counted = weeks.map((start) => ({
    start,
    counts: Object.fromEntries(LEAD_KIND_IDS.map((kind) => [kind, 0])) as Record<LeadKind, number>,
    total: 0,
  }));
  for (const row of perWeek.map(weekRow)) {
    const week = counted[index.get(row.week) ?? -1];
    const kind = kindOfFormType(row.form_type);
    if (!week || !kind) continue;
    week.counts[kind] += row.leads;
    week.total += row.leads;
  }
  const pipeline = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const funnel = { received: 0, contacted: 0, proposal: 0, won: 0 };
  for (const row of perStatus.map(statusRow)) {
    const status: LeadStatus = isLeadStatus(row.status) ? row.status : 'nuevo';
    pipeline[status] += row.leads;
    funnel.received += row.leads;
    // Each stage includes the later ones, so the funnel never widens.
    funnel.contacted += CONTACTED_STATUSES.has(status) ? row.leads : row.contacted;
    funnel.proposal += status === 'ganado' ? row.leads : row.proposed;
    if (status === 'ganado') funnel.won += row.leads;
  }
  const closed = pipeline.ganado + pipeline.perdido;
  return {
    weeks: counted,
    pipeline,
    funnel,
    conversion: funnel.received ? funnel.won / funnel.received : undefined,
    winRate: closed ? pipeline.ganado / closed : undefined,
    medianFirstContactMs,
  };
}

/** Leads with a deal value by status now, all weeks (the open pipeline's worth). */
export async function valuesByStatus(db: Queryable): Promise<StatusValue[]> {
  const rows = await db.all(
    `SELECT status, CAST(sum(valued) AS BIGINT) AS deals, CAST(sum(value_mxn) AS BIGINT) AS value_mxn
     FROM inbox_summary_leads WHERE valued <> 0 GROUP BY status`,
  );
  return rows
    .map(valueRow)
    .flatMap((row) =>
      isLeadStatus(row.status) && row.deals > 0
        ? [{ status: row.status, deals: row.deals, valueMxn: row.value_mxn ?? 0 }]
        : [],
    );
}

/** Won and lost leads received since `firstWeek`, with their values. */
export async function closedSince(db: Queryable, firstWeek: string): Promise<ClosedDeals[]> {
  const rows = await db.all(
    `SELECT status, CAST(sum(leads) AS BIGINT) AS deals, CAST(sum(value_mxn) AS BIGINT) AS value_mxn
     FROM inbox_summary_leads WHERE week >= $1 AND status IN ('ganado', 'perdido') GROUP BY status`,
    [firstWeek],
  );
  return rows
    .map(valueRow)
    .flatMap((row) =>
      (row.status === 'ganado' || row.status === 'perdido') && row.deals > 0
        ? [{ status: row.status, count: row.deals, valueMxn: row.value_mxn ?? 0 }]
        : [],
    );
}

/** Leads received since `firstWeek` by source, campaign and landing page; `none` names those without one. */
export async function originsSince(
  db: Queryable,
  firstWeek: string,
  none: Readonly<Record<OriginGrouping, string>>,
): Promise<Record<OriginGrouping, OriginGroup[]>> {
  const rows = await db.all(
    `SELECT g.grouped_by, g.label, CAST(sum(g.leads) AS BIGINT) AS leads, CAST(sum(g.won) AS BIGINT) AS won,
       CAST(sum(g.won_value_mxn) AS BIGINT) AS won_value_mxn
     FROM (SELECT grouped_by, leads, won, won_value_mxn,
         CASE WHEN label <> '' THEN label WHEN grouped_by = 'source' THEN CAST($2 AS TEXT)
           WHEN grouped_by = 'campaign' THEN CAST($3 AS TEXT) ELSE CAST($4 AS TEXT) END AS label
       FROM inbox_summary_origins WHERE week >= $1) g
     GROUP BY g.grouped_by, g.label HAVING sum(g.leads) > 0`,
    [firstWeek, none.source, none.campaign, none.landing],
  );
  const breakdown: Record<OriginGrouping, OriginGroup[]> = { source: [], campaign: [], landing: [] };
  for (const row of rows.map(originRow)) {
    const grouping = GROUPINGS.find((each) => each === row.grouped_by);
    if (grouping)
      breakdown[grouping].push({ label: row.label, leads: row.leads, won: row.won, wonValue: row.won_value_mxn });
  }
  return breakdown;
}

/** A list filter the summary can count: nothing but a status and a kind of form. */
export interface SummaryCountable {
  status?: string;
  formType?: number;
}

/**
 * How many leads (merged ones left out) have the status and the kind of form asked, from the summary: the
 * inbox's total without counting every lead (a count of 100,000 rows took most of a page on PostgreSQL).
 */
export async function summaryTotal(db: Queryable, filter: SummaryCountable): Promise<number> {
  const params: Array<string | number> = [];
  const conditions: string[] = [];
  if (filter.status !== undefined) {
    params.push(filter.status);
    conditions.push(`status = $${String(params.length)}`);
  }
  if (filter.formType !== undefined) {
    params.push(filter.formType);
    conditions.push(`form_type = $${String(params.length)}`);
  }
  const row = await db.get(
    `SELECT CAST(COALESCE(sum(leads), 0) AS BIGINT) AS n FROM inbox_summary_leads
     ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`,
    params,
  );
  return row ? totalRow(row).n : 0;
}

const totalRow = rowParser('inbox_summary_leads', z.object({ n: count }));

/** Leads per status now and the sum of their values (merged ones left out), for the unfiltered board. */
export async function statusTotals(db: Queryable): Promise<Array<{ status: string; leads: number; valueMxn: number }>> {
  const rows = await db.all(
    `SELECT status, CAST(sum(leads) AS BIGINT) AS deals, CAST(sum(value_mxn) AS BIGINT) AS value_mxn
     FROM inbox_summary_leads GROUP BY status`,
  );
  return rows.map(valueRow).map((row) => ({ status: row.status, leads: row.deals, valueMxn: row.value_mxn ?? 0 }));
}
