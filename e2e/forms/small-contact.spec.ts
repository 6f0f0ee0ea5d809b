/** The home page's small contact form (#contacto), end to end against the real API and database. */
import { formatAppointmentLong } from '../../core/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  confirmedLeadId,
  DAY,
  freeSlots,
  hydratedForm,
  isBooked,
  leadsWithEmail,
  leadForm,
  nextSubmissionBody,
  nthOpenDay,
  openPickerOn,
  outboxMessages,
  pickSlot,
  storedLead,
  watchSubmissions,
} from './support.ts';

test.beforeEach(async ({ page }) => {
  // The anchor opens the page at the form, which then hydrates on the visitor's first touch.
  await page.goto('/#contacto');
  await hydratedForm(page, 'small');
});

test('a visitor sends the small form with a meeting and finds it booked, stored and e-mailed', async ({
  page,
  request,
}) => {
  const { date, slots } = await nthOpenDay(request, DAY.homeSmall);
  const time = slots[0] as string;
  const form = leadForm(page, 'small');

  await form.getByLabel('Nombre completo').fill('Lucía Hernández');
  await form.getByLabel('Correo electrónico').fill('lucia.small@ferremax.mx');
  await form.getByLabel('Empresa').fill('Ferremax del Bajío');
  await form
    .getByLabel('¿En qué te podemos ayudar?')
    .fill('Queremos un portal para que nuestros distribuidores hagan pedidos en línea.');
  await pickSlot(page, date, time);
  const slot = `${date}T${time}`;
  await expect(form.getByRole('button', { name: new RegExp(formatAppointmentLong(slot)) })).toBeVisible();

  const body = nextSubmissionBody(page, 'contactSmall');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  expect(Object.keys(await body).sort()).toEqual(['appointmentDate', 'company', 'email', 'message', 'name']);

  const id = await confirmedLeadId(page);
  const status = page.getByRole('status').filter({ hasText: `CONT-${id}` });
  await expect(status).toContainText(`Agendamos tu reunión para el ${formatAppointmentLong(slot)}`);
  await expect(status).toContainText(
    /(lunes|martes|miércoles|jueves|viernes), \d{1,2} de [a-z]+ de \d{4}, \d{2}:\d{2}/,
  );

  // The fields are empty again and the picker forgot the slot.
  await expect(form.getByLabel('Nombre completo')).toHaveValue('');
  await expect(form.getByLabel('¿En qué te podemos ayudar?')).toHaveValue('');
  await expect(form.getByRole('button', { name: /Elegir fecha y hora \(opcional\)/ })).toBeVisible();

  const lead = storedLead(id);
  expect(lead).toMatchObject({
    kind: 'small',
    name: 'Lucía Hernández',
    email: 'lucia.small@ferremax.mx',
    company: 'Ferremax del Bajío',
    appointment: slot,
    originPage: '/',
  });
  expect(isBooked(slot)).toBe(true);

  const messages = await outboxMessages(id);
  expect(messages.map((m) => m.audience)).toEqual(['client', 'internal']);
  expect(messages[0]?.recipient).toBe('lucia.small@ferremax.mx');
  for (const message of messages) expect(message.text).toContain(`CONT-${id}`);

  // Reopening the picker on that day no longer offers the booked time.
  expect(await freeSlots(request, date)).not.toContain(time);
  const dialog = await openPickerOn(page, date);
  await expect(dialog.getByRole('button', { name: time, exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('group', { name: 'Horarios disponibles' }).getByRole('button')).toHaveCount(
    slots.length - 1,
  );
});

test('empty required fields send nothing and say what is missing', async ({ page }) => {
  const sent = watchSubmissions(page);
  const form = leadForm(page, 'small');
  // Only the optional company and a valid e-mail: the required name and message are missing.
  await form.getByLabel('Correo electrónico').fill('lucia.empty@ferremax.mx');

  await form.getByRole('button', { name: 'Enviar mensaje' }).click();

  await expect(page.getByRole('status')).toContainText('Error al enviar el formulario');
  for (const label of ['Nombre completo', '¿En qué te podemos ayudar?']) {
    const field = form.getByLabel(label);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(/Este campo es obligatorio/);
  }
  await expect(form.getByLabel('Empresa')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Correo electrónico')).not.toHaveAttribute('aria-invalid');
  // Focus goes to the first wrong field.
  await expect(form.getByLabel('Nombre completo')).toBeFocused();
  expect(sent).toEqual([]);
  expect(leadsWithEmail('lucia.empty@ferremax.mx')).toBe(0);

  // Fixing a field clears its message as the visitor types.
  await form.getByLabel('Nombre completo').fill('Lucía');
  await expect(form.getByLabel('Nombre completo')).not.toHaveAttribute('aria-invalid');
});

test('a wrong e-mail is flagged when the visitor leaves the field', async ({ page }) => {
  const form = leadForm(page, 'small');
  const email = form.getByLabel('Correo electrónico');
  await email.fill('lucia@');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/El correo electrónico no es válido/);
  await expect(form.getByText('El correo electrónico no es válido')).toHaveClass(/text-danger/);
});
