/**
 * The meeting manage page in English, against the real server: a client who wrote from an English page
 * gets a manage link to /en/meeting (read from the written .eml), which reads in English (lang, hreflang
 * pair with /reunion, noindex, out of the sitemap), shows the meeting as US English writes dates with the
 * consultant's English title, moves it with the picker in English and cancels it behind an English
 * confirmation, the API's answers in English; on a 320 px phone in another zone it shows both times. Copy
 * comes from content/ (content/en/pages/reunion.yaml and the catalogue), never quoted here.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatAppointmentLong } from '../../core/dates.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { ROUTES } from '../../core/routes.ts';
import { pickerTexts } from '../../src/islands/datetime/picker-texts.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { manageLinkOf } from '../support/manage-link.ts';
import { hreflangPairs, translated, TRANSLATIONS } from '../support/languages.ts';
import { DAY, isBooked, nthOpenDay } from '../forms/support.ts';

const ENGLISH = TRANSLATIONS.active.find((language) => language.code === 'en');
test.skip(!ENGLISH, 'English is not an active language');

const SPANISH_NAME = TRANSLATIONS.languages.find((language) => language.is_default)?.name ?? '';
const PATH = TRANSLATIONS.routes.get('en')?.meeting ?? '';
const PAGE = translated('en', 'pages/reunion.yaml') as {
  hero: { title: string };
  sections: Record<string, { title: string }>;
  labels: Record<string, string>;
};
const label = (key: string): string => PAGE.labels[key] ?? `labels.${key}`;
const CATALOGUE = TRANSLATIONS.catalogues.get('en') ?? {};
const ANSWERS = CATALOGUE.meetingAnswers ?? {};
const CONSULTANT = (translated('en', 'consultants.yaml') as { general: { role: string } }).general;
const PICKER = pickerTexts(formCopy(CATALOGUE, 'en').picker, 'en');

/** Books `slot` through the API from an English page, as its forms do, and returns the lead id. */
async function book(request: APIRequestContext, slot: string, email: string): Promise<number> {
  const answer = await request.post('/api/webSite/contactSmall', {
    headers: { 'Content-Language': 'en' },
    data: {
      name: 'Dana Whitfield',
      email,
      message: 'We want our dispatchers to stop retyping orders from email.',
      appointmentDate: slot,
    },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

async function reschedule(page: Page, date: string, time: string): Promise<void> {
  await page.getByRole('button', { name: label('reschedule') }).click();
  const dialog = page.getByRole('dialog', { name: label('rescheduleTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(PICKER.dateLabel, { exact: true }).fill(date);
  await expect(dialog.getByRole('group', { name: PICKER.slotsLabel })).toBeVisible();
  await dialog.getByRole('button', { name: time, exact: true }).click();
  await dialog.getByRole('button', { name: PICKER.confirm }).click();
  await expect(dialog).toBeHidden();
}

test('an English client opens /en/meeting from the email, moves the meeting and cancels it in English', async ({
  page,
  request,
}) => {
  const day = await nthOpenDay(request, DAY.meetingEnglish);
  const later = await nthOpenDay(request, DAY.meetingEnglish + 10);
  const slot = `${day.date}T${day.slots[0] ?? ''}`;
  const id = await book(request, slot, 'dana.whitfield@harborfreight-logistics.com');
  const link = await manageLinkOf(id, PATH);

  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGE.hero.title);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  // Its twin is the Spanish manage page, both ways.
  const alternates = await hreflangPairs(page);
  expect(alternates).toEqual([
    ['es-MX', ROUTES.meeting],
    ['en', PATH],
    ['x-default', ROUTES.meeting],
  ]);

  const meeting = page.getByRole('article', { name: label('meetingTitle') });
  await expect(meeting).toContainText(formatAppointmentLong(slot, 'en'));
  await expect(meeting).toContainText(`CONT-${id}`);
  // The consultant of a quick enquiry, with the English title of content/en/consultants.yaml.
  await expect(meeting).toContainText(CONSULTANT.role);
  await expect(meeting).toContainText(label('scheduled'));
  await expect(meeting.getByRole('link', { name: label('join') })).toBeVisible();
  await expect(meeting.getByText(label('yourZone'))).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);

  // Move it: the picker speaks English, the API answers in English.
  const newSlot = `${later.date}T${later.slots[1] ?? ''}`;
  await reschedule(page, later.date, later.slots[1] ?? '');
  await expect(meeting.getByRole('status')).toHaveText(ANSWERS.moved ?? '');
  await expect(meeting).toContainText(formatAppointmentLong(newSlot, 'en'));
  expect(isBooked(newSlot)).toBe(true);
  expect(isBooked(slot)).toBe(false);

  // Cancel: nothing happens until the confirmation.
  await page.getByRole('button', { name: label('cancel') }).click();
  await expect(page.getByText(label('confirmText'))).toBeFocused();
  await page.getByRole('button', { name: label('confirmNo') }).click();
  expect(isBooked(newSlot)).toBe(true);
  await page.getByRole('button', { name: label('cancel') }).click();
  await page.getByRole('button', { name: label('confirmYes') }).click();
  await expect(meeting.getByRole('status')).toHaveText(ANSWERS.cancelledNow ?? '');
  await expect(meeting).toContainText(label('cancelled'));
  await expect(meeting.getByRole('link', { name: label('rebook') })).toHaveAttribute(
    'href',
    TRANSLATIONS.routes.get('en')?.startProject ?? '',
  );
  expect(isBooked(newSlot)).toBe(false);
  expect(await axeViolations(page)).toEqual([]);

  // The footer's switcher lands on the Spanish manage page, which the tab's kept token still opens.
  await page.getByRole('contentinfo').getByRole('link', { name: SPANISH_NAME }).click();
  await expect(page).toHaveURL(ROUTES.meeting);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-MX');
  await expect(page.getByRole('article')).toContainText(`CONT-${id}`);
});

test.describe('an unknown link', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('says so in English', async ({ page }) => {
    await page.goto(`${PATH}?t=${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { name: PAGE.sections.desconocida?.title ?? '' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('on a 320 px phone in another time zone', () => {
  test.use({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true, timezoneId: 'America/New_York' });

  test('shows Mexico City time and the visitor’s own, in US English', async ({ page, request }) => {
    const day = await nthOpenDay(request, DAY.meetingEnglishPhone);
    const slot = `${day.date}T${day.slots[0] ?? ''}`;
    const id = await book(request, slot, 'dana.phone@harborfreight-logistics.com');
    await page.goto(await manageLinkOf(id, PATH));
    const meeting = page.getByRole('article', { name: label('meetingTitle') });
    await expect(meeting).toContainText(formatAppointmentLong(slot, 'en'));
    await expect(meeting.getByText(label('yourZone'))).toBeVisible();
    await expect(meeting).toContainText(
      new Intl.DateTimeFormat('en', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' }).format(
        new Date(`${slot}:00-06:00`),
      ),
    );
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
    expect(await axeViolations(page)).toEqual([]);
  });
});
