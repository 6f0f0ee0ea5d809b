/**
 * Which pages and campaigns bring leads: views counted by the pages' beacons (`page_views`) beside the leads
 * whose visit landed on that page or came with that `utm_campaign`, and the conversion of one into the
 * other, for a period and the same length of time before it, so a page whose conversion fell shows it.
 */
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import type { Queryable } from '../db/storage.ts';
import { ARRIVAL_OFFSET_MS } from '../lead/arrival-labels.ts';
import { arrivalRows, type ArrivalRow } from '../lead/conversion-store.ts';

export const NO_CAMPAIGN_LABEL = 'Sin campaña';

export interface ConversionRow {
  label: string;
  views: number;
  leads: number;
  /** leads / views; undefined without views. */
  rate: number | undefined;
  /** The same of the period before. */
  previousRate: number | undefined;
  /** The rate fell to half or less of the period before (with views in both). */
  fell: boolean;
}

export interface Conversion {
  byPage: ConversionRow[];
  byCampaign: ConversionRow[];
}

/** Rows shown per table: the pages and campaigns with most views or leads. */
const SHOWN = 10;

interface Counts {
  views: Map<string, number>;
  leads: Map<string, number>;
}

type Grouped = ArrivalRow;

/** The groups of one query as counts per page and per campaign. */
function grouped(rows: readonly Grouped[]): { page: Map<string, number>; campaign: Map<string, number> } {
  const page = new Map<string, number>();
  const campaign = new Map<string, number>();
  for (const row of rows) (row.grouped_by === 'page' ? page : campaign).set(row.label, Number(row.n));
  return { page, campaign };
}

const DAY_MS = 86_400_000;

/** Adds the groups of `rows` to `into`. */
function addGroups(into: { page: Map<string, number>; campaign: Map<string, number> }, rows: readonly Grouped[]) {
  for (const row of rows) {
    const map = row.grouped_by === 'page' ? into.page : into.campaign;
    map.set(row.label, (map.get(row.label) ?? 0) + Number(row.n));
  }
}

/** Leads received from `from` to `to` (ISO times) per landing page and per campaign, counted from the leads. */
export function countArrivals(db: Queryable, from: string, to: string): Promise<Grouped[]> {
  return arrivalRows(db, from, to, NO_CAMPAIGN_LABEL);
}

/** Leads of the whole days `firstDay` to `lastDay` (at UTC-6) per landing page and campaign, from the summary. */
function summedArrivals(db: Queryable, firstDay: string, lastDay: string): Promise<Grouped[]> {
  return db.all<Grouped>(
    `SELECT g.grouped_by, g.label, sum(g.leads) AS n FROM (
       SELECT grouped_by, CASE WHEN grouped_by = 'campaign' AND label = '' THEN CAST($3 AS TEXT) ELSE label END AS label,
         leads
       FROM lead_arrivals WHERE day >= $1 AND day <= $2
     ) g GROUP BY g.grouped_by, g.label`,
    [firstDay, lastDay, NO_CAMPAIGN_LABEL],
  );
}

/** The day (at UTC-6) that starts exactly at `instant`, or undefined. */
function dayStartingAt(instant: number): string | undefined {
  const local = instant - ARRIVAL_OFFSET_MS;
  return local % DAY_MS === 0 ? new Date(local).toISOString().slice(0, 10) : undefined;
}

/**
 * Leads received from `from` to `to` per landing page and campaign: the whole days at UTC-6 from the daily
 * summary (./arrivals-migrations.ts), the rest of the last day (today, up to now) from the leads. A period
 * that does not start at a day's start is counted from the leads whole.
 */
export async function arrivalsBetween(db: Queryable, from: string, to: string): Promise<Grouped[]> {
  const start = Date.parse(from);
  const end = Date.parse(to);
  const firstDay = dayStartingAt(start);
  const lastStart = Math.floor((end - ARRIVAL_OFFSET_MS) / DAY_MS) * DAY_MS + ARRIVAL_OFFSET_MS;
  if (firstDay === undefined || lastStart <= start) return countArrivals(db, from, to);
  const lastDay = new Date(lastStart - DAY_MS - ARRIVAL_OFFSET_MS).toISOString().slice(0, 10);
  const [whole, rest] = await Promise.all([
    summedArrivals(db, firstDay, lastDay),
    lastStart < end ? countArrivals(db, new Date(lastStart).toISOString(), to) : [],
  ]);
  return [...whole, ...rest];
}

/**
 * Views per page and per campaign, and leads per landing page and per campaign, counted and grouped by the
 * database: only the groups leave it, however many leads the period holds. A landing page is counted
 * without its trailing slashes (the beacons' pages have none); a lead or view without a campaign counts
 * under «Sin campaña». The attribution is read as the API stored it, already cleaned (core/attribution.ts).
 */
async function countsFor(db: Queryable, fromDay: string, toDay: string, from: string, to: string) {
  const [views, leads] = await Promise.all([
    db.all<Grouped>(
      `SELECT g.grouped_by, g.label, sum(g.n) AS n FROM (
         SELECT 'page' AS grouped_by, page AS label, count AS n FROM page_views WHERE day >= $1 AND day <= $2
         UNION ALL
         SELECT 'campaign', COALESCE(NULLIF(campaign, ''), CAST($3 AS TEXT)), count FROM page_views
         WHERE day >= $1 AND day <= $2
       ) g GROUP BY g.grouped_by, g.label`,
      [fromDay, toDay, NO_CAMPAIGN_LABEL],
    ),
    arrivalsBetween(db, from, to),
  ]);
  const viewed = grouped(views);
  const led = { page: new Map<string, number>(), campaign: new Map<string, number>() };
  addGroups(led, leads);
  return {
    byPage: { views: viewed.page, leads: led.page },
    byCampaign: { views: viewed.campaign, leads: led.campaign },
  };
}

function rows(current: Counts, previous: Counts): ConversionRow[] {
  const rateOf = (counts: Counts, label: string) => {
    const views = counts.views.get(label) ?? 0;
    return views > 0 ? (counts.leads.get(label) ?? 0) / views : undefined;
  };
  const labels = new Set([...current.views.keys(), ...current.leads.keys()]);
  return [...labels]
    .map((label) => {
      const rate = rateOf(current, label);
      const previousRate = rateOf(previous, label);
      return {
        label,
        views: current.views.get(label) ?? 0,
        leads: current.leads.get(label) ?? 0,
        rate,
        previousRate,
        fell: rate !== undefined && previousRate !== undefined && previousRate > 0 && rate <= previousRate / 2,
      };
    })
    .sort((a, b) => b.leads - a.leads || b.views - a.views || a.label.localeCompare(b.label, 'es-MX'))
    .slice(0, SHOWN);
}

/** Views, leads and conversion from `fromDay` (Mexico City, `since` its start in UTC) up to `now`. */
export async function conversionSince(db: Queryable, fromDay: string, since: Date, now: Date): Promise<Conversion> {
  const toDay = todayInMexicoCity(now);
  const days = Math.max(1, Math.round((now.getTime() - since.getTime()) / 86_400_000));
  // A lead received at this very instant counts: the window's end is just past now.
  const current = await countsFor(db, fromDay, toDay, since.toISOString(), new Date(now.getTime() + 1).toISOString());
  const before = new Date(since.getTime() - days * 86_400_000);
  const previous = await countsFor(
    db,
    addDays(fromDay, -days),
    addDays(fromDay, -1),
    before.toISOString(),
    since.toISOString(),
  );
  return {
    byPage: rows(current.byPage, previous.byPage),
    byCampaign: rows(current.byCampaign, previous.byCampaign),
  };
}
