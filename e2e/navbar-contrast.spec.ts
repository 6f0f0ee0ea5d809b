import { test, expect } from './support/fixtures.ts';
import { barContrasts, lastGlassScroll } from './support/navbar.ts';

/**
 * The bar must read over whatever scrolls under it. Inner pages have a short dark hero followed by light
 * content; the band around the hero's end (where a failed submit may scroll a field) is walked in small
 * steps, and at each one the menu button (phone) or the links and the wordmark (desktop) are measured
 * against the pixels really drawn behind them.
 */
const PAGES = ['/contacto', '/faq', '/portfolio', '/aviso-de-privacidad'];
const WIDTHS = [375, 1440];
/** WCAG 2.2 AA for normal text. */
const MIN_CONTRAST = 4.5;

test.use({ bypassCSP: true });

for (const width of WIDTHS) {
  test.describe(`navbar contrast at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const path of PAGES) {
      test(`${path}: every item of the bar reads at every step through the end of the hero`, async ({ page }) => {
        await page.goto(path);
        await page.mouse.move(width / 2, 700);
        const glassUntil = await lastGlassScroll(page);
        const steps = new Set([0, glassUntil - 1, glassUntil, glassUntil + 1, glassUntil + 2]);
        for (let y = Math.max(0, glassUntil - 160); y <= glassUntil + 640; y += 40) steps.add(y);
        const failures: string[] = [];
        for (const y of [...steps].sort((a, b) => a - b)) {
          const contrasts = await barContrasts(page, y);
          expect(contrasts.length, `elementos visibles de la barra a ${y} px`).toBeGreaterThan(0);
          for (const { name, ratio } of contrasts) {
            if (ratio < MIN_CONTRAST) failures.push(`${name} a ${y} px: ${ratio.toFixed(2)}:1`);
          }
        }
        expect(failures).toEqual([]);
      });
    }
  });
}
