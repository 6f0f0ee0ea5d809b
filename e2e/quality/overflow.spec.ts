/**
 * Nothing runs past the box that holds it, from the narrowest phone the site supports: every sitemap
 * page and the 404, at 320 and 375 px. A failure names the page, the element, its text and the
 * overshoot in px, so it can be fixed without a screenshot.
 */
import { test, expect } from '../support/fixtures.ts';
import { sitemapPathsFromDist } from '../support/built-site.ts';
import { textOverflows } from '../support/overflow.ts';

const paths = [...sitemapPathsFromDist(), '/pagina-que-no-existe'];

test.use({ allowedConsoleErrors: [/status of 404/] });

for (const width of [320, 375]) {
  test.describe(`nothing overflows at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true, isMobile: true });
    for (const path of paths) {
      test(path, async ({ page }) => {
        await page.goto(path);
        expect(await textOverflows(page), `${path} a ${width} px`).toEqual([]);
      });
    }
  });
}
