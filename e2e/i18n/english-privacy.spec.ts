/**
 * /en/privacy-notice: the full notice in US English from content/en/privacy.yaml, framed by
 * content/en/pages/aviso-de-privacidad.yaml, paired with /aviso-de-privacidad (lang, hreflang both ways, the
 * switcher, JSON-LD in English), saying that the Spanish notice prevails, and stating the same facts as the
 * Spanish one: the retention limits the server enforces (content/privacy.yaml), the ARCO deadlines, the
 * date, and each form's fields named as the English forms name them. English forms link it. Copy is read
 * from content/, never quoted here.
 */
import { contactDetails } from '../../core/contact.ts';
import { privacySchema } from '../../core/content/privacy.ts';
import { formatDayMonthYear } from '../../core/dates.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { LEAD_FORM_IDS } from '../../core/forms/kinds.ts';
import type { FormLists } from '../../core/forms/options.ts';
import { ROUTES } from '../../core/routes.ts';
import { collectedFields } from '../../src/lib/privacy/form-fields.ts';
import { noticeFacts, textParts } from '../../src/lib/privacy/notice.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';
import { hreflangPairs, translated, TRANSLATIONS } from '../support/languages.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { formOptionsSchema } from '../../core/content/form-options.ts';
import { consultingServices, offersSchema } from '../../core/content/offers.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const facts = loadContentFacts();
const PATH = TRANSLATIONS.routes.get('en')?.privacy ?? '';
const NOTICE = privacySchema.parse(translated('en', 'privacy.yaml'));
const PAGE = translated('en', 'pages/aviso-de-privacidad.yaml') as {
  hero: { title: string };
  labels: Record<string, string>;
};
const COPY = formCopy(TRANSLATIONS.catalogues.get('en') ?? {}, 'en');
const LISTS: FormLists = {
  ...formOptionsSchema.parse(translated('en', 'form-options.yaml')),
  consultingServices: consultingServices(offersSchema.parse(translated('en', 'offers.yaml'))),
};
const FACTS = noticeFacts(contactDetails(facts.contact), facts.privacy.retention);
/** A paragraph of the notice as the page prints it, its facts filled in. */
const printed = (template: string): string =>
  textParts(template, FACTS)
    .map((part) => part.text)
    .join('')
    .replace(/\s+/g, ' ');

test('the English notice reads in English, states the Spanish facts and pairs with the Spanish one', async ({
  page,
}) => {
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(200);

  await test.step('language, title, its twin both ways and its structured data', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
    const alternates = await hreflangPairs(page);
    expect(alternates).toEqual([
      ['es-MX', ROUTES.privacy],
      ['en', PATH],
      ['x-default', ROUTES.privacy],
    ]);
    const webPages = (await jsonLdNodes(page)).filter((node) => node['@type'] === 'WebPage');
    expect(webPages).toHaveLength(1);
    expect(webPages[0]).toMatchObject({ inLanguage: 'en', dateModified: facts.privacy.lastUpdated });
    expect(String(webPages[0]?.url)).toMatch(new RegExp(`${PATH}$`));
  });

  await test.step('the date as US English writes it, and that the Spanish notice prevails', async () => {
    await expect(page.locator('[data-last-updated] time')).toHaveText(
      formatDayMonthYear(facts.privacy.lastUpdated, 'en'),
    );
    await expect(page.locator('[data-notice-prevails]')).toHaveText(PAGE.labels.prevails ?? '');
  });

  await test.step('every section in the Spanish order, with an index', async () => {
    const main = page.getByRole('main');
    expect(NOTICE.sections.map((section) => section.id)).toEqual(facts.privacy.sections.map((section) => section.id));
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(NOTICE.sections.map((section) => section.title));
    const index = main.getByRole('navigation', { name: PAGE.labels.contents ?? '' });
    await expect(index.getByRole('link')).toHaveText(NOTICE.sections.map((section) => section.title));
  });

  await test.step('the retention limits and deadlines the server keeps, in the English wording', async () => {
    const retention = NOTICE.sections.find((section) => section.id === 'conservacion');
    const paragraphs = (retention?.body ?? []).map(printed);
    expect(paragraphs.join(' ')).toContain(String(facts.privacy.retention.leadMonths));
    expect(paragraphs.join(' ')).toContain(String(facts.privacy.retention.mailBodyDays));
    for (const paragraph of paragraphs) await expect(page.locator('#conservacion')).toContainText(paragraph);
    const rights = NOTICE.sections.find((section) => section.id === 'derechos');
    for (const paragraph of (rights?.closing ?? []).map(printed))
      await expect(page.locator('#derechos')).toContainText(paragraph);
  });

  await test.step("each form's fields as the English forms name them", async () => {
    for (const form of LEAD_FORM_IDS) {
      const card = page.locator(`[data-notice-form="${form}"]`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(NOTICE.forms[form]);
      const expected = collectedFields(form, LISTS, COPY).map(
        (field) => `${field.label} (${PAGE.labels[field.status] ?? ''})`,
      );
      await expect(card.getByRole('listitem')).toHaveText(expected);
    }
  });

  await test.step('passes axe', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  await test.step('the footer switcher lands on the Spanish notice', async () => {
    const spanish = TRANSLATIONS.languages.find((language) => language.is_default)?.name ?? '';
    await page.getByRole('contentinfo').getByRole('link', { name: spanish }).click();
    await expect(page).toHaveURL(ROUTES.privacy);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  });
});

test('an English form links the English notice', async ({ page }) => {
  await page.goto(TRANSLATIONS.routes.get('en')?.contact ?? '');
  const link = page.getByRole('link', { name: NOTICE.shortNotice.link }).first();
  await expect(link).toHaveAttribute('href', PATH);
});

test('at 320, 375 and 1440 px the notice fits the screen', async ({ page }) => {
  for (const width of [320, 375, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PATH);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(width);
  }
});
