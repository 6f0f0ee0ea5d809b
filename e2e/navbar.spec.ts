import { test, expect, waitForHydration } from './support/fixtures.ts';

const LINKS = [
  ['Portfolio', '/#portfolio'],
  ['Servicios', '/#servicios'],
  ['Tecnologías', '/tecnologias'],
  ['Integraciones', '/integraciones'],
  ['Proceso', '/proceso-desarrollo'],
] as const;

test.describe('navbar on desktop', () => {
  test('has the logo, the five links and the call to action', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Angram, ir al inicio' })).toHaveAttribute('href', '/');
    for (const [label, href] of LINKS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Iniciar Proyecto' })).toHaveAttribute('href', '/iniciar-proyecto');
    await expect(nav.getByRole('button', { name: 'Abrir menú' })).toBeHidden();
  });

  test('turns from glass with white text to solid light at 80% of the window height', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const header = page.locator('header[data-nav-style]');
    const link = header.getByRole('link', { name: 'Tecnologías' });
    await expect(header).toHaveAttribute('data-nav-style', 'glass');
    await expect(link).toHaveCSS('color', 'rgb(255, 255, 255)');

    const threshold = await page.evaluate(() => Math.ceil(window.innerHeight * 0.8));
    await page.evaluate((y) => window.scrollTo(0, y), threshold - 20);
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-nav-style', 'glass');

    await page.evaluate((y) => window.scrollTo(0, y), threshold);
    await expect(header).toHaveAttribute('data-nav-style', 'solid');
    await expect(link).toHaveCSS('color', 'rgb(15, 23, 42)');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-nav-style', 'glass');
  });

  test('its links are in the server-rendered HTML, before any script runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const [, href] of LINKS) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="/iniciar-proyecto"');
  });
});

test.describe('navbar on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('opens with the toggle, shows the same links and closes on Escape', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Abrir menú' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The bar's own link (the home page also links to /tecnologias from its stack section).
    await expect(page.locator('header').getByRole('link', { name: 'Tecnologías', exact: true })).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await close.getAttribute('aria-controls')}`);
    for (const [label, href] of LINKS) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(menu.getByRole('link', { name: 'Iniciar Proyecto' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeFocused();
  });

  test('closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).waitFor();
    await page.locator('header').getByRole('link', { name: 'Servicios', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/#servicios$/);
  });
});
