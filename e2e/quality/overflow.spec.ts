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

// One visit per page, resized from 320 to 375 px: the layout is CSS, so a resize reflows it as a load would.
test.describe('nothing overflows at 320 and 375 px', () => {
  test.use({ viewport: { width: 320, height: 740 }, hasTouch: true, isMobile: true });
  for (const path of paths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      expect(await textOverflows(page), `${path} a 320 px`).toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await textOverflows(page), `${path} a 375 px`).toEqual([]);
    });
  }
});
