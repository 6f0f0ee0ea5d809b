/**
 * The dashboard's leads by source, campaign and landing page, grouped by each database: the same labels a
 * single lead's page gives (server/lead/attribution.ts) and the same counts and won value the dashboard
 * computed lead by lead in JavaScript, for a fixture of leads with every kind of origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attribution } from '../../../core/attribution.ts';
import { VALID } from '../../testing/api.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { attributionCampaign, attributionSource, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { NO_LANDING, originBreakdown, OTHER_ORIGINS, type OriginGroup } from '../attribution-stats.ts';
import { startTestAdmin, type TestAdmin } from '../../testing/inbox.ts';
import type { OriginGrouping } from '../../lead/origin-labels.ts';
import { originGroups } from './origins.ts';

interface FixtureLead {
  attribution?: Attribution;
  status?: 'contactado' | 'ganado' | 'perdido';
  value?: number;
  merged?: boolean;
  old?: boolean;
}

const FIXTURE: readonly FixtureLead[] = [
  {
    attribution: { utm_source: 'google', utm_campaign: 'apps-invierno', landing: '/servicios/apps-moviles' },
    status: 'ganado',
    value: 150_000,
  },
  { attribution: { utm_source: 'google', utm_campaign: 'apps-invierno' }, status: 'ganado' },
  { attribution: { utm_source: 'google', referrer: 'https://www.bing.com/' }, status: 'contactado', value: 80_000 },
  {
    attribution: { referrer: 'https://www.duckduckgo.com/', landing: '/blog/costo-app' },
    status: 'ganado',
    value: 45_500,
  },
  { attribution: { referrer: 'https://m.facebook.com:8443/l.php', utm_campaign: 'fb-otono' }, status: 'perdido' },
  { attribution: { referrer: 'http://wwwexample.mx/x', landing: '/blog/costo-app' }, status: 'ganado', value: 12_000 },
  { attribution: { landing: '/' } },
  {},
  { status: 'ganado', value: 30_000 },
  { attribution: { utm_source: 'google' }, status: 'ganado', value: 999_999, merged: true },
  { attribution: { utm_source: 'newsletter' }, status: 'ganado', value: 70_000, old: true },
];

const SINCE = '2026-01-01T00:00:00.000Z';

/** What the dashboard computed before, lead by lead: the reference the database must agree with. */
function reference(leads: readonly FixtureLead[], labelOf: (lead: FixtureLead) => string): OriginGroup[] {
  const groups = new Map<string, OriginGroup>();
  for (const lead of leads.filter((each) => !each.merged && !each.old)) {
    const label = labelOf(lead);
    const group = groups.get(label) ?? { label, leads: 0, won: 0, wonValue: 0 };
    group.leads += 1;
    if (lead.status === 'ganado') {
      group.won += 1;
      group.wonValue += lead.value && lead.value > 0 ? lead.value : 0;
    }
    groups.set(label, group);
  }
  return [...groups.values()];
}

const LABEL_OF: Readonly<Record<OriginGrouping, (lead: FixtureLead) => string>> = {
  source: (lead) => attributionSource(lead.attribution),
  campaign: (lead) => attributionCampaign(lead.attribution) ?? NO_CAMPAIGN,
  landing: (lead) => lead.attribution?.landing ?? NO_LANDING,
};

const byLabel = (groups: readonly OriginGroup[]) => [...groups].sort((a, b) => a.label.localeCompare(b.label));

describe.each(TEST_ENGINES)('leads by origin grouped by the database (%s)', (engine) => {
  let t: TestAdmin;

  beforeAll(async () => {
    t = await startTestAdmin(engine, { RATE_LIMIT_MAX: '50' });
    let first = 0;
    for (const [index, lead] of FIXTURE.entries()) {
      const headers = lead.attribution ? { 'X-Lead-Attribution': JSON.stringify(lead.attribution) } : undefined;
      const answer = await t.api.post(
        '/api/webSite/contactSmall',
        { ...VALID.small, email: `origen${index}@ferremax.mx` },
        headers,
      );
      const id = Number(answer.body.id);
      expect(id).toBeGreaterThan(0);
      first ||= id;
      const at = t.clock.now.toISOString();
      if (lead.status)
        await t.api.storage.run(
          'INSERT INTO inbox_lead_state (lead_id, status, updated_at, version) VALUES ($1, $2, $3, 1)',
          [id, lead.status, at],
        );
      if (lead.value !== undefined)
        await t.api.storage.run('INSERT INTO pipeline_deals (lead_id, value_mxn, version) VALUES ($1, $2, 1)', [
          id,
          lead.value,
        ]);
      if (lead.merged)
        await t.api.storage.run('INSERT INTO pipeline_merges (lead_id, into_id, at) VALUES ($1, $2, $3)', [
          id,
          first,
          at,
        ]);
      if (lead.old)
        await t.api.storage.run('UPDATE leads SET received_at = $1 WHERE id = $2', ['2025-06-01T12:00:00.000Z', id]);
    }
  });
  afterAll(async () => {
    await t.dispose();
  });

  it.each(['source', 'campaign', 'landing'] as const)('agrees with the per-lead numbers by %s', async (grouping) => {
    const groups = await originGroups(t.api.storage, SINCE, grouping);
    expect(byLabel(groups)).toEqual(byLabel(reference(FIXTURE, LABEL_OF[grouping])));
  });

  it('names sources as a lead page does and adds up the won value', async () => {
    const sources = byLabel(await originGroups(t.api.storage, SINCE, 'source'));
    expect(sources).toEqual(
      byLabel([
        { label: 'google', leads: 3, won: 2, wonValue: 150_000 },
        { label: 'duckduckgo.com', leads: 1, won: 1, wonValue: 45_500 },
        { label: 'm.facebook.com', leads: 1, won: 0, wonValue: 0 },
        { label: 'wwwexample.mx', leads: 1, won: 1, wonValue: 12_000 },
        { label: attributionSource(undefined), leads: 3, won: 1, wonValue: 30_000 },
      ]),
    );
    // Past the top groups, the rest share one row; a tie in leads goes to the larger won value.
    const shown = originBreakdown({ bySource: sources, byCampaign: [], byLanding: [] }, 3).bySource;
    expect(shown.map((group) => group.label)).toEqual(['google', attributionSource(undefined), OTHER_ORIGINS]);
    expect(shown[2]).toEqual({ label: OTHER_ORIGINS, leads: 3, won: 2, wonValue: 57_500 });
  });
});
