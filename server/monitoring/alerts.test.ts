import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { bucketOf } from '../../core/monitoring/histogram.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { openDatabase } from '../database.ts';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { monitorOnce, pruneMonitoring, startMonitoring, uptimeTargets, type MonitoringOptions } from './monitor.ts';
import type { MonitoringConfig } from './settings.ts';
import { uptimeOver } from './uptime.ts';
import { openTestStorage } from '../testing/storage.ts';

const NOW = new Date('2026-11-23T14:00:00.000Z');
const DAY = '2026-11-23';

const config = (uptimeUrls: string[], overrides: Partial<MonitoringConfig> = {}): MonitoringConfig => ({
  vitalsRetentionDays: 400,
  vitalsMinSamples: 50,
  vitalsPerMinute: 60,
  uptimeUrls,
  uptimeIntervalMs: 60_000,
  alertEmail: 'guardia@angram.mx',
  metricsToken: undefined,
  ...overrides,
});

const MAIL = {
  from: 'Angram <hola@angram.mx>',
  brandName: 'Angram',
  siteUrl: 'https://www.angram.mx',
  copy: loadContentFacts().emails,
};
const ALERT = MAIL.copy.alert;
/** The subject's opening words before the measurement, as content/emails.yaml writes them for a level. */
const subjectStart = (kind: 'opened' | 'recovered', level: string) =>
  fillTemplate(ALERT[kind].subject.split('{detalle}')[0] ?? '', { nivel: level, marca: MAIL.brandName });

describe('what the uptime check requests', () => {
  it('is UPTIME_URL when set; otherwise the site and the API a full instance serves, or the API alone', () => {
    const self = 'http://127.0.0.1:4321';
    expect(uptimeTargets(config([]), self)).toEqual([`${self}/`, `${self}/api/ready`]);
    expect(uptimeTargets(config([]), self, false)).toEqual([`${self}/api/ready`]);
    const site = ['https://www.angram.mx/', 'https://api.angram.mx/api/ready'];
    expect(uptimeTargets(config(site), self, false)).toEqual(site);
  });
});

