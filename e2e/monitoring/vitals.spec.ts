/**
 * Monitoring end to end: a real visit in Chromium measures its Web Vitals, sends them with sendBeacon
 * when the page goes away, and they show up in /admin/monitoring; nothing is stored in the browser by the
 * measurement; /metrics is closed without its token.
 */
import { DatabaseSync } from 'node:sqlite';
import { test, expect } from '../support/fixtures.ts';
import { createAccount, signIn } from '../admin/support.ts';
import { ATTRIBUTION_STORAGE_KEY } from '../../core/visit-origin.ts';

function faqSamples(): number {
  const db = new DatabaseSync(process.env.E2E_DATABASE_PATH ?? '', { readOnly: true });
  try {
    const row = db
      .prepare("SELECT coalesce(sum(count), 0) AS n FROM vitals_histogram WHERE page = '/faq' AND metric = 'ttfb'")
      .get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

test('a visit’s vitals reach /admin/monitoring, with nothing kept in the browser', async ({ page, browser }) => {
  const before = faqSamples();
  const measuring = page.waitForResponse((response) => /\/_astro\/report\.[\w-]+\.js$/.test(response.url()));
  await page.goto('/faq');
  // The measuring loads at the reader's first interaction (or after the page sits idle a while).
  await page.keyboard.press('Shift');
  await measuring;
  // Hiding the page (here, leaving it) is when the beacon goes.
  const stored = await page.evaluate(() => ({ cookies: document.cookie, keys: Object.keys(window.localStorage) }));
  expect(stored).toEqual({ cookies: '', keys: [] });
  const sessionKeys = await page.evaluate(() => Object.keys(window.sessionStorage));
  // Only the visit's origin the forms already record; the measurement adds nothing.
  expect(sessionKeys.filter((key) => key !== ATTRIBUTION_STORAGE_KEY)).toEqual([]);
  await page.goto('/contacto');
  await expect.poll(faqSamples, { timeout: 10_000 }).toBeGreaterThan(before);

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, createAccount('sales', 'Mónica Salas'));
  await admin.goto('/admin/monitoring');
  const row = admin.getByRole('row', { name: /Otras páginas.*Todos/ });
  await expect(row).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Web Vitals de campo' })).toBeVisible();
  await context.close();
});

test('/metrics is closed without the token', async ({ request }) => {
  const answer = await request.get('/metrics');
  expect(answer.status()).toBe(401);
  expect(await answer.text()).not.toContain('http_request_duration_seconds');
});
