/**
 * The date-time picker's dialog is a chunk of its own: a visitor who never opens the picker never
 * downloads it, and the server HTML carries no dialog. Opening it fetches the chunk once.
 */
import { expect, test } from '../support/fixtures.ts';
import { hydratedForm, leadForm } from './support.ts';

test('the picker dialog loads when opened, not with the form', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/contacto');
  await hydratedForm(page, 'big');
  await page.waitForLoadState('networkidle');

  expect(
    scripts.some((path) => path.includes('LeadForm')),
    'el formulario se hidrata',
  ).toBe(true);
  expect(
    scripts.filter((path) => path.includes('PickerModal')),
    'el diálogo no viaja con el formulario',
  ).toEqual([]);
  await expect(page.locator('dialog')).toHaveCount(0);

  const trigger = leadForm(page, 'big').getByRole('button', { name: /Elegir fecha y hora/ });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Agenda tu reunión' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Fecha', { exact: true })).toBeFocused();
  expect(scripts.filter((path) => path.includes('PickerModal'))).toHaveLength(1);

  // Closing and opening again reuses the chunk already there.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await trigger.click();
  await expect(dialog).toBeVisible();
  expect(scripts.filter((path) => path.includes('PickerModal'))).toHaveLength(1);
});
