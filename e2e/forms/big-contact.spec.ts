/** The large contact form on /contacto, end to end, plus what a visitor sees when the API fails. */
import type { Page } from '@playwright/test';
import { formatAppointmentLong } from '../../core/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  confirmedLeadId,
  DAY,
  freeSlots,
  hydratedForm,
  isBooked,
  leadForm,
  leadsWithEmail,
  nextSubmissionBody,
  nthOpenDay,
  openPickerOn,
  outboxMessages,
  pickSlot,
  storedLead,
} from './support.ts';

async function fillBigForm(page: Page, email: string) {
  const form = leadForm(page, 'big');
  await form.getByLabel('Nombre completo').fill('Roberto Garza');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Empresa').fill('Logística del Norte');
  await form.getByLabel('Teléfono').fill('+52 (81) 8765-4321');
  await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Sistema empresarial (ERP, CRM, inventarios)' });
  await form.getByLabel('Presupuesto estimado').selectOption({ label: '$300,000 - $700,000 MXN' });
  await form.getByLabel('¿Para cuándo lo necesitas?').selectOption({ label: 'Mediano plazo (3 a 6 meses)' });
  await form
    .getByLabel('Cuéntanos sobre tu proyecto')
    .fill('Necesitamos rastrear 40 camiones y facturar con CFDI 4.0 desde el mismo sistema.');
  return form;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/contacto');
  await hydratedForm(page, 'big');
});

test('a visitor sends the large form with a meeting; the lead, its booking and both e-mails exist', async ({
  page,
  request,
}) => {
  const { date, slots } = await nthOpenDay(request, DAY.contactBig);
  const time = slots.at(-1) as string;
  const slot = `${date}T${time}`;
  const form = await fillBigForm(page, 'roberto.big@logisticanorte.mx');
  await pickSlot(page, date, time);

  const body = nextSubmissionBody(page, 'contactBig');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  expect(Object.keys(await body).sort()).toEqual(
    ['appointmentDate', 'budget', 'company', 'email', 'message', 'name', 'phone', 'projectType', 'timeline'].sort(),
  );

  const id = await confirmedLeadId(page);
  await expect(page.getByRole('status')).toContainText(formatAppointmentLong(slot));
  await expect(form.getByLabel('Tipo de proyecto')).toHaveValue('');

  expect(storedLead(id)).toMatchObject({
    kind: 'big',
    email: 'roberto.big@logisticanorte.mx',
    phone: '+528187654321',
    appointment: slot,
    originPage: '/contacto',
    fields: { projectType: 'enterprise-system', budget: '300k-700k', timeline: '3-6-months' },
  });
  expect(isBooked(slot)).toBe(true);
  const messages = await outboxMessages(id);
  expect(messages).toHaveLength(2);
  expect(messages.find((m) => m.audience === 'client')?.recipient).toBe('roberto.big@logisticanorte.mx');
  for (const message of messages) expect(message.text).toContain(`CONT-${id}`);

  expect(await freeSlots(request, date)).not.toContain(time);
  const dialog = await openPickerOn(page, date);
  await expect(dialog.getByRole('button', { name: time, exact: true })).toHaveCount(0);
});

test('a phone that is not Mexican shows its message, and accepted formats pass', async ({ page }) => {
  const phone = leadForm(page, 'big').getByLabel('Teléfono');
  await phone.fill('04161 2280');
  await phone.blur();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Ingresa un teléfono de 10 dígitos \(puedes anteponer \+52\)/);
  for (const valid of ['55 4161 2280', '+52 55-4161-2280', '(33) 1234 5678']) {
    await phone.fill(valid);
    await expect(phone).not.toHaveAttribute('aria-invalid');
  }
});

