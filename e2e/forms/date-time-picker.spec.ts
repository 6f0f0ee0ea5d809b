/** The date-time picker as a keyboard and pointer user meets it, on /contacto. */
import { formatAppointmentLong, formatLongDate } from '../../core/dates.ts';
import { expect, test } from '../support/fixtures.ts';
import { DAY, hydratedForm, leadForm, nthOpenDay, pickSlot } from './support.ts';

test.beforeEach(async ({ page }) => {
  await page.goto('/contacto');
  await hydratedForm(page, 'big');
});

test('opens as a modal, keeps focus inside, closes with Escape and gives focus back', async ({ page }) => {
  const trigger = leadForm(page, 'big').getByRole('button', { name: /Elegir fecha y hora \(opcional\)/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await expect(dialog).toBeVisible();
  const date = dialog.getByLabel('Fecha', { exact: true });
  await expect(date).toBeFocused();
  // Everything behind the modal is inert: tabbing around never leaves the dialog for the page.
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body,
      ),
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('Confirmar waits for a date and a time; the date reads in Spanish; a keyboard user books a slot', async ({
  page,
  request,
}) => {
  const { date, slots } = await nthOpenDay(request, DAY.keyboard);
  const time = slots[0] as string;
  // The trigger's name changes with the value; find it by what it opens.
  const trigger = leadForm(page, 'big').locator('button[aria-haspopup="dialog"]');
  await expect(trigger).toHaveAccessibleName('Reunión por videollamada Elegir fecha y hora (opcional)');
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  const confirm = dialog.getByRole('button', { name: 'Confirmar' });
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByLabel('Fecha', { exact: true })).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);

  await dialog.getByLabel('Fecha', { exact: true }).fill(date);
  await expect(dialog.getByText(formatLongDate(date))).toBeVisible();
  await expect(dialog.getByText(formatLongDate(date))).toHaveText(
    /^(lunes|martes|miércoles|jueves|viernes), \d{1,2} de [a-z]+ de \d{4}$/,
  );
  const slot = dialog
    .getByRole('group', { name: 'Horarios disponibles' })
    .getByRole('button', { name: time, exact: true });
  await expect(slot).toHaveAttribute('aria-pressed', 'false');
  await expect(confirm).toBeDisabled();

  await slot.focus();
  await page.keyboard.press('Space');
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(confirm).toBeEnabled();
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(trigger).toHaveText(formatAppointmentLong(`${date}T${time}`));
  await expect(trigger).toBeFocused();
  await expect(page.locator('input[type="hidden"][name="appointmentDate"]')).toHaveValue(`${date}T${time}`);
});

test('Cancelar keeps the chosen slot; Limpiar clears it and closes', async ({ page, request }) => {
  const { date, slots } = await nthOpenDay(request, DAY.keyboard);
  const [first, second] = slots as [string, string];
  await pickSlot(page, date, first);
  const trigger = leadForm(page, 'big').getByRole('button', { name: formatAppointmentLong(`${date}T${first}`) });
  await expect(trigger).toBeVisible();

  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await expect(dialog.getByLabel('Fecha', { exact: true })).toHaveValue(date);
  await dialog.getByRole('button', { name: second, exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(trigger).toHaveText(formatAppointmentLong(`${date}T${first}`));

  await trigger.click();
  await dialog.getByRole('button', { name: 'Limpiar' }).click();
  await expect(dialog).toBeHidden();
  const empty = leadForm(page, 'big').getByRole('button', { name: /Elegir fecha y hora \(opcional\)/ });
  await expect(empty).toBeFocused();
  await expect(page.locator('input[type="hidden"][name="appointmentDate"]')).toHaveValue('');
  await empty.click();
  await expect(dialog.getByLabel('Fecha', { exact: true })).toHaveValue('');
});

test('shows a loading state while the slots arrive, and an empty day says so', async ({ page, request }) => {
  const { date } = await nthOpenDay(request, DAY.keyboard);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/webSite/scheduleAvailable', async (route) => {
    await held;
    await route.continue();
  });
  await leadForm(page, 'big')
    .getByRole('button', { name: /Elegir fecha y hora/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await dialog.getByLabel('Fecha', { exact: true }).fill(date);
  await expect(dialog.getByText('Cargando horarios…')).toBeVisible();
  release();
  await expect(dialog.getByRole('group', { name: 'Horarios disponibles' })).toBeVisible();
  await expect(dialog.getByText('Cargando horarios…')).toHaveCount(0);

  await page.unroute('**/api/webSite/scheduleAvailable');
  await page.route('**/api/webSite/scheduleAvailable', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ schedule: [] }) }),
  );
  const nextDay = new Date(`${date}T12:00:00Z`);
  nextDay.setUTCDate(nextDay.getUTCDate() + 1);
  await dialog.getByLabel('Fecha', { exact: true }).fill(nextDay.toISOString().slice(0, 10));
  await expect(dialog.getByText('No hay horarios disponibles')).toBeVisible();
});
