/**
 * /en/portfolio and every English case study (/en/portfolio/<id>): the same components as /portfolio and
 * /portfolio/<id>, fed by content/en/pages/portfolio.yaml, content/en/portfolio/<id>.md and the English
 * portfolio figures. Status, lang, title, canonical and reciprocal hreflang, JSON-LD in English, every card
 * and every link landing on the English twin, the story below each case, the switcher without JavaScript,
 * axe, and a layout that holds at 320 px. Copy and counts are read from content/, never quoted here.
 */
import { ROUTES, portfolioCasePath } from '../../core/routes.ts';
import { axeViolations, revealAll } from '../support/axe.ts';
import { CASES } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';
import { DEFAULT_LOCALE, hreflangPairs, say, translated, TRANSLATIONS } from '../support/languages.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const PORTFOLIO = TRANSLATIONS.routes.get('en')?.portfolio ?? '';
const casePath = (id: string) => `${PORTFOLIO}/${id}`;
const PAGE = translated('en', 'pages/portfolio.yaml') as {
  hero: { title: string };
  sections: Record<string, { title: string; actions?: Array<{ label: string }> }>;
  labels: Record<string, string>;
};
const STATS = (translated('en', 'stats.yaml') as Record<string, { items: Array<{ label: string }> }>).portfolio;

interface EnglishCase {
  title: string;
  description: string;
  results: string[];
  body?: string;
}
const english = (id: string) => translated('en', `portfolio/${id}.md`) as EnglishCase;

test('/en/portfolio lists every case in English, linked to its English page, and pairs with /portfolio', async ({
  page,
}) => {
  const response = await page.goto(PORTFOLIO);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${PORTFOLIO}$`));
  expect(await hreflangPairs(page)).toEqual([
    ['es-MX', ROUTES.portfolio],
    ['en', PORTFOLIO],
    ['x-default', ROUTES.portfolio],
  ]);

  const cards = page.locator('#proyectos article');
  await expect(cards).toHaveCount(CASES.length);
  for (const [index, { id }] of CASES.entries()) {
    const link = cards.nth(index).getByRole('heading', { level: 3 }).getByRole('link');
    await expect(link).toHaveText(english(id).title);
    await expect(link).toHaveAttribute('href', casePath(id));
    await expect(cards.nth(index)).toContainText(english(id).description);
  }
  for (const stat of STATS?.items ?? []) await expect(page.locator('#estadisticas')).toContainText(stat.label);

  await revealAll(page);
  expect(await axeViolations(page)).toEqual([]);
});

for (const { id, results } of CASES) {
  test(`/en/portfolio/${id} tells the case in English and pairs with its Spanish twin`, async ({ page }) => {
    const copy = english(id);
    const response = await page.goto(casePath(id));
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(new RegExp(`^${copy.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(copy.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', copy.description);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${casePath(id)}$`));
    expect(await hreflangPairs(page)).toEqual([
      ['es-MX', portfolioCasePath(id)],
      ['en', casePath(id)],
      ['x-default', portfolioCasePath(id)],
    ]);
    const work = (await jsonLdNodes(page)).find((node) => node['@type'] === 'CreativeWork');
    expect(work).toMatchObject({ name: copy.title, inLanguage: 'en' });

    await expect(page.locator('#resultados + ul > li')).toHaveText(copy.results);
    expect(copy.results).toHaveLength(results);
    await expect(page.getByRole('heading', { level: 2, name: PAGE.labels.story })).toHaveCount(copy.body ? 1 : 0);
    if (copy.body) {
      // Markdown prints typographic quotes and apostrophes, and wraps lines as it pleases.
      const plain = (text: string) => text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
      const story = plain(await page.locator('.case-story').innerText());
      for (const paragraph of copy.body.split(/\n\s*\n/)) expect(story).toContain(plain(paragraph));
    }

    // Every link to a case or to the portfolio stays in English, but the switchers to the Spanish twin.
    const hrefs = await page
      .locator('main a[href*="portfolio"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(PORTFOLIO), href).toBe(true);

    await revealAll(page);
    expect(await axeViolations(page)).toEqual([]);
  });
}

/** The English service pages that cite cases, with the ids they cite (content/services/<id>.yaml). */
const SERVICES_WITH_CASES = [...(TRANSLATIONS.content.get('en')?.entries() ?? [])].flatMap(([file, data]) => {
  const service = data as { link?: string; page?: { related?: { cases: string[] } } };
  const name = (Object.keys(ROUTES) as Array<keyof typeof ROUTES>).find((each) => ROUTES[each] === service.link);
  const path = name && name !== 'wiki' && name !== 'wikiHome' ? TRANSLATIONS.routes.get('en')?.[name] : undefined;
  return file.startsWith('services/') && path && service.page?.related
    ? [{ path, cases: service.page.related.cases }]
    : [];
});

test('English service pages show the cases they cite in English, linked to the English case pages', async ({
  page,
}) => {
  expect(SERVICES_WITH_CASES.length).toBeGreaterThan(0);
  for (const { path, cases } of SERVICES_WITH_CASES) {
    await page.goto(path);
    const links = page.locator('[aria-labelledby="casos-title"] article h3 a');
    await expect(links).toHaveText(cases.map((id) => english(id).title));
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual(
      cases.map((id) => casePath(id)),
    );
  }
});

test.describe('a case id that does not exist', () => {
  // The browser reports the page's own 404 status in the console.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an English case id that does not exist answers 404 in English, with the way back and every case', async ({
    page,
  }) => {
    const notFound = PAGE.sections['caso-no-encontrado'] ?? { title: '', actions: [] };
    const response = await page.goto(`${PORTFOLIO}/no-such-case`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(notFound.title);
    await expect(page.getByRole('link', { name: notFound.actions?.[0]?.label })).toHaveAttribute('href', PORTFOLIO);
    for (const { id } of CASES)
      await expect(page.locator(`main a[href="${casePath(id)}"]`)).toHaveText(new RegExp(english(id).title));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the switcher on an English case lands on the Spanish case and back', async ({ page }) => {
    const id = CASES[0]?.id ?? '';
    await page.goto(casePath(id));
    const bar = (locale: string) => page.getByRole('navigation', { name: say(locale, 'nav', 'main') });
    await bar('en').locator(`a[data-language-switcher][hreflang="${DEFAULT_LOCALE}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${portfolioCasePath(id)}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', DEFAULT_LOCALE);
    await bar(DEFAULT_LOCALE).locator('a[data-language-switcher][hreflang="en"]').click();
    await expect(page).toHaveURL(new RegExp(`${casePath(id)}$`));
  });
});

test('at 320 px the English portfolio and a case fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of [PORTFOLIO, casePath(CASES[0]?.id ?? '')]) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
  }
});
