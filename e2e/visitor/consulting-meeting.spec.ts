/**
 * /consultoria-tecnologica invites the visitor to choose a time: its form books the meeting with the same
 * picker as the contact and project forms, and the lead arrives with the slot booked.
 */
import { formatAppointmentLong } from '../../core/dates.ts';
import { PICKER_TEXTS } from '../../src/islands/datetime/picker-texts.ts';
import {
  confirmedLeadId,
  DAY,
  hydratedForm,
  isBooked,
  nextSubmissionBody,
  nthOpenDay,
  pickSlot,
  storedLead,
} from '../forms/support.ts';
import { expect, test } from '../support/fixtures.ts';

test('the technology consulting form books a meeting with the picker', async ({ page, request }) => {
  await page.goto('/consultoria-tecnologica');
  const form = await hydratedForm(page, 'consulting');
  await form.getByLabel('Servicio de consultoría').selectOption('architecture');
  await form.getByLabel('Nombre completo').fill('Renata Olvera');
  await form.getByLabel('Correo electrónico').fill('renata.consultoria@muebleslaloma.mx');
  await form.getByLabel('Empresa').fill('Muebles La Loma');
  await form.getByLabel('¿Qué esperas de la consultoría?').fill('Saber si conviene separar la tienda del ERP.');
  await form
    .getByLabel('¿Cómo está hoy tu sistema o tu infraestructura?')
    .fill('Una tienda en WooCommerce y un ERP de escritorio en la oficina.');
  await expect(
    form.getByRole('button', { name: new RegExp(PICKER_TEXTS.choose.replace(/[()]/g, '\\$&')) }),
  ).toBeVisible();

  const { date, slots } = await nthOpenDay(request, DAY.consultingMeeting);
  const slot = `${date}T${slots[0] ?? ''}`;
  await pickSlot(page, date, slots[0] ?? '');
  const body = nextSubmissionBody(page, 'contactConsultancy');
  await form.locator('button[type="submit"]').click();
  expect((await body).appointmentDate).toBe(slot);

  const id = await confirmedLeadId(page);
  await expect(page.getByRole('status').filter({ hasText: `CONT-${id}` })).toContainText(formatAppointmentLong(slot));
  expect(storedLead(id)).toMatchObject({ kind: 'consultancy', serviceType: 'architecture', appointment: slot });
  expect(isBooked(slot)).toBe(true);
});
