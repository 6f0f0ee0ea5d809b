/**
 * The access export hands over everything the registry (and so the notice) says is kept: every personal
 * column of an exported table is in the document or says why not, and a lead's visit origin (landing page,
 * referrer, UTM) reaches the person on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_NOW, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { TERMINAL } from './audit.ts';
import { accessText, LEAD_EXPORT } from './export.ts';
import { REGISTRY } from './registry.ts';
import { createPrivacyService } from './service.ts';

describe('the export against the registry', () => {
  it('exports every personal column of the person, or says why it does not', () => {
    const missing: string[] = [];
    for (const entry of REGISTRY) {
      if (!entry.export) continue;
      for (const [column, rule] of Object.entries(entry.personal)) {
        if (rule.of === 'equipo' || rule.unexported) continue;
        const exported =
          entry.export === 'leads'
            ? Object.hasOwn(LEAD_EXPORT, column)
            : Object.hasOwn(entry.export.columns, column) || (entry.export.extraFrom ?? []).includes(column);
        if (!exported) missing.push(`${entry.table}.${column}`);
      }
    }
    expect(missing, 'columnas personales fuera de la exportación (server/privacy/export.ts)').toEqual([]);
  });
});

describe.each(TEST_ENGINES)('the visit origin in the access export (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('hands over the landing page, the referrer and the campaign the lead came with', async () => {
    const origin = {
      landing: '/servicios/desarrollo-web',
      referrer: 'https://www.google.com/search',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'temporada-alta',
      utm_term: 'software',
      utm_content: 'anuncio-a',
    };
    const sent = await t.post('/api/webSite/contactSmall', VALID.small, {
      'X-Lead-Attribution': JSON.stringify(origin),
    });
    expect(sent.status).toBe(201);
    const privacy = createPrivacyService({ storage: t.storage, outboxDir: t.config.outboxDir, facts: t.config.facts });
    const { document } = await privacy.access({ email: VALID.small.email }, { actor: TERMINAL, now: TEST_NOW });
    const [lead] = document.solicitudes;
    const values = lead?.origenDeLaVisita.map((row) => row.valor) ?? [];
    for (const value of Object.values(origin)) expect(values, value).toContain(value);
    const text = accessText(document);
    expect(text).toContain('Origen de la visita');
    expect(text).toContain(origin.referrer);
  });
});
