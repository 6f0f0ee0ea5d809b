/**
 * A slow phone's visits open an alert and fast visits close it, end to end: Chromium with its CPU slowed
 * down visits a page until its field LCP is poor, the monitoring's periodic check opens one alert and queues
 * one e-mail through the outbox; fast visits bring the p75 back and one recovery e-mail follows, never one
 * per check. Its own server, so the minimum sample count and the check period can be small.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { loadContentFacts } from '../../core/content/load.ts';
import { ALERT_LEVELS } from '../../core/monitoring/levels.ts';
import { SITE } from '../../core/site.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { startProductionServer, type ProductionServer } from '../../server/testing/production-server.ts';
import { test, expect } from '../support/fixtures.ts';

const ALERTS_TO = 'alertas@angram.mx';
const ALERT_COPY = loadContentFacts().emails.alert;

/** Whether a subject is the `kind` e-mail of an alert above Info, as content/emails.yaml words it. */
function isAlertSubject(subject: string | undefined, kind: 'opened' | 'recovered'): boolean {
  const start = ALERT_COPY[kind].subject.split('{detalle}')[0] ?? '';
  return ALERT_LEVELS.filter((level) => level.level !== 'info').some((level) =>
    (subject ?? '').startsWith(fillTemplate(start, { nivel: level.label, marca: SITE.name })),
  );
}
const PAGE = '/faq';
/** The fewest measurements a status needs; one slow visit is enough here, kept short on purpose. */
const MIN_SAMPLES = 1;
/** With three fast visits for each slow one, the slow ones are the top quarter: p75 is a fast visit. */
const FAST_VISITS = MIN_SAMPLES * 3;

let server: ProductionServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startProductionServer({
    VITALS_MIN_SAMPLES: String(MIN_SAMPLES),
    VITALS_RATE_LIMIT_PER_MINUTE: '100000',
    ALERT_EMAIL: ALERTS_TO,
    UPTIME_INTERVAL_S: '1',
  });
});

test.afterAll(async () => {
  await server.stop();
});

function read<T>(sql: string, ...params: string[]): T[] {
  const db = new DatabaseSync(server.databasePath, { readOnly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const lcpSamples = () =>
  read<{ n: number }>(
    "SELECT coalesce(sum(count), 0) AS n FROM vitals_histogram WHERE page = ? AND metric = 'lcp'",
    PAGE,
  )[0]?.n ?? 0;

const alertSubjects = () =>
  read<{ subject: string }>('SELECT subject FROM outbox WHERE recipient = ? ORDER BY id', ALERTS_TO).map(
    (row) => row.subject,
  );

const lcpAlerts = () => alertSubjects().filter((subject) => subject.includes('LCP'));

/** One visit that measures and sends its vitals: the reader interacts, then leaves the page. */
async function visit(page: Page): Promise<void> {
  const before = lcpSamples();
  const measuring = page.waitForResponse((response) => /\/_astro\/report\.[\w-]+\.js$/.test(response.url()));
  await page.goto(`${server.url}${PAGE}`);
  // On a slow CPU the page paints after `load`; an input before that paint leaves the visit without an
  // LCP at all (the browser stops looking for one at the first input), so the reader acts after it.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((_, observer) => {
          observer.disconnect();
          resolve(null);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await page.keyboard.press('Shift');
  await measuring;
  // The measuring runs once its module has executed: wait for the main thread to go idle.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  // Leaving for another page of the site hides this one, which is when its beacon goes. The wiki measures
  // nothing of its own, so only the visited page's figures count.
  await page.goto(`${server.url}/wikiangram`);
  await expect.poll(lcpSamples, { timeout: 10_000 }).toBeGreaterThan(before);
}

test('slow visits open one LCP alert with one e-mail; fast visits send one recovery', async ({ page }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  // A low-end phone: the CPU many times slower and a slow connection, so the page paints late.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await cdp.send('Network.enable');
  // Every visit a first one: the measuring script is fetched each time, which is what `visit` waits for.
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1_500,
    downloadThroughput: 400_000,
    uploadThroughput: 400_000,
  });
  for (let i = 0; i < MIN_SAMPLES; i++) await visit(page);

  await expect.poll(lcpAlerts, { timeout: 20_000 }).toHaveLength(1);
  const [opened] = lcpAlerts();
  expect(isAlertSubject(opened, 'opened')).toBe(true);

  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  for (let i = 0; i < FAST_VISITS; i++) await visit(page);

  await expect.poll(lcpAlerts, { timeout: 20_000 }).toHaveLength(2);
  expect(isAlertSubject(lcpAlerts()[1], 'recovered')).toBe(true);
  // The checks go on (one a second); two more of them mail nothing about a closed alert.
  const checks = () => read<{ n: number }>('SELECT count(*) AS n FROM uptime_checks')[0]?.n ?? 0;
  const checked = checks();
  await expect.poll(checks, { timeout: 10_000 }).toBeGreaterThanOrEqual(checked + 4);
  expect(lcpAlerts()).toHaveLength(2);
});
