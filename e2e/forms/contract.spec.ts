/**
 * The forms against a backend that answers exactly as the original contract documents: option ids as
 * integers, and `201 {success: true, message, status: 201}` with no id, reference or meeting. The browser's
 * calls to /api/ are answered by a stub that records what the forms send.
 */
import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { hydratedForm, leadForm } from './support.ts';

const CONTRACT_SELECTS = {
  proyects: [
    { id: 1, proyect: 'Sitio corporativo' },
    { id: 2, proyect: 'Sistema de inventarios' },
  ],
  budgets: [
    { id: 10, range: '$50,000 - $150,000', currency: 'MXN' },
    { id: 11, range: 'Por definir', currency: null },
  ],
  timelines: [{ id: 20, range: 'Este trimestre', range_time: '1 a 3 meses' }],
  emergency: [{ id: 30, level: 'Alta' }],
};

interface Stub {
  bodies: Map<string, Record<string, unknown>>;
}

/** Answers every /api/webSite/ call as the contract's backend would. */
async function contractBackend(page: Page, selects: unknown = CONTRACT_SELECTS): Promise<Stub> {
  const stub: Stub = { bodies: new Map() };
  await page.route('**/api/webSite/*', async (route) => {
    const request: Request = route.request();
    const action = new URL(request.url()).pathname.split('/').at(-1) ?? '';
    if (action === 'contactFormSelects')
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(selects) });
    if (action === 'scheduleAvailable')
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ schedule: ['10:00', '12:00'] }),
      });
    stub.bodies.set(action, request.postDataJSON() as Record<string, unknown>);
    return route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, message: 'Formulario recibido correctamente', status: 201 }),
    });
  });
  return stub;
}

test("the large form renders the server's integer-id lists, and the contract's bare 201 is a success that resets it", async ({
  page,
}) => {
  const stub = await contractBackend(page);
  await page.goto('/contacto');
  const form = await hydratedForm(page, 'big');
  const projectType = form.getByLabel('Tipo de proyecto');
  await expect(projectType.locator('option')).toHaveText([
    'Selecciona una opción',
    'Sitio corporativo',
    'Sistema de inventarios',
  ]);
  await expect(form.getByLabel('Presupuesto estimado').locator('option')).toHaveText([
    'Selecciona una opción',
    '$50,000 - $150,000 MXN',
    'Por definir',
  ]);

  await form.getByLabel('Nombre completo').fill('Marta Ríos');
  await form.getByLabel('Correo electrónico').fill('marta@ejemplo.mx');
  await projectType.selectOption({ label: 'Sistema de inventarios' });
  await form.getByLabel('Presupuesto estimado').selectOption({ label: 'Por definir' });
  await form.getByLabel('Cuéntanos sobre tu proyecto').fill('Queremos controlar el inventario de cuatro bodegas.');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();

  const status = page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito! Te contactaremos pronto.' });
  await expect(status).toBeVisible();
  await expect(status).not.toContainText('Error al enviar el formulario');
  await expect(status).not.toContainText('CONT-');
  await expect(form.getByLabel('Nombre completo')).toHaveValue('');
  await expect(projectType).toHaveValue('');

  const sent = stub.bodies.get('contactBig');
  expect(sent).toEqual({
    name: 'Marta Ríos',
    email: 'marta@ejemplo.mx',
    company: '',
    phone: '',
    projectType: '2',
    budget: '11',
    timeline: '',
    message: 'Queremos controlar el inventario de cuatro bodegas.',
    appointmentDate: '',
  });
});

test("the small form sends exactly the contract's keys, and says the requested meeting will be confirmed when the answer does not book it", async ({
  page,
}) => {
  const stub = await contractBackend(page);
  await page.goto('/#contacto');
  const form = await hydratedForm(page, 'small');
  await form.getByLabel('Nombre completo').fill('Iván Soto');
  await form.getByLabel('Correo electrónico').fill('ivan@ejemplo.mx');
  await form.getByLabel('¿En qué te podemos ayudar?').fill('Una app para reservar citas.');
  await page.getByRole('button', { name: /Elegir fecha y hora/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  const monday = nextWeekday();
  await dialog.getByLabel('Fecha', { exact: true }).fill(monday);
  await dialog.getByRole('button', { name: '12:00', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();

  const status = page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito!' });
  await expect(status).toContainText('Te confirmaremos por correo la reunión que pediste');
  expect(Object.keys(stub.bodies.get('contactSmall') ?? {}).sort()).toEqual([
    'appointmentDate',
    'company',
    'email',
    'message',
    'name',
  ]);
  expect(stub.bodies.get('contactSmall')?.appointmentDate).toBe(`${monday}T12:00`);
});

test('a select answer that cannot be used leaves the shipped lists in place', async ({ page }) => {
  await contractBackend(page, { proyects: 'no disponible' });
  await page.goto('/contacto');
  await hydratedForm(page, 'big');
  await expect(
    leadForm(page, 'big').getByLabel('Tipo de proyecto').locator('option', { hasText: 'Aplicación web' }),
  ).toHaveCount(1);
});

test('a 2xx that says success: false is an error and keeps every field', async ({ page }) => {
  await page.route('**/api/webSite/contactBig', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'No pudimos guardar tu solicitud' }),
    }),
  );
  await page.goto('/contacto');
  const form = await hydratedForm(page, 'big');
  await form.getByLabel('Nombre completo').fill('Marta Ríos');
  await form.getByLabel('Correo electrónico').fill('marta@ejemplo.mx');
  await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Aplicación web' });
  await form.getByLabel('Cuéntanos sobre tu proyecto').fill('Un portal de clientes.');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText('Error al enviar el formulario');
  await expect(status).toContainText('No pudimos guardar tu solicitud');
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Marta Ríos');
});

/** A weekday at least two days ahead, `YYYY-MM-DD` (the stub offers slots on any date). */
function nextWeekday(): string {
  const date = new Date(Date.now() + 2 * 86_400_000);
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
