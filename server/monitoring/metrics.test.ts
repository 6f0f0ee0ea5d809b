import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../app.ts';
import { startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'un-token-de-prueba-largo-2026';

describe.each(TEST_ENGINES)('GET /metrics (%s)', (engine) => {
  let t: TestApi;
  let app: RunningApp;
  let dist: string;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
    dist = mkdtempSync(join(tmpdir(), 'angram-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const metrics = createMetrics({ storage: t.storage, token: TOKEN, beacons: t.api.vitals.counts });
    app = await startApp({ host: '127.0.0.1', port: 0, distDir: dist, api: t.api, metrics });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => app.server.close(() => resolve()));
    await t.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  it('is closed without the token, with a wrong one and with another scheme', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: 'Bearer otro-token-de-prueba-largo-26' },
      { Authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of attempts) {
      const answer = await fetch(`${app.url}/metrics`, { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(await answer.text()).not.toContain('http_request_duration_seconds');
    }
  });

  it('reports durations by known route, leads, outbox, beacons and database latency', async () => {
    await fetch(`${app.url}/api/health`);
    await fetch(`${app.url}/api/no-existe-${'x'.repeat(20)}`);
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await fetch(`${app.url}/api/vitals`, { method: 'POST', headers: { 'Content-Type': 'text/html' }, body: '{}' });
    const answer = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await answer.text();
    expect(text).toMatch(/http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="2xx"\} 1/);
    // A made-up path is counted under "api", never as a series of its own.
    expect(text).toMatch(/route="api",method="GET",status="4xx"/);
    expect(text).not.toContain('no-existe');
    expect(text).toMatch(/^leads_stored 1$/m);
    expect(text).toMatch(/^outbox_messages\{status="pending"\} \d+$/m);
    expect(text).toMatch(/^outbox_messages\{status="failed"\} 0$/m);
    expect(text).toMatch(/^vitals_beacons_refused_total\{reason="content-type"\} 1$/m);
    expect(text).toMatch(/^vitals_beacons_taken_total 0$/m);
    expect(text).toMatch(/^database_latency_seconds \d/m);
  });
});
