/**
 * The short privacy notice inside every lead form: in the server-rendered HTML of every page with a form
 * (so it reads the same without JavaScript), inside the <form>, before the send button, saying who collects
 * and what for, and linking the full notice; legible at 320 px, clean under axe. A refusal of a voluntary
 * purpose travels in the X-Privacy-Refusals header and never in the JSON body.
 */
import type { HTMLElement } from 'node-html-parser';
import { addressLine } from '../../core/contact.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { LEAD_FORM_IDS } from '../../core/forms/kinds.ts';
import { PRIVACY_REFUSALS_HEADER } from '../../core/privacy.ts';
import { ROUTES } from '../../core/routes.ts';
import { SITE } from '../../core/site.ts';
import type { PrivacyNotice } from '../../core/content/privacy.ts';
import { localizedHref } from '../../src/lib/i18n/routes.ts';
import { shortNotice, type ShortNotice } from '../../src/lib/privacy/notice.ts';
import { DEFAULT_LOCALE, languageOfPath, translated } from '../support/languages.ts';
import { axeViolations } from '../support/axe.ts';
import { builtPages, parsePage } from '../support/built-site.ts';
import { expect, test } from '../support/fixtures.ts';
import { textOverflows } from '../support/overflow.ts';
import { hydratedForm, leadForm } from './support.ts';

const facts = loadContentFacts();
const address = addressLine(facts.contact.address);
const notice = shortNotice(facts.privacy, address);

/**
 * The short notice a page's forms show: its language's words and purposes (content/<code>/privacy.yaml),
 * linking the full notice in that language.
 */
function noticeOf(path: string): ShortNotice {
  const locale = languageOfPath(path);
  if (locale === DEFAULT_LOCALE) return notice;
  const words = translated(locale, 'privacy.yaml') as Pick<PrivacyNotice, 'shortNotice' | 'purposes'>;
  return shortNotice({ ...facts.privacy, ...words }, address, locale, localizedHref(ROUTES.privacy, locale));
}

/** Every form section of the built site, with the page it is on. */
const formsInHtml = builtPages().flatMap(({ path, file }) =>
  parsePage(file)
    .querySelectorAll('[data-form]')
    .map((section) => ({ path, kind: section.getAttribute('data-form') ?? '', section })),
);

function noticeIn(form: HTMLElement | null): HTMLElement | null {
  return form?.querySelector('[data-privacy-notice]') ?? null;
}

test('every form of the site is in the built HTML, each with the short notice inside its <form>, before the button', () => {
  // The six forms all appear somewhere: the check below covers each of them.
  expect(new Set(formsInHtml.map(({ kind }) => kind))).toEqual(new Set(LEAD_FORM_IDS));
  for (const { path, kind, section } of formsInHtml) {
    const where = `${kind} en ${path}`;
    const form = section.querySelector('form');
    const short = noticeIn(form);
    expect(short, where).not.toBeNull();
    const expected = noticeOf(path);
    expect(short?.text, where).toContain(expected.text);
    expect(short?.text, where).toContain(SITE.legalName);
    expect(short?.querySelector(`a[href="${expected.link.href}"]`)?.text, where).toContain(expected.link.label);
    // Next to the send button: the notice comes right before the block that holds it.
    const button = form?.querySelector('button[type="submit"]');
    expect(button, where).not.toBeNull();
    expect(short?.nextElementSibling?.querySelector('button[type="submit"]'), where).toBe(button);
  }
});

test('without JavaScript the notice is on screen inside the form and its link opens the full notice', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/iniciar-proyecto');
  const short = page.locator('form [data-privacy-notice]');
  await expect(short).toBeVisible();
  await expect(short).toContainText(notice.text);
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    short.getByRole('link', { name: notice.link.label }).click(),
  ]);
  await expect(opened).toHaveURL(/\/aviso-de-privacidad$/);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  await context.close();
});

