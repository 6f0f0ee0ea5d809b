/**
 * An English visitor's lead, end to end: the contact form on /en/contact reads in English (labels, the
 * required mark, options), its own check and the API's answers are in English, a US phone is taken and
 * stored in E.164, and the lead lands with its language. Copy comes from content/ (the catalogue and the
 * translated option lists), never quoted here.
 */
import type { Locator } from '@playwright/test';
import { formCopy } from '../../core/forms/copy.ts';
import { optionText, type SelectOption } from '../../core/forms/options.ts';
import { pickerTexts } from '../../src/islands/datetime/picker-texts.ts';
import { expect, test } from '../support/fixtures.ts';
import { TRANSLATIONS, translated } from '../support/languages.ts';
import { hydratedForm, nextSubmissionBody, storedLead } from '../forms/support.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const COPY = formCopy(TRANSLATIONS.catalogues.get('en') ?? {}, 'en');
const LISTS = translated('en', 'form-options.yaml') as Record<string, SelectOption[]>;
const first = (list: string): string => optionText(LISTS[list]?.[0] as SelectOption);

/** The label a field shows, which may carry its list's currency ("Estimated budget (MXN)"). */
const field = (form: Locator, label: string) => form.getByLabel(new RegExp(`^${label.replace(/[?()]/g, '\\$&')}`));

