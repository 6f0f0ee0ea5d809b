/**
 * Portfolio covers wait for the reader: on a phone like Lighthouse's, /portfolio fetches only the cover
 * on screen and the home page none, each card's cover arrives as the reader scrolls to it, the page with
 * every cover loaded stays within its budget (src/lib/budgets.ts), and without JavaScript every cover is
 * still there (the <noscript> copy, lazily loaded by the browser).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { watchPage } from '../support/page-weight.ts';
import { formatKb, PORTFOLIO_EVERY_COVER_BUDGET } from '../../src/lib/budgets.ts';

const COVER = /\/_astro\/[^/]+\.(avif|webp|svg)$/;

function coversFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (COVER.test(path)) fetched.push(path);
  });
  return fetched;
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

  test('/portfolio loads the cover on screen first, the others as the reader reaches them', async ({ page }) => {
    const fetched = coversFetched(page);
    await page.goto('/portfolio', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(fetched).toHaveLength(1);
    const cards = page.locator('#proyectos article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    const cover = last.locator('img');
    await expect(cover).toHaveCount(1);
    await expect
      .poll(() =>
        cover.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
    await expect(cover).toHaveAttribute('alt', /\S/);
    expect(fetched.length).toBeGreaterThan(1);
  });

  test('/portfolio with every cover loaded stays within its budget', async ({ page, baseURL }) => {
    const traffic = watchPage(page, new URL(baseURL as string).origin);
    await page.goto('/portfolio', { waitUntil: 'load' });
    const cards = page.locator('#proyectos article');
    for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
    const covers = page.locator('#proyectos article img');
    await expect(covers).toHaveCount(await cards.count());
    await expect
      .poll(() =>
        covers.evaluateAll((images) =>
          images.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    const received = await Promise.all([...traffic.transfers]);
    const total = received.reduce((sum, transfer) => sum + transfer.bytes, 0);
    const coverBytes = received.filter((t) => COVER.test(t.path)).reduce((sum, t) => sum + t.bytes, 0);
    test.info().annotations.push({
      type: 'con todas las portadas',
      description: `total ${formatKb(total)}, portadas ${formatKb(coverBytes)}`,
    });
    expect(total, `portadas ${formatKb(coverBytes)} de ${formatKb(total)}`).toBeLessThanOrEqual(
      PORTFOLIO_EVERY_COVER_BUDGET,
    );
  });

  test('the home page loads no cover before the reader scrolls to its cases', async ({ page }) => {
    const fetched = coversFetched(page);
    await page.goto('/', { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    await page.locator('#portfolio article').first().scrollIntoViewIfNeeded();
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every card of /portfolio shows its cover', async ({ page }) => {
    await page.goto('/portfolio');
    const cards = page.locator('#proyectos article');
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    await expect(page.locator('#proyectos article img')).toHaveCount(count);
    const last = cards.last().locator('img');
    await last.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        last.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
      )
      .toBe(true);
  });
});
