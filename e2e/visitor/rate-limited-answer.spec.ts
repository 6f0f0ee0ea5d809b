/**
 * The server's 429 by what asked, on a server of its own whose schedule limit is one request: a browser
 * that navigates to the throttled route gets the built /429 page (status 429, Retry-After, the site's
 * styles and its WhatsApp and e-mail ways out), while a JSON client keeps the API's message.
 */
import { fileURLToPath } from 'node:url';
import { apiPath } from '../../core/api/routes.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { rateLimitedCopy } from '../../src/lib/rate-limited-page.ts';
import { startProductionServer, type ProductionServer } from '../../server/testing/production-server.ts';
import { expect, test } from '../support/fixtures.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const COPY = rateLimitedCopy(root);
const { contact } = loadContentFacts(root);
const SCHEDULE = apiPath('scheduleAvailable');
const BODY = JSON.stringify({ date: '2026-12-01' });

let server: ProductionServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startProductionServer({ SCHEDULE_RATE_LIMIT_MAX: '1' });
});

test.afterAll(async () => {
  await server.stop();
});

// Chromium reports the document's own 429 in the console; it is the answer under test.
test.use({ allowedConsoleErrors: [/status of 429/] });

test('a JSON client keeps the API message once the limit is reached', async ({ request }) => {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const first = await request.post(server.url + SCHEDULE, { headers, data: BODY });
  expect(first.status()).toBe(200);
  const throttled = await request.post(server.url + SCHEDULE, { headers, data: BODY });
  expect(throttled.status()).toBe(429);
  expect(throttled.headers()['content-type']).toContain('application/json');
  expect(Number(throttled.headers()['retry-after'])).toBeGreaterThan(0);
  expect(await throttled.json()).toMatchObject({ success: false, message: expect.any(String) });
});

test('a browser that navigates to the throttled route sees the /429 page', async ({ page }) => {
  // A navigation carries the browser's own Accept; only its method and body become the API's.
  await page.route(server.url + SCHEDULE, (route) =>
    route.continue({
      method: 'POST',
      postData: BODY,
      headers: { ...route.request().headers(), 'content-type': 'application/json' },
    }),
  );
  const response = await page.goto(server.url + SCHEDULE);
  expect(response?.status()).toBe(429);
  expect(await response?.headerValue('content-type')).toBe('text/html; charset=utf-8');
  expect(Number(await response?.headerValue('retry-after'))).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(COPY.hero.title);
  const whatsapp = page.locator('[data-channel="whatsapp"]');
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${contact.whatsappNumber}\\?text=`));
  await expect(page.locator('[data-channel="email"]')).toHaveAttribute('href', `mailto:${contact.email}`);
  // The site's stylesheet applies under the API's address: the button is drawn, not plain link text.
  const background = await whatsapp.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(background).not.toBe('rgba(0, 0, 0, 0)');
});
