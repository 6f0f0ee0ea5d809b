/**
 * A form works from its first paint: what a visitor types or presses while the island's script is still
 * on its way is kept and acted on once it arrives, instead of a dead button or lost text.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test, waitForIsland } from '../support/fixtures.ts';
import { leadForm, watchSubmissions } from './support.ts';

/** Holds the lead form island's script until `release()`; everything else loads normally. */
async function holdFormScript(page: Page): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let releasing = false;
  await page.route('**/_astro/LeadForm*.js', async (route) => {
    if (releasing) return route.continue();
    held.push(route);
  });
  return {
    async release() {
      releasing = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

test('text typed before hydration is kept and sent', async ({ page }) => {
  const script = await holdFormScript(page);
  await page.goto('/contacto');
  const form = leadForm(page, 'big');
  await form.getByLabel('Nombre completo').fill('Elena Paredes');
  await form.getByLabel('Correo electrónico').fill('elena.antes@ejemplo.mx');
  await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Aplicación web' });
  await form.getByLabel('Cuéntanos sobre tu proyecto').fill('Escrito antes de que cargara el formulario.');
  await script.release();
  await waitForIsland(page, 'LeadForm');
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Elena Paredes');
  await expect(form.getByLabel('Tipo de proyecto')).not.toHaveValue('');
  await expect(form.getByLabel('Cuéntanos sobre tu proyecto')).toHaveValue(
    'Escrito antes de que cargara el formulario.',
  );
  // The island's state has the values too: leaving a field does not call it empty.
  await form.getByLabel('Nombre completo').focus();
  await form.getByLabel('Correo electrónico').focus();
  await expect(form.getByText('Este campo es obligatorio')).toHaveCount(0);
});

test('the send button works before hydration: the press says it is sending and the form is sent, once, when the script arrives', async ({
  page,
}) => {
  const script = await holdFormScript(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/webSite/contactBig')) sent.push(request.postData() ?? '');
  });
  await page.goto('/contacto');
  const form = leadForm(page, 'big');
  const button = form.locator('button[type="submit"]');
  await expect(button).toBeEnabled();
  await expect(button).toHaveAccessibleName('Enviar mensaje');
  await form.getByLabel('Nombre completo').fill('Elena Paredes');
  await form.getByLabel('Correo electrónico').fill('elena.boton@ejemplo.mx');
  await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Aplicación web' });
  await form.getByLabel('Cuéntanos sobre tu proyecto').fill('Presioné enviar antes de que cargara.');
  await button.click();
  // Nothing left the page: no navigation, the text is still there, and the button shows it is sending.
  await expect(page).toHaveURL(/\/contacto$/);
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toHaveAccessibleName('Enviando…');
  await expect(button.getByText('Enviando…')).toBeVisible();
  await expect(button.getByText('Enviar mensaje')).toBeHidden();
  await expect(form.getByLabel('Nombre completo')).toHaveValue('Elena Paredes');
  // An impatient second press, and Enter in a field, are the same pending send.
  await button.click();
  await form.getByLabel('Nombre completo').press('Enter');
  expect(sent).toHaveLength(0);

  await script.release();
  await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito!' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(1);
  expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({
    name: 'Elena Paredes',
    email: 'elena.boton@ejemplo.mx',
    projectType: 'web-app',
  });
});

test('the meeting button works before hydration: the picker opens once the script arrives', async ({ page }) => {
  const script = await holdFormScript(page);
  await page.goto('/contacto');
  const trigger = leadForm(page, 'big').getByRole('button', { name: /Elegir fecha y hora/ });
  await expect(trigger).toBeEnabled();
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-busy', 'true');
  await script.release();
  await expect(page.getByRole('dialog', { name: 'Agenda tu reunión' })).toBeVisible();
});

test('a press before hydration on an invalid form shows the errors once the script arrives, and sends nothing', async ({
  page,
}) => {
  const script = await holdFormScript(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/webSite/contactBig')) sent.push(request.url());
  });
  await page.goto('/contacto');
  const form = leadForm(page, 'big');
  await form.getByRole('button', { name: 'Enviar mensaje' }).click();
  await script.release();
  await expect(page.getByRole('status')).toContainText('Revisa los campos marcados');
  await expect(form.getByLabel('Nombre completo')).toBeFocused();
  expect(sent).toHaveLength(0);
});

test.describe('when the form script fails to download', () => {
  // The failed downloads are the point of the test: the browser and Astro log them.
  test.use({ allowedConsoleErrors: [/Failed to load resource|dynamically imported module|Error hydrating/] });

  test('the press is kept, and pressing send again downloads it again and sends the lead once', async ({ page }) => {
    let failures = 0;
    // The first download and Astro's own retry a second later both fail; the visitor's next press works.
    await page.route(
      (url) => /\/_astro\/LeadForm\.[^/]+\.js/.test(url.pathname),
      (route) => (failures++ < 2 ? route.abort('connectionreset') : route.continue()),
    );
    const sent = watchSubmissions(page);
    await page.goto('/contacto');
    const form = leadForm(page, 'big');
    await form.getByLabel('Nombre completo').fill('Elena Paredes');
    await form.getByLabel('Correo electrónico').fill('elena.reintento@ejemplo.mx');
    await form.getByLabel('Tipo de proyecto').selectOption({ label: 'Aplicación web' });
    await form.getByLabel('Cuéntanos sobre tu proyecto').fill('La primera descarga del formulario falló.');
    const button = form.locator('button[type="submit"]');
    await button.click();
    await expect(button).toHaveAccessibleName('Enviando…');
    await expect.poll(() => failures).toBe(2);
    expect(sent).toHaveLength(0);

    await button.click();
    await expect(page.getByRole('status').filter({ hasText: '¡Mensaje enviado con éxito!' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sent).toHaveLength(1);
    await expect(form.getByLabel('Nombre completo')).toHaveValue('');
  });
});
