/**
 * A visitor who only reads downloads no React (PRODUCT.md decision 18). On every sitemap page (and the
 * 404), on a phone: open it, read it top to bottom, and no island's code nor React is requested. A page
 * with a form further down is read down to where the form comes near (400 px), the one approach that loads
 * its island, and scrolling on to it then does.
 */
import { test, expect } from '../support/fixtures.ts';
import { sitemapPathsFromDist } from '../support/built-site.ts';
import { islandScriptUrls, watchIslandScripts } from '../support/throttle.ts';

const paths = [...sitemapPathsFromDist(), '/pagina-que-no-existe'];
/** How close a form's island comes before it loads (FormSection.astro). */
const FORM_NEAR = 400;

test.use({
  allowedConsoleErrors: [/status of 404/],
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
});

for (const path of paths) {
  test(`reading ${path} loads no React`, async ({ page }) => {
    const scripts = watchIslandScripts(page);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const islands = await islandScriptUrls(page);
    const islandCode = () =>
      scripts.requested.filter((script) => islands.includes(script) || /\/_astro\/react\.[^/]+\.js$/.test(script));

    // Where reading stops: the bottom of the page, or just before the first form comes within reach.
    const formTop = await page.evaluate(() => {
      const form = document.querySelector('[data-form] form');
      return form ? form.getBoundingClientRect().top + window.scrollY : null;
    });
    const { height, end } = await page.evaluate(() => ({
      height: window.innerHeight,
      end: document.documentElement.scrollHeight - window.innerHeight,
    }));
    // A form further down is an approach away; one already within reach at load is no approach, and
    // reading on down the page moves away from it.
    const formBelow = formTop !== null && formTop - height - FORM_NEAR > 0;
    const stop = formBelow ? Math.min(end, formTop - height - FORM_NEAR - 50) : end;
    for (let y = 0; y <= stop; y += Math.round(height * 0.6)) {
      await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), stop);
    await page.waitForLoadState('networkidle');
    expect(islandCode(), `${path}: React o una isla sin que el visitante la use`).toEqual([]);

    if (formBelow) {
      // Scrolling on towards the form is the approach that loads its island.
      await page.locator('[data-form] form').first().scrollIntoViewIfNeeded();
      await expect.poll(() => islandCode().some((script) => script.includes('/LeadForm.'))).toBe(true);
    }
  });
}
