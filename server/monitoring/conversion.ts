/**
 * Which pages and campaigns bring leads: views counted by the pages' beacons (`page_views`) beside the leads
 * whose visit landed on that page or came with that `utm_campaign`, and the conversion of one into the
 * other, for a period and the same length of time before it, so a page whose conversion fell shows it.
 */
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import { attributionColumn } from '../db/attribution.ts';
import type { Queryable } from '../db/storage.ts';

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

const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

async function countsFor(db: Queryable, fromDay: string, toDay: string, from: string, to: string) {
  const byPage: Counts = { views: new Map(), leads: new Map() };
  const byCampaign: Counts = { views: new Map(), leads: new Map() };
  const views = await db.all<{ page: string; campaign: string; n: number }>(
    'SELECT page, campaign, sum(count) AS n FROM page_views WHERE day >= $1 AND day <= $2 GROUP BY page, campaign',
    [fromDay, toDay],
  );
  for (const row of views) {
    bump(byPage.views, row.page, row.n);
    bump(byCampaign.views, row.campaign || NO_CAMPAIGN_LABEL, row.n);
  }
  const leads = await db.all<{ attribution: string | null }>(
    'SELECT attribution FROM leads WHERE received_at >= $1 AND received_at < $2',
    [from, to],
  );
  for (const row of leads) {
    const attribution = attributionColumn.parse(row.attribution);
    if (attribution?.landing) bump(byPage.leads, attribution.landing.replace(/(.)\/+$/, '$1'));
    bump(byCampaign.leads, attribution?.utm_campaign ?? NO_CAMPAIGN_LABEL);
  }
  return { byPage, byCampaign };
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
