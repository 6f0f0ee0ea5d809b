import { expect, type Page } from '@playwright/test';
import { islandScriptUrls, type watchIslandScripts } from './throttle.ts';

/** How close a form's island comes before it loads (FormSection.astro). */
const FORM_NEAR = 400;

/**
 * A visitor who only reads downloads no React: it waits for a first use. Reads the loaded page top to
 * bottom, a bit more than half a screen at a time, and expects no island's code nor React requested. A
 * page with a form further down is read down to where the form comes near (400 px), the one approach
 * that loads its island, and scrolling on to it then does.
 */
export async function expectReadingLoadsNoReact(
  page: Page,
  path: string,
  scripts: ReturnType<typeof watchIslandScripts>,
): Promise<void> {
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
}
