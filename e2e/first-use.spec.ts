/**
 * Each island works on the visitor's first use, before React has arrived and while it arrives, on a slow
 * phone (CPU 4x slower, slow 4G): the first tap or key does what it says, natively or replayed once the
 * island has hydrated, and nothing typed or pressed is lost. React loads only because of that use.
 */
import type { Page } from '@playwright/test';
import { formatAppointmentLong } from '../core/dates.ts';
import { expect, test, waitForIsland } from './support/fixtures.ts';
import { DAY, confirmedLeadId, leadForm, nthOpenDay, storedLead } from './forms/support.ts';
import { navLook } from './support/navbar.ts';
import { islandScriptUrls, slowPhone, watchIslandScripts } from './support/throttle.ts';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
// A throttled page takes seconds to load React: the steps wait for what the visitor waits for.
test.slow();

/** Opens `path` on a slow phone and returns as soon as its HTML is parsed, the moment a visitor can act. */
async function openSlow(page: Page, path: string): Promise<{ requested: string[] }> {
  await slowPhone(page);
  const scripts = watchIslandScripts(page);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return scripts;
}

test('the navbar: the first tap opens the menu at once, a chosen link closes it, React comes with the tap', async ({
  page,
}) => {
  const scripts = await openSlow(page, '/');
  const islands = await islandScriptUrls(page);
  expect(scripts.requested.filter((path) => islands.includes(path))).toEqual([]);
  const menu = page.locator('#menu-movil');
  await page.getByRole('banner').getByRole('button', { name: 'Menú', exact: true }).tap();
  await expect(menu).toBeVisible();
  expect(await navLook(page)).toBe('solid');
  await menu.getByRole('link', { name: 'Servicios', exact: true }).tap();
  await expect(page).toHaveURL(/#servicios$/);
  await expect(menu).toBeHidden();
  await waitForIsland(page, 'Navbar');
  expect(scripts.requested.some((path) => path.includes('/Navbar.'))).toBe(true);
});

test('the FAQ: the first tap opens a question at once, arrow keys pressed meanwhile move the focus once React is there', async ({
  page,
}) => {
  await openSlow(page, '/faq');
  const first = page.locator('#preguntas details').first();
  const summaries = page.locator('#preguntas summary');
  await first.locator('summary').tap();
  await expect(first).toHaveAttribute('open', '');
  await expect(first.getByRole('region')).toBeVisible();
  await summaries.first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(summaries.nth(2)).toBeFocused();
  await waitForIsland(page, 'FaqAccordion');
  await first.locator('summary').tap();
  await expect(first).not.toHaveAttribute('open');
});

test('a form: typed and sent right after the page opens, the lead is sent exactly once with every field', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/webSite/contactBig')) sent.push(request.postData() ?? '');
  });
  await openSlow(page, '/contacto');
  const form = leadForm(page, 'big');
  const email = `primer.uso.${Date.now()}@ejemplo.mx`;
  await form.getByLabel('Nombre completo').fill('Rocío Salinas');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Aplicación web' });
  await form.getByLabel('Cuéntanos sobre tu proyecto').pressSequentially('Portal para 30 sucursales.');
  const send = form.locator('button[type="submit"]');
  await send.tap();
  await expect(send).toHaveAccessibleName(/Enviando…|Enviar mensaje/);
  const id = await confirmedLeadId(page);
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(1);
  expect(storedLead(id)).toMatchObject({ name: 'Rocío Salinas', email });
  expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ projectType: 'web-app', message: 'Portal para 30 sucursales.' });
});

test('the picker: pressed right after the page opens, it opens once its code is there, and books a slot', async ({
  page,
  request,
}) => {
  const { date, slots } = await nthOpenDay(request, DAY.firstUse);
  await openSlow(page, '/contacto');
  const trigger = leadForm(page, 'big').locator('button[aria-haspopup="dialog"]');
  await expect(trigger).toHaveAccessibleName(/Elegir fecha y hora/);
  await trigger.tap();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Fecha', { exact: true }).fill(date);
  const slot = dialog.getByRole('button', { name: slots[0], exact: true });
  await slot.tap();
  await dialog.getByRole('button', { name: 'Confirmar' }).tap();
  await expect(dialog).toBeHidden();
  await expect(trigger).toContainText(formatAppointmentLong(`${date}T${slots[0]}`));
});

test('a form below the fold loads as the visitor scrolls to it, and what they type at once is kept', async ({
  page,
}) => {
  const scripts = await openSlow(page, '/');
  const form = leadForm(page, 'small');
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel('Nombre completo').fill('Tomás Aguirre');
  await form.getByLabel('Correo electrónico').fill('tomas@ejemplo.mx');
  await waitForIsland(page, page.locator('[data-form="small"] astro-island'));
  expect(scripts.requested.some((path) => path.includes('/LeadForm.'))).toBe(true);
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Tomás Aguirre');
  await expect(form.getByLabel('Correo electrónico')).toHaveValue('tomas@ejemplo.mx');
  // The island has the values too: leaving a field does not call it empty.
  await form.getByLabel('Nombre completo').focus();
  await form.getByLabel('Correo electrónico').focus();
  await expect(form.getByText('Este campo es obligatorio')).toHaveCount(0);
});
