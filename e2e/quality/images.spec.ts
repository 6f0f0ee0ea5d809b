/**
 * Portfolio covers: AVIF first with a WebP fallback, in the widths of src/lib/images.ts, with their size
 * declared; a phone like Lighthouse's (412 px at 1.75x) gets the 680 px AVIF, not a larger one.
 */
import { test, expect } from '../support/fixtures.ts';
import { CARD_COVER_WIDTHS, HERO_COVER_WIDTHS } from '../../src/lib/images.ts';

const widthsOf = (srcset: string | null) =>
  (srcset ?? '').split(',').map((candidate) => Number(/(\d+)w\s*$/.exec(candidate.trim())?.[1]));

test('cards and the case page offer AVIF covers with a WebP fallback', async ({ page }) => {
  for (const [path, widths] of [
    ['/portfolio', CARD_COVER_WIDTHS],
    ['/portfolio/fintech-revolution', HERO_COVER_WIDTHS],
  ] as const) {
    await page.goto(path);
    const pictures = page.locator('picture');
    expect(await pictures.count(), path).toBeGreaterThan(0);
    for (const picture of await pictures.all()) {
      const source = picture.locator('source');
      await expect(source).toHaveAttribute('type', 'image/avif');
      expect(widthsOf(await source.getAttribute('srcset'))).toEqual(widths);
      const img = picture.locator('img');
      await expect(img).toHaveAttribute('src', /\.webp$/);
      await expect(img).toHaveAttribute('width', /\d+/);
      await expect(img).toHaveAttribute('height', /\d+/);
    }
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });

  test('the first cover is the 680 px AVIF', async ({ page }) => {
    await page.goto('/portfolio');
    const first = page.locator('picture img').first();
    await first.scrollIntoViewIfNeeded();
    await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/\.avif$/);
    const src = await first.evaluate((img) => (img as HTMLImageElement).currentSrc);
    const response = await page.request.get(src);
    expect(response.headers()['content-type']).toBe('image/avif');
    const srcset = await page.locator('picture source').first().getAttribute('srcset');
    const chosen = (srcset ?? '').split(',').find((candidate) => candidate.trim().startsWith(new URL(src).pathname));
    expect(chosen).toMatch(/ 680w$/);
  });
});
