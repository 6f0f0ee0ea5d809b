/**
 * /iniciar-proyecto: the limited offer (a window of hours from its start in content, places, discount plus
 * free consulting),
 * counted down on the visitor's clock and shown as ended once the date passes, with and without JavaScript;
 * the campaign's four button labels, where they lead, and the 24-hour strategy promise.
 */
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { deadlineInstant, describeDeadline, offerState } from '../../core/limited-offer.ts';
import { fillTemplate } from '../../core/text-template.ts';
import { pageLabel, pageSchema, type LabelKey } from '../../src/schemas/pages.ts';
import { test, expect } from '../support/fixtures.ts';
import { jsonLdNodes } from '../support/json-ld.ts';
import { sectionItems } from '../support/content.ts';

// Each test installs the page's clock, and a second install on a context reset for reuse throws in the
// page ("reading 'controller'"): these tests get a fresh context each (a worker of their own).
test.use({ reuseContext: false });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const copy = pageSchema.parse({
  ...(yaml.load(readFileSync('content/pages/iniciar-proyecto.yaml', 'utf8')) as object),
  id: 'iniciar-proyecto',
});
if (!copy.offer) throw new Error('content/pages/iniciar-proyecto.yaml sin offer');
const offer = copy.offer;
const end = deadlineInstant(offer.endsAt).getTime();
const when = describeDeadline(offer.endsAt);
const label = (key: LabelKey) => pageLabel(copy, key);

// What the page states, read in one visit on the visitor's real clock (a step each); the jumps to the form go last.
test('heading, breadcrumbs, the 24-hour strategy promise and the campaign’s four button labels', async ({ page }) => {
  await page.goto('/iniciar-proyecto');

  await test.step('heading, breadcrumbs and the 24-hour strategy promise', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Convierte tu idea en software que genera resultados',
    );
    await expect(
      page.getByRole('navigation', { name: 'Ruta de navegación' }).locator('[aria-current="page"]'),
    ).toHaveText('Iniciar proyecto');
    const promise = page.getByRole('complementary', { name: 'Respuesta con estrategia en 24 h' });
    await expect(promise.getByRole('heading', { level: 3 })).toHaveCount(sectionItems('iniciar-proyecto', 'promesa'));
    const types = (await jsonLdNodes(page)).map((node) => node['@type']);
    expect(types).toContain('BreadcrumbList');
  });

  await test.step('the campaign’s four button labels, each leading to the project form', async () => {
    const main = page.getByRole('main');
    for (const label of ['Reservar mi Slot AHORA', 'Transformar mi Idea', 'Iniciar Revolución']) {
      await expect(main.getByRole('link', { name: label })).toHaveAttribute('href', '#formulario');
    }
    const form = page.locator('#formulario [data-form="project"]');
    // The form's own submit is the fourth label: every call on the page ends in this one form.
    await expect(form.getByRole('button', { name: 'Enviar Proyecto', exact: true })).toBeVisible();

    await main.getByRole('link', { name: 'Reservar mi Slot AHORA' }).click();
    await expect(page).toHaveURL(/#formulario$/);
    await expect(form).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await main.getByRole('link', { name: 'Iniciar Revolución' }).click();
    await expect(form).toBeInViewport();
  });
});

