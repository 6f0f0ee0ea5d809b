/**
 * Portfolio covers: a cover drawn as SVG is served as that one file, sharp at every width, on the cards
 * and on its case page (eager there: it is the desktop's LCP), with its size declared so nothing shifts.
 * A raster cover an editor brings gets AVIF with a WebP fallback instead (src/schemas/editor-additions.test.ts
 * builds one).
 */
import { test, expect } from '../support/fixtures.ts';
import { CASES } from '../support/content.ts';

const vectorCases = CASES.filter((entry) => entry.image.endsWith('.svg'));

test('drawn covers are served as their SVG on the cards and the case page', async ({ page }) => {
  expect(vectorCases.length).toBeGreaterThan(0);
  await page.goto('/portfolio');
  for (const entry of vectorCases) {
    const card = page.locator('#proyectos article').filter({ has: page.locator(`a[href="/portfolio/${entry.id}"]`) });
    await card.scrollIntoViewIfNeeded();
    const cover = card.locator('img');
    await expect(cover).toHaveAttribute('src', /^\/_astro\/[^/]+\.svg$/);
    await expect(cover).not.toHaveAttribute('srcset', /./);
    await expect(cover).toHaveAttribute('width', /^\d+$/);
    await expect(cover).toHaveAttribute('height', /^\d+$/);
    await expect(cover).toHaveAttribute('alt', /\S/);
  }
  const [first] = vectorCases;
  if (!first) return;
  await page.goto(`/portfolio/${first.id}`);
  const hero = page.locator('main img[fetchpriority="high"]');
  await expect(hero).toHaveAttribute('src', /\.svg$/);
  await expect(hero).toHaveAttribute('loading', 'eager');
  await expect.poll(() => hero.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const response = await page.request.get((await hero.getAttribute('src')) ?? '', {
    headers: { 'accept-encoding': 'br' },
  });
  expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(response.headers()['content-encoding']).toBe('br');
});
