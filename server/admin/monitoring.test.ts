/**
 * /admin/monitoring over HTTP on both engines: sales and admin read it; it shows each page type's p75
 * with the status badge of core/monitoring/, "Sin dato" under the minimum samples, uptime and the alerts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../core/monitoring/histogram.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type TestAdmin } from './test-support.ts';

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

  it('sends a visitor without a session to sign in', async () => {
    const answer = await t.client().get('/admin/monitoring');
    expect(answer.status).toBe(303);
  });
});
