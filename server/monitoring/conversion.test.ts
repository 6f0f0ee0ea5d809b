/**
 * The page and campaign conversion grouped by the database gives the answers the lead-by-lead grouping in
 * JavaScript gave (kept here as the reference), on both engines: views by page and campaign, leads by
 * landing page (trailing slashes dropped) and campaign, without either, before and inside the period, at
 * its very end, and the period before for the fall mark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInMexicoCity, zonedTimeToUtc } from '../../core/dates.ts';
import { attributionColumn } from '../lead/attribution-store.ts';
import type { Queryable, Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { conversionSince, NO_CAMPAIGN_LABEL, type Conversion, type ConversionRow } from './conversion.ts';
import { openTestStorage } from '../testing/storage.ts';

const NOW = new Date('2026-11-25T18:00:00.000Z');
const FROM_DAY = '2026-10-05';
const SINCE = zonedTimeToUtc(FROM_DAY, '00:00');
const PAGES = ['/', '/servicios', '/servicios/apps-moviles', '/precios', '/contacto'];
const CAMPAIGNS = ['', 'otono-2026', 'buen-fin', NO_CAMPAIGN_LABEL];
const LANDINGS = [undefined, '/', '/servicios/', '/servicios', '/precios//', '/servicios/apps-moviles', '/blog/costos'];

/** The grouping as it was done in JavaScript, lead by lead: the reference. */
async function reference(db: Queryable, fromDay: string, since: Date, now: Date): Promise<Conversion> {
  type Counts = { views: Map<string, number>; leads: Map<string, number> };
  const bump = (map: Map<string, number>, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);
  const countsFor = async (firstDay: string, lastDay: string, from: string, to: string) => {
    const byPage: Counts = { views: new Map(), leads: new Map() };
    const byCampaign: Counts = { views: new Map(), leads: new Map() };
    for (const row of await db.all<{ page: string; campaign: string; n: number | string }>(
      'SELECT page, campaign, sum(count) AS n FROM page_views WHERE day >= $1 AND day <= $2 GROUP BY page, campaign',
      [firstDay, lastDay],
    )) {
      bump(byPage.views, row.page, Number(row.n));
      bump(byCampaign.views, row.campaign || NO_CAMPAIGN_LABEL, Number(row.n));
    }
    for (const row of await db.all<{ attribution: string | null }>(
      'SELECT attribution FROM leads WHERE received_at >= $1 AND received_at < $2',
      [from, to],
    )) {
      const attribution = attributionColumn.parse(row.attribution);
      if (attribution?.landing) bump(byPage.leads, attribution.landing.replace(/(.)\/+$/, '$1'));
      bump(byCampaign.leads, attribution?.utm_campaign ?? NO_CAMPAIGN_LABEL);
    }
    return { byPage, byCampaign };
  };
  const rows = (current: Counts, previous: Counts): ConversionRow[] => {
    const rateOf = (counts: Counts, label: string) => {
      const views = counts.views.get(label) ?? 0;
      return views > 0 ? (counts.leads.get(label) ?? 0) / views : undefined;
    };
    return [...new Set([...current.views.keys(), ...current.leads.keys()])]
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
      .slice(0, 10);
  };
  const days = Math.max(1, Math.round((now.getTime() - since.getTime()) / 86_400_000));
  const current = await countsFor(
    fromDay,
    todayInMexicoCity(now),
    since.toISOString(),
    new Date(now.getTime() + 1).toISOString(),
  );
  const before = new Date(since.getTime() - days * 86_400_000);
  const previous = await countsFor(
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

async function seed(storage: Storage): Promise<void> {
  // Views on every day of both periods and a little beyond, per page and campaign.
  for (let day = -120; day <= 2; day += 3)
    for (const [p, page] of PAGES.entries())
      for (const [c, campaign] of CAMPAIGNS.entries())
        if ((day + p + c) % 4 !== 0)
          await storage.run('INSERT INTO page_views (day, page, source, campaign, count) VALUES ($1, $2, $3, $4, $5)', [
            addDays(FROM_DAY, day),
            page,
            c % 2 ? 'google' : '',
            campaign,
            1 + ((((day * 7 + p * 3 + c) % 40) + 40) % 40),
          ]);
  // Leads from before the previous period to the very instant of now.
  const instants = Array.from({ length: 140 }, (_, i) => new Date(NOW.getTime() - i * 17 * 3_600_000));
  instants.push(NOW, new Date(SINCE.getTime() - 1), SINCE);
  for (const [i, at] of instants.entries()) {
    const landing = LANDINGS[i % LANDINGS.length];
    const campaign = i % 5 === 0 ? undefined : CAMPAIGNS[(i >> 1) % CAMPAIGNS.length] || undefined;
    const attribution =
      i % 11 === 0
        ? null
        : JSON.stringify({ ...(landing ? { landing } : {}), ...(campaign ? { utm_campaign: campaign } : {}) });
    await storage.run(
      `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash, attribution)
       VALUES (1, 'Prueba', 'prueba@ejemplo.mx', '{}', '/contacto', $1, 'prueba', $2)`,
      [at.toISOString(), attribution === '{}' ? null : attribution],
    );
  }
}

describe.each(TEST_ENGINES)('conversion grouped by the database (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
  });
  afterAll(() => close());

  it('answers as the grouping in JavaScript did', async () => {
    expect(await conversionSince(storage, FROM_DAY, SINCE, NOW)).toEqual(
      await reference(storage, FROM_DAY, SINCE, NOW),
    );
    await seed(storage);
    const conversion = await conversionSince(storage, FROM_DAY, SINCE, NOW);
    expect(conversion).toEqual(await reference(storage, FROM_DAY, SINCE, NOW));
    expect(conversion.byPage.map((row) => row.label)).toContain('/servicios');
    expect(conversion.byPage.map((row) => row.label)).not.toContain('/servicios/');
    expect(conversion.byCampaign.find((row) => row.label === NO_CAMPAIGN_LABEL)?.leads).toBeGreaterThan(0);
    expect(conversion.byPage.some((row) => row.previousRate !== undefined)).toBe(true);
    // A shorter period: its previous one starts inside the seeded leads too.
    const week = zonedTimeToUtc('2026-11-16', '00:00');
    expect(await conversionSince(storage, '2026-11-16', week, NOW)).toEqual(
      await reference(storage, '2026-11-16', week, NOW),
    );
  });
});