test('the offer states its hours, its exact end, places, discount and bonus, with its terms', async ({ page }) => {
  // Inside the window on the visitor's clock, whatever day the build ran.
  await page.clock.install({ time: end - HOUR });
  await page.goto('/iniciar-proyecto');
  const panel = page.getByRole('region', { name: offer.title });
  await expect(panel.locator('[data-offer-window]')).toHaveText(fillTemplate(offer.window, { horas: offer.hours }));
  expect(offer.hours).toBe(72);
  expect(end - deadlineInstant(offer.startsAt).getTime()).toBe(offer.hours * HOUR);
  await expect(panel.getByRole('term').filter({ hasText: label('validUntil') })).toBeVisible();
  await expect(panel.locator('[data-offer-end-date]')).toHaveText(when.date);
  await expect(panel).toContainText(`${when.time}, ${label('timeZone')}`);
  await expect(panel.getByRole('timer')).toHaveText(/\S/);
  await expect(panel.locator('[data-offer-slots]')).toHaveText(String(offer.slots));
  await expect(panel.getByRole('term').filter({ hasText: 'lugares disponibles' })).toBeVisible();
  await expect(panel.locator('[data-offer-discount]')).toHaveText(`${offer.discountPercent}%`);
  await expect(panel.getByRole('term').filter({ hasText: 'de descuento' })).toBeVisible();
  await expect(panel.getByRole('definition').filter({ hasText: offer.bonus })).toBeVisible();
  await expect(panel).toContainText('no te compromete a contratar');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the HTML shows the state of the offer when it was built, and its end date', async ({ page }) => {
    await page.goto('/iniciar-proyecto');
    // The build ran moments ago; its clock and this one agree on which side of the end they are.
    if (offerState(offer.endsAt, new Date()) === 'active') {
      const panel = page.getByRole('region', { name: offer.title });
      await expect(panel).toContainText(`${label('validUntil')} ${when.date}`);
      await expect(panel.getByRole('timer')).toHaveText('');
      await expect(page.getByRole('heading', { name: offer.ended.title })).toBeHidden();
    } else {
      await expect(page.getByRole('region', { name: offer.ended.title })).toContainText(when.date);
      await expect(page.getByRole('heading', { name: offer.title })).toBeHidden();
    }
  });
});

test('the countdown ticks each second to the end date without moving anything, then the offer ends', async ({
  page,
}) => {
  // The window's first second.
  await page.clock.install({ time: end - offer.hours * HOUR - 10 * SECOND });
  await page.goto('/iniciar-proyecto');
  await page.clock.pauseAt(end - offer.hours * HOUR);
  const panel = page.getByRole('region', { name: offer.title });
  const timer = panel.getByRole('timer');
  await expect(timer).toHaveText(`${label('endsIn')} 3 d 00 h 00 min 00 s`);
  const boxes = () => Promise.all([timer, panel.locator('p').last()].map((element) => element.boundingBox()));
  const before = await boxes();
  await page.clock.runFor(SECOND);
  await expect(timer).toHaveText(`${label('endsIn')} 2 d 23 h 59 min 59 s`);
  expect(await boxes()).toEqual(before);
  await page.clock.runFor(HOUR + 10 * SECOND);
  await expect(timer).toHaveText(`${label('endsIn')} 2 d 22 h 59 min 49 s`);
  expect(await boxes()).toEqual(before);

  // The visitor's clock passes the end: the page switches to the ended state by itself.
  await page.clock.fastForward(72 * HOUR);
  const ended = page.getByRole('region', { name: offer.ended.title });
  await expect(ended).toBeVisible();
  await expect(ended).toContainText(when.date);
  await expect(page.getByRole('heading', { name: offer.title })).toBeHidden();
  await expect(page.locator('[data-offer-slots]')).toBeHidden();
});

test('with reduced motion the countdown shows no seconds and changes once a minute', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: end - 2 * DAY - 30 * SECOND });
  await page.goto('/iniciar-proyecto');
  await page.clock.pauseAt(end - 2 * DAY);
  const timer = page.getByRole('region', { name: offer.title }).getByRole('timer');
  await expect(timer).toHaveText(`${label('endsIn')} 2 d 00 h 00 min`);
  await page.clock.runFor(30 * SECOND);
  await expect(timer).toHaveText(`${label('endsIn')} 2 d 00 h 00 min`);
  await page.clock.runFor(30 * SECOND);
  await expect(timer).toHaveText(`${label('endsIn')} 1 d 23 h 59 min`);
});

test('a visit after the end date shows the offer as ended', async ({ page }) => {
  await page.clock.install({ time: end + MINUTE });
  await page.goto('/iniciar-proyecto');
  const ended = page.getByRole('region', { name: offer.ended.title });
  await expect(ended).toBeVisible();
  await expect(ended).toContainText(fillTemplate(offer.ended.lead, { fecha: when.date }));
  await expect(page.locator('[data-offer-when="active"]')).toBeHidden();
  // The form stays: a project can still be sent without the offer.
  await expect(page.locator('#formulario [data-form="project"]')).toBeVisible();
});