test('an English visitor sends the contact form with a US phone; the lead lands in English', async ({ page }) => {
  await page.goto('/en/contact');
  const form = await hydratedForm(page, 'big');

  // English words throughout: the required mark, the select's placeholder and the options.
  await expect(form.getByText(COPY.words.requiredMark).first()).toBeVisible();
  await expect(field(form, COPY.labels.projectType).locator('option').first()).toHaveText(COPY.words.selectPlaceholder);
  // The short privacy notice beside the send button, and its opt-out boxes, in English too.
  const privacy = translated('en', 'privacy.yaml') as {
    shortNotice: { link: string };
    purposes: { voluntary: Array<{ refusal: string }> };
  };
  await expect(form.getByRole('link', { name: privacy.shortNotice.link })).toBeVisible();
  for (const purpose of privacy.purposes.voluntary) await expect(form.getByLabel(purpose.refusal)).toBeVisible();

  // Bad input: the form's own check answers in English, next to each field.
  await field(form, COPY.labels.email).fill('megan@');
  await field(form, COPY.labels.phone).fill('555-0142');
  await form.getByRole('button', { name: COPY.words.sendMessage }).click();
  await expect(page.getByRole('status')).toContainText(COPY.words.errorHint);
  await expect(form.getByText(COPY.messages.required).first()).toBeVisible();
  await expect(form.getByText(COPY.messages.email)).toBeVisible();
  await expect(form.getByText(COPY.messages.phone)).toBeVisible();

  await field(form, COPY.labels.name).fill('Megan Walsh');
  await field(form, COPY.labels.email).fill('megan.walsh@lonestarfreight.com');
  await field(form, COPY.labels.company).fill('Lone Star Freight');
  await field(form, COPY.labels.phone).fill('(512) 555-0142');
  await field(form, COPY.labels.projectType).selectOption({ label: first('proyects') });
  await field(form, COPY.words.projectMessage).fill('A portal where shippers track their loads and download invoices.');
  await expect(form.getByText(COPY.messages.phone)).toBeHidden();

  const body = nextSubmissionBody(page, 'contactBig');
  const language = page.waitForRequest((r) => r.url().endsWith('/api/webSite/contactBig'));
  await form.getByRole('button', { name: COPY.words.sendMessage }).click();
  expect((await body).phone).toBe('(512) 555-0142');
  expect((await language).headers()['content-language']).toBe('en');

  const status = page.getByRole('status').filter({ hasText: COPY.words.success });
  await expect(status).toBeVisible({ timeout: 15_000 });
  const id = Number(/CONT-(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(storedLead(id)).toMatchObject({
    language: 'en',
    phone: '+15125550142',
    originPage: '/en/contact',
    fields: { projectType: LISTS.proyects?.[0]?.id },
  });
});

test('the meeting picker of an English form speaks English and writes dates in US English', async ({ page }) => {
  const picker = pickerTexts(COPY.picker, 'en');
  await page.goto('/en/contact');
  const form = await hydratedForm(page, 'big');
  await expect(form.getByText(picker.hint)).toBeVisible();
  await form.getByRole('button', { name: new RegExp(picker.choose.replace(/[()]/g, '\\$&')) }).click();
  const dialog = page.getByRole('dialog', { name: picker.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(picker.noDate)).toBeVisible();
  await dialog.getByLabel(picker.dateLabel, { exact: true }).fill('2026-12-07');
  await expect(dialog.getByText('Monday, December 7, 2026')).toBeVisible();
  await dialog.getByRole('button', { name: picker.cancel }).click();
  await expect(dialog).toBeHidden();
});

for (const [path, kind, submit] of [
  ['/en/cloud-migration', 'cloudMigration', COPY.words.requestMigration],
  ['/en/integration-consulting', 'integrations', COPY.words.requestIntegration],
] as const) {
  test(`${path}: the consultancy form reads in English and checks in English`, async ({ page }) => {
    await page.goto(path);
    const form = await hydratedForm(page, kind);
    await expect(field(form, COPY.words.budgetShort)).toBeVisible();
    await field(form, COPY.labels.phone).fill('555-0142');
    await form.getByRole('button', { name: submit }).click();
    await expect(form.getByText(COPY.messages.phone)).toBeVisible();
    await expect(form.getByText(COPY.messages.required).first()).toBeVisible();
  });
}

test.describe('refused by the API', () => {
  // The browser logs the 422 this test provokes.
  test.use({ allowedConsoleErrors: [/status of 422/] });

  test("the API's own refusals reach an English form in English", async ({ page }) => {
    await page.goto('/en/contact');
    const form = await hydratedForm(page, 'big');
    // A number only the server's numbering plans refuse (no US area code starts with 1) gets the API's
    // English message next to the field.
    await page.route('**/api/webSite/contactBig', async (route) => {
      const answer = await route.fetch({
        postData: JSON.stringify({ ...route.request().postDataJSON(), phone: '+1 155 555 0142' }),
      });
      await route.fulfill({ response: answer });
    });
    await field(form, COPY.labels.name).fill('Megan Walsh');
    await field(form, COPY.labels.email).fill('megan.api@lonestarfreight.com');
    await field(form, COPY.labels.projectType).selectOption({ label: first('proyects') });
    await field(form, COPY.words.projectMessage).fill('Dispatch runs on spreadsheets.');
    await form.getByRole('button', { name: COPY.words.sendMessage }).click();
    await expect(form.getByText(COPY.messages.phone)).toBeVisible();
    await expect(page.getByRole('status')).toContainText(COPY.words.error);
  });
});

test('/en/start-a-project takes a US WhatsApp number and states the offer in US English', async ({ page }) => {
  await page.goto('/en/start-a-project');
  await expect(page.locator('[data-offer]')).not.toContainText(/ de 20\d\d/);
  const form = await hydratedForm(page, 'project');
  const page_ = translated('en', 'pages/iniciar-proyecto.yaml') as { labels: { submit: string } };
  await field(form, COPY.labels.name).fill('Daniel Ortiz');
  await field(form, COPY.labels.email).fill('daniel.ortiz@brightpathdental.com');
  await field(form, COPY.labels.company).fill('Brightpath Dental');
  await field(form, COPY.words.projectPhone).fill('+1 (312) 555-0187');
  await field(form, COPY.labels.projectType).selectOption({ label: first('proyects') });
  await field(form, COPY.labels.urgency).selectOption({ label: first('emergency') });
  await field(form, COPY.labels.budget).selectOption({ index: 1 });
  await field(form, COPY.labels.timeline).selectOption({ index: 1 });
  await field(form, COPY.labels.description).fill(
    'Online booking for our six clinics, synced with our practice software.',
  );
  await field(form, COPY.labels.currentSituation).fill('Front desks book by phone into a shared calendar.');
  await form.getByRole('button', { name: page_.labels.submit }).click();

  const status = page.getByRole('status').filter({ hasText: COPY.words.success });
  await expect(status).toBeVisible({ timeout: 15_000 });
  const id = Number(/CONT-(\d+)/.exec((await status.textContent()) ?? '')?.[1]);
  expect(storedLead(id)).toMatchObject({
    kind: 'project',
    language: 'en',
    phone: '+13125550187',
    originPage: '/en/start-a-project',
    fields: { urgency: LISTS.emergency?.[0]?.id },
  });
});

test('an English form asks the API for its lists in English and keeps showing the English options', async ({
  page,
}) => {
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/webSite/contactFormSelects'));
  await page.goto('/en/contact');
  const form = await hydratedForm(page, 'big');
  expect(await (await asked).headerValue('content-language')).toBe('en');
  await page.waitForLoadState('networkidle');
  await expect(field(form, COPY.labels.projectType).locator('option').nth(1)).toHaveText(first('proyects'));
});
