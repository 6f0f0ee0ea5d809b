/**
 * The forms are complete in the server HTML: hydrating them moves nothing, and without JavaScript the
 * form shows, cannot send, and says how to write instead.
 */
import { loadContentFacts } from '../../core/content/load.ts';
import { expect, test } from '../support/fixtures.ts';
import { hydratedForm, leadForm } from './support.ts';

const PAGES = [
  { path: '/#contacto', kind: 'small' },
  { path: '/contacto', kind: 'big' },
  { path: '/iniciar-proyecto', kind: 'project' },
  { path: '/migracion-cloud', kind: 'cloudMigration' },
  { path: '/consultoria-integraciones', kind: 'integrations' },
  { path: '/consultoria-tecnologica', kind: 'consulting' },
  { path: '/auditoria-infraestructura', kind: 'consulting' },
] as const;

for (const { path, kind } of PAGES) {
  test(`${path}: the server-rendered form keeps its size when it hydrates`, async ({ browser, page, baseURL }) => {
    // First the form exactly as the server sent it, in a browser with scripting off.
    const serverOnly = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    const staticPage = await serverOnly.newPage();
    await staticPage.goto(`${baseURL}${path}`);
    const staticForm = leadForm(staticPage, kind);
    await expect(staticForm).toBeVisible();
    const before = await staticForm.boundingBox();
    await serverOnly.close();

    await page.goto(path);
    const form = await hydratedForm(page, kind);
    await expect(form.locator('button[type="submit"]')).toBeEnabled();
    const after = await form.boundingBox();
    expect(after?.height).toBe(before?.height);
    expect(after?.width).toBe(before?.width);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form shows but cannot send, and a note gives the e-mail', async ({ page }) => {
    await page.goto('/contacto');
    const form = leadForm(page, 'big');
    await expect(form.getByLabel('Nombre completo')).toBeVisible();
    await expect(form.locator('button[type="submit"]')).toBeDisabled();
    // Playwright's text and role locators skip <noscript>; CSS reaches it.
    const note = page.locator('[data-form="big"] noscript p');
    await expect(note).toBeVisible();
    await expect(note).toContainText('Para enviar este formulario necesitas JavaScript activado');
    await expect(note.locator('a')).toHaveAttribute('href', `mailto:${loadContentFacts().contact.email}`);
  });
});

test('the honeypot is out of sight, out of the tab order and hidden from assistive technology', async ({ page }) => {
  await page.goto('/contacto');
  await hydratedForm(page, 'big');
  const trap = page.locator('[data-form="big"] input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  expect(await trap.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(true);
  const box = await trap.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(0);
  await expect(page.locator('[data-form="big"]').getByRole('textbox', { name: /Sitio web/ })).toHaveCount(0);
});
