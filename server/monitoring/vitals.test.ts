import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BEACON_MAX_BYTES, VITALS_PATH } from '../../core/monitoring/beacon.ts';
import { bucketOf } from '../../core/monitoring/histogram.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';

const PAGES = new Set(['/', '/contacto', '/servicios/ecommerce']);
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

const beacon = (overrides: Record<string, unknown> = {}) => ({
  page: '/contacto',
  vitals: { lcp: 1830, inp: 96, cls: 0.02, fcp: 900, ttfb: 210 },
  connection: '4g',
  view: { source: 'google', campaign: 'lanzamiento-2026' },
  rate: 1,
  ...overrides,
});

describe.each(TEST_ENGINES)('vitals beacons (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ VITALS_RATE_LIMIT_PER_MINUTE: '100000' }, { engine, sitePages: PAGES });
  });
  afterAll(async () => {
    await t.dispose();
  });
  beforeEach(async () => {
    await t.api.vitals.flush();
    await t.storage.run('DELETE FROM vitals_histogram');
    await t.storage.run('DELETE FROM page_views');
  });

  /** Sends a body as `sendBeacon` does: a string goes as text/plain. */
  const send = (body: string, headers: Record<string, string> = {}, url = t.url) =>
    fetch(url + VITALS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': PHONE, ...headers },
      body,
    });

  const rowCount = async () => {
    await t.api.vitals.flush();
    const [vitals] = await t.rows<{ n: number }>('SELECT count(*) AS n FROM vitals_histogram');
    const [views] = await t.rows<{ n: number }>('SELECT count(*) AS n FROM page_views');
    return (vitals?.n ?? 0) + (views?.n ?? 0);
  };

  it('counts a beacon into buckets per page, device, connection, vital and day, and its view', async () => {
    expect((await send(JSON.stringify(beacon()))).status).toBe(204);
    expect((await send(JSON.stringify(beacon()), { 'Content-Type': 'application/json' })).status).toBe(204);
    expect((await send(JSON.stringify(beacon({ view: undefined })), { 'User-Agent': TABLET })).status).toBe(204);
    await t.api.vitals.flush();
    const rows = await t.rows<{ device: string; metric: string; bucket: number; count: number; day: string }>(
      "SELECT device, metric, bucket, count, day FROM vitals_histogram WHERE metric = 'lcp' ORDER BY device",
    );
    expect(rows).toEqual([
      { device: 'phone', metric: 'lcp', bucket: bucketOf('lcp', 1830), count: 2, day: '2026-11-23' },
      { device: 'tablet', metric: 'lcp', bucket: bucketOf('lcp', 1830), count: 1, day: '2026-11-23' },
    ]);
    expect(await t.rows('SELECT page, source, campaign, count FROM page_views')).toEqual([
      { page: '/contacto', source: 'google', campaign: 'lanzamiento-2026', count: 2 },
    ]);
  });

  it('grows with keys, not with visits: a hundred visits cost the rows of one', async () => {
    for (let visit = 0; visit < 100; visit += 1)
      expect((await send(JSON.stringify(beacon()), { 'User-Agent': DESKTOP, 'X-Visit': String(visit) })).status).toBe(
        204,
      );
    const after100 = await rowCount();
    // Five vitals and one view row, whatever the count.
    expect(after100).toBe(6);
    const [views] = await t.rows<{ count: number }>('SELECT count FROM page_views');
    expect(views?.count).toBe(100);
  });

  it('weights a sampled view by its rate', async () => {
    expect((await send(JSON.stringify(beacon({ rate: 0.1 })))).status).toBe(204);
    await t.api.vitals.flush();
    expect(await t.rows('SELECT count FROM page_views')).toEqual([{ count: 10 }]);
  });

  it.each([
    ['malformed JSON', '{"page": "/contacto", "vitals": {', 400],
    ['not an object', '[1, 2, 3]', 400],
    ['an unknown page', JSON.stringify(beacon({ page: '/wp-admin.php' })), 404],
    ['an unknown vital', JSON.stringify(beacon({ vitals: { fid: 12 } })), 400],
    ['NaN (as JSON can carry it: a string)', JSON.stringify(beacon({ vitals: { lcp: 'NaN' } })), 400],
    ['a negative value', JSON.stringify(beacon({ vitals: { lcp: -5 } })), 400],
    ['a value out of range', JSON.stringify(beacon({ vitals: { cls: 1e9 } })), 400],
    ['an extra field', JSON.stringify({ ...beacon(), visitor: 'abc' }), 400],
    ['a rate of zero', JSON.stringify(beacon({ rate: 0 })), 400],
    ['a campaign with a control character', JSON.stringify(beacon({ view: { campaign: 'a\u202eb' } })), 400],
    ['nothing to count', JSON.stringify(beacon({ vitals: {}, view: undefined })), 400],
  ])('refuses %s with a 4xx and stores nothing', async (_what, body, status) => {
    const before = t.api.vitals.counts.refused;
    const refusedBefore = Object.values(before).reduce((a, b) => a + b, 0);
    expect((await send(body)).status).toBe(status);
    expect(Object.values(t.api.vitals.counts.refused).reduce((a, b) => a + b, 0)).toBe(refusedBefore + 1);
    expect(await rowCount()).toBe(0);
  });

  it('refuses an oversized body and a content type sendBeacon never sends', async () => {
    const huge = JSON.stringify(beacon({ view: { source: 'x'.repeat(BEACON_MAX_BYTES) } }));
    expect((await send(huge)).status).toBe(413);
    expect((await send(JSON.stringify(beacon()), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(
      415,
    );
    expect((await send(JSON.stringify(beacon()), { 'Content-Type': 'text/plain; charset=latin1' })).status).toBe(415);
    expect(await rowCount()).toBe(0);
  });

  it('refuses a flood from one address past the per-minute limit, storing none of the excess', async () => {
    const strict = await t.sibling({ VITALS_RATE_LIMIT_PER_MINUTE: '40' });
    try {
      const answers: number[] = [];
      for (let i = 0; i < 60; i += 1)
        answers.push((await send(JSON.stringify(beacon({ view: undefined })), {}, strict.url)).status);
      expect(answers.filter((status) => status === 204)).toHaveLength(40);
      expect(answers.slice(40).every((status) => status === 429)).toBe(true);
      expect(strict.api.vitals.counts.refused['rate-limited']).toBe(20);
      await strict.api.vitals.flush();
      const [lcp] = await t.rows<{ count: number }>("SELECT count FROM vitals_histogram WHERE metric = 'lcp'");
      expect(lcp?.count).toBe(40);
    } finally {
      await strict.dispose();
    }
  });
});