test.describe('when the API does not answer', () => {
  // One pattern: Playwright would read a second array element as the fixture's options.
  test.use({
    allowedConsoleErrors: [/Failed to load resource: (net::ERR_FAILED|the server responded with a status of 500)/],
  });

  test("says 'Error de conexión con el servidor' and keeps every field", async ({ page, request }) => {
    await page.route('**/api/webSite/contact*', (route) => route.abort());
    const { date, slots } = await nthOpenDay(request, DAY.apiDown);
    const time = slots[0] as string;
    const form = await fillBigForm(page, 'roberto.offline@logisticanorte.mx');
    await pickSlot(page, date, time);

    await form.getByRole('button', { name: 'Enviar mensaje' }).click();

    await expect(page.getByRole('status')).toContainText('Error de conexión con el servidor');
    await expect(form.getByLabel('Nombre completo')).toHaveValue('Roberto Garza');
    await expect(form.getByLabel('Correo electrónico')).toHaveValue('roberto.offline@logisticanorte.mx');
    await expect(form.getByLabel('Empresa')).toHaveValue('Logística del Norte');
    await expect(form.getByLabel('Teléfono')).toHaveValue('+52 (81) 8765-4321');
    await expect(form.getByLabel('Tipo de proyecto')).toHaveValue('enterprise-system');
    await expect(form.getByLabel('Presupuesto estimado')).toHaveValue('300k-700k');
    await expect(form.getByLabel('¿Para cuándo lo necesitas?')).toHaveValue('3-6-months');
    await expect(form.getByLabel('Cuéntanos sobre tu proyecto')).toHaveValue(/40 camiones/);
    await expect(
      form.getByRole('button', { name: new RegExp(formatAppointmentLong(`${date}T${time}`)) }),
    ).toBeVisible();
    // The button is usable again for another try.
    await expect(form.getByRole('button', { name: 'Enviar mensaje' })).toBeEnabled();
    expect(leadsWithEmail('roberto.offline@logisticanorte.mx')).toBe(0);
    expect(isBooked(`${date}T${time}`)).toBe(false);
  });

  test("a failing scheduleAvailable shows 'No hay horarios disponibles'", async ({ page, request }) => {
    const { date } = await nthOpenDay(request, DAY.apiDown);
    await page.route('**/api/webSite/scheduleAvailable', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Falla' }),
      }),
    );
    await page.getByRole('button', { name: /Elegir fecha y hora/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
    await dialog.getByLabel('Fecha', { exact: true }).fill(date);
    await expect(dialog.getByText('No hay horarios disponibles')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Horarios disponibles' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  });
});

test.describe('while sending', () => {
  test.use({ allowedConsoleErrors: [/status of 429/] });

  test('the button shows progress and a second press sends nothing more', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    await page.route('**/api/webSite/contactBig', async (route) => {
      sent.push(route.request().url());
      await held;
      await route.continue();
    });
    const form = await fillBigForm(page, 'roberto.double@logisticanorte.mx');
    const submit = form.locator('button[type="submit"]');
    await submit.click();
    // Both labels are in the button; the one shown is what the visitor reads.
    await expect(submit).toHaveText('Enviando…', { useInnerText: true });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    // A visitor pressing again: real clicks on a button that only says it is disabled (it keeps focus).
    await submit.click({ force: true });
    await submit.dblclick({ force: true });
    await expect(submit).toBeFocused();
    await page.keyboard.press('Enter');
    release();
    await confirmedLeadId(page);
    expect(sent).toHaveLength(1);
    expect(leadsWithEmail('roberto.double@logisticanorte.mx')).toBe(1);
    await expect(submit).toHaveText('Enviar mensaje', { useInnerText: true });
  });

  test('too many submissions say to try again later and keep the fields', async ({ page }) => {
    await page.route('**/api/webSite/contactBig', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '240' },
        body: JSON.stringify({
          success: false,
          message: 'Has enviado varias solicitudes seguidas. Intenta de nuevo en 4 minutos.',
        }),
      }),
    );
    const form = await fillBigForm(page, 'roberto.limit@logisticanorte.mx');
    await form.locator('button[type="submit"]').click();
    const status = page.getByRole('status');
    await expect(status).toContainText('Error al enviar el formulario');
    await expect(status).toContainText('Intenta de nuevo en 4 minutos.');
    await expect(form.getByLabel('Correo electrónico')).toHaveValue('roberto.limit@logisticanorte.mx');
  });
});