describe.each(TEST_ENGINES)('alerts and uptime (%s)', (engine) => {
  let close: () => Promise<void>;
  let first: Storage;
  let second: Storage;
  let target: Server;
  let targetUrl: string;
  let targetUp = true;

  beforeAll(async () => {
    const opened = await openTestStorage(engine);
    ({ storage: first, close } = opened);
    // A second instance: its own connection(s) to the same database.
    second = await openDatabase(opened.database.location);
    target = createServer((_req, res) => {
      res.writeHead(targetUp ? 200 : 503);
      res.end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}/api/ready`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => target.close(() => resolve()));
    await second.close();
    await close();
  });
  beforeEach(async () => {
    targetUp = true;
    for (const table of ['monitoring_alerts', 'uptime_checks', 'vitals_histogram', 'outbox', 'job_leases'])
      await first.run(`DELETE FROM ${table}`);
  });

  const optionsFor = (storage: Storage, overrides: Partial<MonitoringConfig> = {}): MonitoringOptions => ({
    storage,
    config: config([targetUrl], overrides),
    mail: MAIL,
    selfUrl: 'http://127.0.0.1:1',
    logger: silentLogger,
    now: () => NOW,
  });

  const alertMail = () =>
    first.all<{ subject: string; recipient: string }>(
      "SELECT subject, recipient FROM outbox WHERE audience = 'account' ORDER BY id",
    );

  it('runs the check once per period across two instances', async () => {
    const a = startMonitoring(optionsFor(first));
    const b = startMonitoring(optionsFor(second));
    try {
      const ran = await Promise.all([a.check.runNow(), b.check.runNow()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      expect(await first.all('SELECT target, ok, status FROM uptime_checks')).toEqual([
        { target: targetUrl, ok: 1, status: 200 },
      ]);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it('opens one Critical alert for a stopped target, e-mails once, and once more when it is back', async () => {
    targetUp = false;
    // Both instances look, several times: still one alert and one e-mail.
    for (let i = 0; i < 3; i += 1)
      await Promise.all([monitorOnce(optionsFor(first), NOW), monitorOnce(optionsFor(second), NOW)]);
    const open = await first.all<{ signal: string; level: string }>(
      'SELECT signal, level FROM monitoring_alerts WHERE closed_at IS NULL',
    );
    expect(open).toContainEqual({ signal: `down:${targetUrl}`, level: 'critical' });
    const opened = (await alertMail()).filter((mail) => mail.subject.includes(targetUrl));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.subject.startsWith(subjectStart('opened', 'Critical'))).toBe(true);
    expect(opened[0]?.recipient).toBe('guardia@angram.mx');

    targetUp = true;
    await monitorOnce(optionsFor(first), NOW);
    await monitorOnce(optionsFor(second), NOW);
    const mails = (await alertMail()).filter((mail) => mail.subject.includes(targetUrl));
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject.startsWith(subjectStart('opened', 'Critical'))).toBe(true);
    expect(mails[1]?.subject.startsWith(subjectStart('recovered', 'Critical'))).toBe(true);
    expect(await uptimeOver(first, 24, NOW)).toBeGreaterThan(0);
    expect(await uptimeOver(first, 24, NOW)).toBeLessThan(100);
  });

  async function addLcp(page: string, valueMs: number, count: number): Promise<void> {
    await first.run(
      `INSERT INTO vitals_histogram (day, page, device, connection, metric, bucket, count) VALUES ($1, $2, 'phone', '4g', 'lcp', $3, $4)
       ON CONFLICT (day, page, device, connection, metric, bucket) DO UPDATE SET count = vitals_histogram.count + excluded.count`,
      [DAY, page, bucketOf('lcp', valueMs), count],
    );
  }

  it('judges field LCP only past the minimum samples, alerts once and recovers once', async () => {
    await addLcp('/contacto', 6000, 49);
    await monitorOnce(optionsFor(first), NOW);
    expect(await alertMail()).toEqual([]);

    await addLcp('/contacto', 6000, 1);
    await monitorOnce(optionsFor(first), NOW);
    await monitorOnce(optionsFor(second), NOW);
    const opened = await alertMail();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.subject).toMatch(/p75 de LCP .* Formularios/);
    expect(opened[0]?.subject.startsWith(subjectStart('opened', 'Critical'))).toBe(true);

    // Good visits bring the p75 under 2.5 s: the alert closes with one e-mail.
    await addLcp('/iniciar-proyecto', 1200, 200);
    await monitorOnce(optionsFor(first), NOW);
    await monitorOnce(optionsFor(first), NOW);
    const [open, recovered] = await alertMail();
    expect(open?.subject.startsWith(subjectStart('opened', 'Critical'))).toBe(true);
    expect(recovered?.subject.startsWith(subjectStart('recovered', 'Critical'))).toBe(true);
  });

  it('raises Error for failed e-mails and Warning for a backlog, from the same table of limits', async () => {
    const insert = (status: string, createdAt: string) =>
      first.run(
        `INSERT INTO outbox (lead_id, audience, recipient, subject, message, message_id, status, attempts, next_attempt_at, created_at)
         VALUES (NULL, 'account', 'x@angram.mx', 's', '{}', $1, $2, 0, $3, $3)`,
        [`<${Math.random()}@angram.mx>`, status, createdAt],
      );
    await insert('failed', '2026-11-23T13:00:00.000Z');
    for (let i = 0; i < 21; i += 1) await insert('pending', '2026-11-23T13:00:00.000Z');
    await monitorOnce(optionsFor(first), NOW);
    const levels = await first.all<{ signal: string; level: string }>(
      "SELECT signal, level FROM monitoring_alerts WHERE signal IN ('failed-mail', 'outbox-backlog') ORDER BY signal",
    );
    expect(levels).toEqual([
      { signal: 'failed-mail', level: 'error' },
      { signal: 'outbox-backlog', level: 'warning' },
    ]);
  });

  it('deletes field counts past VITALS_RETENTION_DAYS and keeps the rest', async () => {
    await addLcp('/contacto', 1000, 5);
    await first.run(
      "INSERT INTO vitals_histogram (day, page, device, connection, metric, bucket, count) VALUES ('2025-01-01', '/', 'phone', '4g', 'lcp', 1, 1)",
    );
    expect(await pruneMonitoring(first, config([]), NOW)).toBe(1);
    expect(await first.all('SELECT day FROM vitals_histogram')).toEqual([{ day: DAY }]);
  });
});
