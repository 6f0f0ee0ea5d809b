/** The start-project form on /iniciar-proyecto, end to end, and a slot taken while the visitor typed. */
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
  nextSubmissionBody,
  nthOpenDay,
  openPickerOn,
  outboxMessages,
  pickSlot,
  storedLead,
} from './support.ts';

async function fillProjectForm(page: Page, email: string) {
  const form = leadForm(page, 'project');
  await form.getByLabel('Nombre completo').fill('Mariana Ortiz');
  await form.getByLabel('Correo electrónico').fill(email);
  await form.getByLabel('Empresa').fill('Clínicas Vida Sana');
  // The start-project page asks for the phone as WhatsApp.
  await form.getByLabel('WhatsApp').fill('33 1234 5678');
  await form.getByLabel('Tipo de proyecto').selectOption('mobile-app');
  await form.getByLabel('Urgencia').selectOption('high');
  await form.getByLabel('Presupuesto estimado').selectOption('700k-1500k');
  await form.getByLabel('¿Para cuándo lo necesitas?').selectOption('1-3-months');
  await form
    .getByLabel('Describe tu proyecto')
    .fill('App para que los pacientes agenden citas en nuestras 12 clínicas y reciban recordatorios por WhatsApp.');
  await form.getByLabel('Situación actual').fill('Agendamos por teléfono y en una hoja de cálculo compartida.');
  return form;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/iniciar-proyecto');
  await hydratedForm(page, 'project');
});

test('a visitor reserves a project slot; the lead is stored with every field and e-mailed', async ({
  page,
  request,
}) => {
  const { date, slots } = await nthOpenDay(request, DAY.startProject);
  const time = slots[1] ?? slots[0] ?? '';
  const slot = `${date}T${time}`;
  const form = await fillProjectForm(page, 'mariana.project@vidasana.mx');
  await pickSlot(page, date, time);

  const submit = form.locator('button[type="submit"]');
  const body = nextSubmissionBody(page, 'contactProyect');
  await submit.click();
  expect(Object.keys(await body).sort()).toEqual(
    [
      'appointmentDate',
      'budget',
      'company',
      'currentSituation',
      'description',
      'email',
      'name',
      'phone',
      'projectType',
      'timeline',
      'urgency',
    ].sort(),
  );

  const id = await confirmedLeadId(page);
  await expect(page.getByRole('status')).toContainText(formatAppointmentLong(slot));
  await expect(page.getByRole('status')).toContainText(`CONT-${id}`);
  expect(storedLead(id)).toMatchObject({
    kind: 'project',
    name: 'Mariana Ortiz',
    company: 'Clínicas Vida Sana',
    phone: '+523312345678',
    appointment: slot,
    originPage: '/iniciar-proyecto',
    fields: { projectType: 'mobile-app', urgency: 'high', budget: '700k-1500k', timeline: '1-3-months' },
  });
  expect(isBooked(slot)).toBe(true);
  const messages = await outboxMessages(id);
  expect(messages.map((m) => m.audience).sort()).toEqual(['client', 'internal']);
  expect(messages.find((m) => m.audience === 'client')?.text).toContain('Confirmación de Proyecto - Angram');

  expect(await freeSlots(request, date)).not.toContain(time);
  const dialog = await openPickerOn(page, date);
  await expect(dialog.getByRole('button', { name: time, exact: true })).toHaveCount(0);
});

test.describe('a slot taken meanwhile', () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test('reopens the picker with fresh slots and keeps the form', async ({ page, request }) => {
    const { date, slots } = await nthOpenDay(request, DAY.slotTaken);
    const [taken, other] = slots as [string, string];
    const form = await fillProjectForm(page, 'mariana.conflict@vidasana.mx');
    await pickSlot(page, date, taken);

    // Another visitor books the same slot through the API before this one presses send.
    const rival = await request.post('/api/webSite/contactSmall', {
      data: {
        name: 'Otra persona',
        email: 'otra@ejemplo.mx',
        message: 'Reservo primero',
        appointmentDate: `${date}T${taken}`,
      },
    });
    expect(rival.status()).toBe(201);

    await form.locator('button[type="submit"]').click();

    const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('Ese horario acaba de ser reservado por alguien más');
    await expect(dialog.getByLabel('Fecha', { exact: true })).toHaveValue(date);
    const grid = dialog.getByRole('group', { name: 'Horarios disponibles' });
    await expect(grid.getByRole('button', { name: other, exact: true })).toBeVisible();
    await expect(grid.getByRole('button', { name: taken, exact: true })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeDisabled();

    // Everything typed is still there behind the dialog.
    await expect(form.getByLabel('Describe tu proyecto')).toHaveValue(/12 clínicas/);
    await expect(form.getByLabel('WhatsApp')).toHaveValue('33 1234 5678');

    await grid.getByRole('button', { name: other, exact: true }).click();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      form.getByRole('button', { name: new RegExp(formatAppointmentLong(`${date}T${other}`)) }),
    ).toBeFocused();
    await form.locator('button[type="submit"]').click();
    const id = await confirmedLeadId(page);
    expect(storedLead(id)?.appointment).toBe(`${date}T${other}`);
  });
});
