/**
 * /en/integrations: the integrations page in US English, the same component as /integraciones fed by
 * content/en/pages/integraciones.yaml and content/en/integrations.yaml: status, lang, its twin both ways,
 * every category and integration in the Spanish order with its English words, links to English pages,
 * axe, and a layout that holds at 320, 375 and 1440 px. Copy is read from content/, never quoted here.
 */
import { ROUTES } from '../../core/routes.ts';
import { axeViolations, revealAll } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { hreflangPairs, translated, TRANSLATIONS } from '../support/languages.ts';
import { INTEGRATION_CATEGORIES } from '../support/content.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const ROUTES_EN = TRANSLATIONS.routes.get('en');
const PATH = ROUTES_EN?.integrations ?? '';
const PAGE = translated('en', 'pages/integraciones.yaml') as {
  seo: { title: string };
  hero: { title: string };
};
const CATEGORIES = translated('en', 'integrations.yaml') as Array<{
  id: string;
  title: string;
  items: Array<{ name: string; description: string }>;
}>;

test('the English integrations page reads in English, in the Spanish order, and pairs with its twin', async ({
  page,
}) => {
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(new RegExp(`^${PAGE.seo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
  const alternates = await hreflangPairs(page);
  expect(alternates).toEqual([
    ['es-MX', ROUTES.integrations],
    ['en', PATH],
    ['x-default', ROUTES.integrations],
  ]);

  // The categories in the Spanish file's order, each with its English title and integrations.
  expect(CATEGORIES.map((category) => category.id)).toEqual(INTEGRATION_CATEGORIES.map((category) => category.id));
  for (const category of CATEGORIES) {
    const card = page.locator(`section#${category.id}`);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(category.title);
    await expect(card.getByRole('heading', { level: 4 })).toHaveText(category.items.map((item) => item.name));
  }
  // The consultation's button leads to the English consulting page.
  await expect(page.locator('#consultoria a.btn')).toHaveAttribute('href', ROUTES_EN?.integrationsConsulting ?? '');
  await revealAll(page);
  expect(await axeViolations(page)).toEqual([]);

  // The switcher lands on the Spanish page, whose own switcher comes back.
  const spanish = TRANSLATIONS.languages.find((language) => language.is_default)?.name ?? '';
  await page.getByRole('contentinfo').getByRole('link', { name: spanish }).click();
  await expect(page).toHaveURL(ROUTES.integrations);
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: ENGLISH?.name ?? '' })
    .click();
  await expect(page).toHaveURL(PATH);
});

test('at 320, 375 and 1440 px the English integrations page fits the screen', async ({ page }) => {
  for (const width of [320, 375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PATH);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(width);
  }
});
