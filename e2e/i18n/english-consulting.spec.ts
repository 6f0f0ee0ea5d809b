/**
 * /en/technology-consulting: the consulting page in US English, the same component as
 * /consultoria-tecnologica fed by content/en/pages/consultoria-tecnologica.yaml, content/en/consulting.yaml
 * and the English offer names, with the Spanish file's prices and durations written as US English writes
 * them: status, lang, its twin both ways, each service's card, the English form, axe, and a layout that
 * holds at 320, 375 and 1440 px. Copy is read from content/, never quoted here.
 */
import { consultingOffers, offersSchema } from '../../core/content/offers.ts';
import { formatMoney } from '../../core/format.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { ROUTES } from '../../core/routes.ts';
import { axeViolations, revealAll } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { hreflangPairs, translated, TRANSLATIONS } from '../support/languages.ts';
import { hydratedForm } from '../forms/support.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const PATH = TRANSLATIONS.routes.get('en')?.techConsulting ?? '';
const PAGE = translated('en', 'pages/consultoria-tecnologica.yaml') as {
  hero: { title: string };
  backLink: { label: string };
  labels: Record<string, string>;
};
const TEXTS = translated('en', 'consulting.yaml') as Record<string, { summary: string; includes: string[] }>;
const OFFERS = consultingOffers(offersSchema.parse(translated('en', 'offers.yaml')));
const COPY = formCopy(TRANSLATIONS.catalogues.get('en') ?? {}, 'en');

test('the English consulting page reads in English with the Spanish prices, and pairs with its twin', async ({
  page,
}) => {
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
  const alternates = await hreflangPairs(page);
  expect(alternates).toEqual([
    ['es-MX', ROUTES.techConsulting],
    ['en', PATH],
    ['x-default', ROUTES.techConsulting],
  ]);
  await expect(page.getByRole('link', { name: PAGE.backLink.label })).toHaveAttribute(
    'href',
    TRANSLATIONS.routes.get('en')?.technologies ?? '',
  );

  expect(OFFERS.length).toBeGreaterThan(0);
  for (const offer of OFFERS) {
    const card = page.locator(`#consultoria-${offer.id}`);
    await expect(card).toContainText(offer.label);
    await expect(card).toContainText(TEXTS[offer.id]?.summary ?? '');
    await expect(card).toContainText(formatMoney(offer.price.amount, offer.price.currency, 'en'));
    for (const item of TEXTS[offer.id]?.includes ?? []) await expect(card).toContainText(item);
  }

  // The consulting form below speaks English.
  const form = await hydratedForm(page, 'consulting');
  await expect(form.getByText(COPY.labels.serviceType).first()).toBeVisible();
  await revealAll(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('at 320, 375 and 1440 px the English consulting page fits the screen', async ({ page }) => {
  for (const width of [320, 375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PATH);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(width);
  }
});