test('the notice link opens the full notice in a new tab, so what was typed stays', async ({ page, context }) => {
  await page.goto('/contacto');
  const form = await hydratedForm(page, 'big');
  await form.getByLabel('Nombre completo').fill('Mariana Solís');
  const link = form.getByRole('link', { name: `${notice.link.label} (se abre en una pestaña nueva)` });
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await expect(opened).toHaveURL(/\/aviso-de-privacidad$/);
  await expect(opened.getByRole('heading', { level: 1 })).toHaveText('Aviso de privacidad');
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Mariana Solís');
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 740 } });

  test('the notice reads inside the form box and the form passes axe', async ({ page }) => {
    await page.goto('/');
    const form = await hydratedForm(page, 'small');
    const short = form.locator('[data-privacy-notice]');
    await short.scrollIntoViewIfNeeded();
    await expect(short).toBeVisible();
    const box = await short.boundingBox();
    const formBox = await form.boundingBox();
    expect(box && formBox && box.x >= formBox.x && box.x + box.width <= formBox.x + formBox.width + 0.5).toBe(true);
    const fontSize = await short
      .locator('p')
      .first()
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(14);
    expect(await textOverflows(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('a refused voluntary purpose travels in its header, and the JSON body keeps exactly its keys', async ({
  page,
}) => {
  const sent: Array<{ headers: Record<string, string>; body: Record<string, unknown> }> = [];
  await page.route('**/api/webSite/contactSmall', async (route) => {
    const request = route.request();
    sent.push({ headers: await request.allHeaders(), body: request.postDataJSON() as Record<string, unknown> });
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, message: 'Formulario recibido correctamente', id: 9, reference: 'CONT-9' }),
    });
  });
  await page.goto('/');
  const form = await hydratedForm(page, 'small');
  // The first voluntary purpose of content/privacy.yaml; while there is none, the box one would add, as
  // PrivacyNotice renders it.
  const refusal = notice.refusals[0] ?? { id: 'boletin', label: 'No quiero recibir el boletín' };
  if (notice.refusals.length === 0) {
    await form.locator('[data-privacy-notice]').evaluate((element, { id, label }) => {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.setAttribute('data-privacy-refusal', id);
      box.setAttribute('aria-label', label);
      element.append(box);
    }, refusal);
  }
  const box = form.getByRole('checkbox', { name: refusal.label });
  await expect(box).not.toBeChecked();
  const fill = async () => {
    await form.getByLabel('Nombre completo').fill('Rocío Anaya');
    await form.getByLabel('Correo electrónico').fill('rocio.anaya@ejemplo.mx');
    await form.getByLabel('¿En qué te podemos ayudar?').fill('Queremos cotizar un portal de clientes.');
  };
  await fill();
  await box.check();
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(form.getByRole('status')).toContainText('¡Mensaje enviado con éxito!');
  // After a success the fields reset, and so does the refusal.
  await expect(box).not.toBeChecked();
  await fill();
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect.poll(() => sent.length).toBe(2);

  const [refused, accepted] = sent;
  expect(refused?.headers[PRIVACY_REFUSALS_HEADER.toLowerCase()]).toBe(refusal.id);
  expect(accepted?.headers[PRIVACY_REFUSALS_HEADER.toLowerCase()]).toBeUndefined();
  for (const { body } of sent) {
    expect(Object.keys(body).sort()).toEqual(['appointmentDate', 'company', 'email', 'message', 'name']);
  }
});

test('the short notice is the same text in every form of a page with several', async ({ page }) => {
  await page.goto('/contacto');
  const forms = page.locator('[data-form]');
  for (const form of await forms.all()) {
    await expect(form.locator('form [data-privacy-notice] p').first()).toHaveText(
      `${notice.text} ${notice.link.label} (se abre en una pestaña nueva).`,
    );
  }
  await expect(leadForm(page, 'big')).toBeVisible();
});
