/**
 * A lead's meeting worked from the sales inbox in real Chromium, without client JavaScript (the inbox has
 * none): a sales person moves it to another free slot, then cancels it at the client's request. Each
 * change shows on the lead's card and in its history, and the public calendar the site's forms read frees
 * and takes the right slots.
 */
import { test, expect } from '../support/fixtures.ts';
import { DAY, freeSlots, nthOpenDay } from '../forms/support.ts';
import { createAccount, sendLead, signIn } from './support.ts';

test('a sales person moves a lead’s meeting to another slot, then cancels it, and the calendar follows', async ({
  page,
  request,
}) => {
  const sales = createAccount('sales', 'Marta Ríos');
  const { date, slots } = await nthOpenDay(request, DAY.inboxMeeting);
  const [first, second] = slots;
  if (!first || !second) throw new Error(`${date} necesita dos horarios libres`);
  const lead = await sendLead(request, 'contactSmall', {
    name: 'Joaquín Salas',
    email: 'joaquin@tornillosdelbajio.mx',
    company: 'Tornillos del Bajío',
    message: 'Queremos cotizar un portal para distribuidores.',
    appointmentDate: `${date}T${first}`,
  });

  await signIn(page, sales);
  await page.goto(`/admin/contacts/${lead.id}`);
  const card = page.getByRole('region', { name: 'Reunión' });
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(card.locator('.badge')).toHaveText('Agendada');

  // Move: the list offers the free slots; the old one frees, the new one is taken.
  await card.getByLabel('Mover a').selectOption(`${date}T${second}`);
  await card.getByRole('button', { name: 'Reprogramar' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Reunión reprogramada. Le enviamos al cliente la invitación actualizada.',
  );
  await expect(card).toContainText('cambió 1 vez');
  await expect(card).toContainText(second);
  await expect(history).toContainText('Marta Ríos movió la reunión del');
  expect(await freeSlots(request, date)).toContain(first);
  expect(await freeSlots(request, date)).not.toContain(second);

  // Cancel: a box to tick first; then the slot is free again and the card has no more actions.
  await card.getByText('Cancelar la reunión', { exact: true }).first().click();
  await card.getByRole('button', { name: 'Cancelar la reunión' }).click();
  // The unticked box stops the browser's submission: still scheduled.
  await expect(card.locator('.badge')).toHaveText('Agendada');
  await card.getByLabel(/El cliente pidió cancelar/).check();
  await card.getByRole('button', { name: 'Cancelar la reunión' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Reunión cancelada y horario liberado. Le avisamos al cliente por correo.',
  );
  await expect(card.locator('.badge')).toHaveText('Cancelada');
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(history).toContainText('Marta Ríos canceló la reunión del');
  expect(await freeSlots(request, date)).toContain(second);
});
