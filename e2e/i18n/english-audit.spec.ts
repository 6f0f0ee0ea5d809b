/**
 * /en/infrastructure-audit: the audit page in US English, the same component as /auditoria-infraestructura
 * fed by content/en/pages/auditoria-infraestructura.yaml, content/en/audit.yaml and the English offer name,
 * with the Spanish file's price, duration, return and support days written as US English writes them:
 * status, lang, its twin both ways (head and switcher), the areas, phases by day and deliverables, the
 * English form, axe, and a layout that holds at 320 and 1440 px. Copy is read from content/, never quoted.
 */
import { offersSchema } from '../../core/content/offers.ts';
import { formatDuration, formatDurationRange, formatMoney, formatPercentRange } from '../../core/format.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { ROUTES } from '../../core/routes.ts';
import { axeViolations, revealAll } from '../support/axe.ts';
import { AUDIT } from '../support/content.ts';
import { expect, test } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';
import { DEFAULT_LOCALE, hreflangPairs, say, translated, TRANSLATIONS } from '../support/languages.ts';
import { hydratedForm } from '../forms/support.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const ROUTES_EN = TRANSLATIONS.routes.get('en');
const PATH = ROUTES_EN?.infrastructureAudit ?? '';
const PAGE = translated('en', 'pages/auditoria-infraestructura.yaml') as {
  hero: { title: string };
  backLink: { label: string };
  labels: Record<string, string>;
};
const AUDIT_EN = (translated('en', 'audit.yaml') as Record<string, unknown>)['infrastructure-audit'] as {
  areas: Array<{ title: string }>;
  phases: Array<{ title: string }>;
  deliverables: Array<{ title: string }>;
  postAuditSupport: string;
};
const OFFER = offersSchema.parse(translated('en', 'offers.yaml'))['infrastructure-audit'];
const COPY = formCopy(TRANSLATIONS.catalogues.get('en') ?? {}, 'en');

test('the English audit page reads in English with the Spanish figures, and pairs with its twin', async ({ page }) => {
  if (!OFFER?.roi || !OFFER.supportDays) throw new Error('content/offers.yaml sin ROI ni soporte de la auditoría');
  const response = await page.goto(PATH);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
  expect(await hreflangPairs(page)).toEqual([
    ['es-MX', ROUTES.infrastructureAudit],
    ['en', PATH],
    ['x-default', ROUTES.infrastructureAudit],
  ]);
  await expect(page.getByRole('link', { name: PAGE.backLink.label })).toHaveAttribute(
    'href',
    ROUTES_EN?.cloudNative ?? '',
  );

  await expect(page.locator('section#areas').getByRole('heading', { level: 3 })).toHaveText(
    AUDIT_EN.areas.map((area) => area.title),
  );
  const phases = page.locator('section#fases ol > li');
  await expect(phases).toHaveCount(AUDIT.phases.length);
  const days = PAGE.labels.days ?? '';
  for (const [index, { fromDay, toDay }] of AUDIT.phases.entries()) {
    const when =
      fromDay === toDay
        ? `${PAGE.labels.day} ${fromDay}`
        : `${days.charAt(0).toUpperCase()}${days.slice(1)} ${fromDay}-${toDay}`;
    await expect(phases.nth(index)).toContainText(AUDIT_EN.phases[index]?.title ?? '');
    await expect(phases.nth(index)).toContainText(when);
  }
  await expect(page.locator('section#entregables').getByRole('heading', { level: 3 })).toHaveText(
    AUDIT_EN.deliverables.map((deliverable) => deliverable.title),
  );

  const facts = page.locator('[data-audit-facts]');
  const fact = (term: string) => facts.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) });
  await expect(fact(PAGE.labels.price ?? '').getByRole('definition')).toHaveText(
    formatMoney(OFFER.price.amount, OFFER.price.currency, 'en'),
  );
  await expect(fact(PAGE.labels.duration ?? '').getByRole('definition')).toHaveText(
    formatDurationRange(OFFER.duration.min, OFFER.duration.max, OFFER.duration.unit, 'en'),
  );
  await expect(fact(PAGE.labels.roi ?? '').getByRole('definition')).toHaveText([
    formatPercentRange(OFFER.roi.minPercent, OFFER.roi.maxPercent),
    `${PAGE.labels.roiWithin} ${formatDuration(OFFER.roi.months, 'month', 'en')}`,
  ]);
  await expect(page.locator('section#roi')).toContainText(`${OFFER.supportDays} ${days}`);
  await expect(page.locator('section#roi')).toContainText(AUDIT_EN.postAuditSupport);

  const service = (await jsonLdNodes(page)).find((node) => node['@type'] === 'Service');
  expect(service).toMatchObject({ name: OFFER.label, offers: { price: String(OFFER.price.amount) } });

  // The audit's consulting form below speaks English, the audit chosen and its own fields asked for.
  const form = await hydratedForm(page, 'consulting');
  await expect(form.getByLabel(COPY.labels.serviceType)).toHaveValue('infrastructure-audit');
  await expect(form.getByLabel(COPY.labels.currentInfrastructure)).toBeVisible();
  await revealAll(page);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the switcher lands on the Spanish audit page and back', async ({ page }) => {
    await page.goto(PATH);
    const bar = (locale: string) => page.getByRole('navigation', { name: say(locale, 'nav', 'main') });
    await bar('en').locator(`a[data-language-switcher][hreflang="${DEFAULT_LOCALE}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.infrastructureAudit}$`));
    await bar(DEFAULT_LOCALE).locator('a[data-language-switcher][hreflang="en"]').click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  });
});

test('at 320 and 1440 px the English audit page fits the screen', async ({ page }) => {
  for (const width of [320, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(PATH);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${width} px`).toBeLessThanOrEqual(width);
  }
});
