/**
 * /admin/monitoring over HTTP on both engines: sales and admin read it; it shows each page type's p75
 * with the status badge of core/monitoring/, "Sin dato" under the minimum samples, uptime and the alerts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../core/monitoring/histogram.ts';
import { ATTRIBUTION_HEADER } from '../../core/attribution.ts';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';

describe.each(TEST_ENGINES)('inbox monitoring page (%s)', (engine) => {
  let t: TestAdmin;
  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    const day = '2026-11-23';
    const add = (page: string, metric: string, value: number, count: number) =>
      t.api.storage.run(
        `INSERT INTO vitals_histogram (day, page, device, connection, metric, bucket, count) VALUES ($1, $2, 'phone', '4g', $3, $4, $5)`,
        [day, page, metric, bucketOf(metric as 'lcp', value), count],
      );
    await add('/contacto', 'lcp', 5200, 60);
    await add('/', 'lcp', 1900, 10);
    await t.api.storage.run(
      `INSERT INTO monitoring_alerts (signal, level, detail, opened_at, closed_at) VALUES ('vital:lcp:forms', 'critical', 'p75 de LCP en Formularios: 5.2 s', '2026-11-23T13:00:00.000Z', NULL)`,
    );
    await t.api.storage.run(
      `INSERT INTO uptime_checks (checked_at, target, ok, status, latency_ms, error) VALUES ('2026-11-23T13:59:00.000Z', 'http://127.0.0.1:4321/', 1, 200, 12, NULL)`,
    );
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('shows sales the field p75 with its status, the minimum samples, uptime and the open alert', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const page = await ana.get('/admin/monitoring');
    expect(page.status).toBe(200);
    // Forms: 60 samples past the minimum, p75 over 4 s: poor.
    expect(page.text).toMatch(/Formularios[^]*?data-status="poor"[^]*?\(60\)/);
    // Home: 10 samples, under the 50 the status needs.
    expect(page.text).toMatch(/Inicio[^]*?data-status="sin-dato"[^]*?\(10\)/);
    expect(page.text).toContain('p75 de LCP en Formularios: 5.2 s');
    expect(page.text).toContain('Disponibilidad, 24 horas</dt><dd>100 %');
    expect(page.text).not.toMatch(/<script/);
    // The trend of the chosen page type, drawn on the server.
    const trend = await ana.get('/admin/monitoring?tipo=forms');
    expect(trend.text).toContain('class="trend-line"');
    expect((await ana.get('/admin/monitoring?tipo=%3Cscript%3E')).status).toBe(200);
  });

  it('serves the badge colours of the one definition in the stylesheet', async () => {
    const css = await t.client().get('/admin/assets/admin.css');
    expect(css.text).toContain('.vital-poor {\n  background: #fee2e2;\n  color: #991b1b;\n}');
  });

  it('shows on the dashboard views, leads and conversion per landing page and campaign, and a fall', async () => {
    const header = { [ATTRIBUTION_HEADER]: JSON.stringify({ landing: '/iniciar-proyecto', utm_campaign: 'buen-fin' }) };
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1)
      ids.push(Number((await t.api.post('/api/webSite/contactSmall', VALID.small, header)).body.id));
    // Five of them arrived in the period before the dashboard's (from 10 views then): 50 %.
    for (const id of ids.slice(1))
      await t.api.storage.run("UPDATE leads SET received_at = '2026-09-01T18:00:00.000Z' WHERE id = $1", [id]);
    const views = (day: string, count: number) =>
      t.api.storage.run(
        "INSERT INTO page_views (day, page, source, campaign, count) VALUES ($1, '/iniciar-proyecto', 'google', 'buen-fin', $2)",
        [day, count],
      );
    await views('2026-09-01', 10);
    await views('2026-11-20', 100);
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const page = await ana.get('/admin/dashboard');
    expect(page.status).toBe(200);
    const section = page.text.slice(page.text.indexOf('id="conversion"'));
    // This period: 100 views, 1 lead, 1 %; before: 50 %.
    expect(section).toMatch(
      /\/iniciar-proyecto<\/th><td class="num" data-label="Visitas">100<\/td><td class="num" data-label="Leads">1<\/td><td class="num" data-label="Conversión">1[^<]*%? <span class="badge vital-poor">Bajó<\/span>/,
    );
    expect(section).toMatch(/buen-fin<\/th><td class="num" data-label="Visitas">100</);
  });

  it('sends a visitor without a session to sign in', async () => {
    const answer = await t.client().get('/admin/monitoring');
    expect(answer.status).toBe(303);
  });
});
