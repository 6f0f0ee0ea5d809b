/**
 * Label in name (WCAG 2.5.3): a card whose title link covers it shows a call to action ("Ver Más",
 * "Ver Caso") that is decoration for assistive technology; the link's accessible name must contain
 * those visible words, so "pulsa Ver Caso" in voice control reaches it. Checked on every page of the
 * build that has such a card, found in the static HTML.
 */
import { test, expect } from '../support/fixtures.ts';
import { parsePage, pageForPath, sitemapPathsFromDist } from '../support/built-site.ts';

const pages = sitemapPathsFromDist().filter((path) => {
  const built = pageForPath(path);
  return built !== undefined && parsePage(built.file).querySelector('[data-card-part="link"]') !== null;
});

test('cards with a visible call to action exist on the home, portfolio and service pages', () => {
  expect(pages).toEqual(expect.arrayContaining(['/', '/portfolio', '/servicios/aplicaciones-web']));
});

for (const path of pages) {
  test(`${path}: every card link's name holds its visible call to action`, async ({ page }) => {
    await page.goto(path);
    const cards = page.locator('article:has([data-card-part="link"])');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const card = cards.nth(index);
      const visible = ((await card.locator('[data-card-part="link"]').textContent()) ?? '').replace(/\s+/g, ' ').trim();
      expect(visible.length).toBeGreaterThan(0);
      const links = card.getByRole('link');
      await expect(links).toHaveCount(1);
      await expect(links).toHaveAccessibleName(new RegExp(visible.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
  });
}
