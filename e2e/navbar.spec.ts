import type { Page } from '@playwright/test';
import { test, expect, waitForHydration } from './support/fixtures.ts';
import { accessibleExpanded, holdIsland, isHydrated } from './support/islands.ts';

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
    await expect(nav.getByRole('button', { name: 'Menú', exact: true })).toBeHidden();
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

  const menu = (page: Page) => page.locator('#menu-movil');
  const toggle = (page: Page) =>
    page.locator('header[data-nav-style]').getByRole('button', { name: 'Menú', exact: true });

  test('opens with the toggle, shows the same links and closes on Escape', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await expect(toggle(page)).toHaveAttribute('popovertarget', 'menu-movil');
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(false);
    // The bar's own link (the home page also links to /tecnologias from its stack section).
    await expect(page.locator('header').getByRole('link', { name: 'Tecnologías', exact: true })).toBeHidden();

    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(true);
    for (const [label, href] of LINKS) {
      await expect(menu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(menu(page).getByRole('link', { name: 'Iniciar Proyecto' })).toBeVisible();
    await expect(page.locator('header[data-nav-style]')).toHaveAttribute('data-nav-style', 'solid');

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(page.locator('header[data-nav-style]')).toHaveAttribute('data-nav-style', 'glass');
  });

  test('closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    await menu(page).getByRole('link', { name: 'Servicios', exact: true }).click();
    await expect(page).toHaveURL(/#servicios$/);
    await expect(menu(page)).toBeHidden();
  });

  test('works from the first paint: the menu opens, closes and navigates while the island is held back', async ({
    page,
  }) => {
    const release = await holdIsland(page, 'Navbar');
    await page.goto('/');
    expect(await isHydrated(page, 'Navbar')).toBe(false);
    const serverMarkup = await page.locator('header[data-nav-style]').evaluate((header) => header.outerHTML);

    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(true);
    await toggle(page).click();
    await expect(menu(page)).toBeHidden();
    await toggle(page).click();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();

    // Hydration keeps the very same markup, and a menu opened before it stays open and usable.
    await toggle(page).click();
    await expect(menu(page)).toBeVisible();
    const marker = await page.locator('#menu-movil').evaluate((el) => ((el as HTMLElement).dataset.probe = 'antes'));
    release();
    await waitForHydration(page);
    expect(await isHydrated(page, 'Navbar')).toBe(true);
    await expect(menu(page)).toBeVisible();
    expect(await menu(page).evaluate((el) => (el as HTMLElement).dataset.probe)).toBe(marker);
    await expect(page.locator('header[data-nav-style]')).toHaveAttribute('data-nav-style', 'solid');
    await menu(page).getByRole('link', { name: 'Portfolio', exact: true }).click();
    await expect(menu(page)).toBeHidden();
    await page.locator('#menu-movil').evaluate((el) => delete (el as HTMLElement).dataset.probe);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator('header[data-nav-style]')).toHaveAttribute('data-nav-style', 'glass');
    expect(await page.locator('header[data-nav-style]').evaluate((header) => header.outerHTML)).toBe(serverMarkup);
  });

  test('a link in the menu opened before hydration takes the visitor to another page', async ({ page }) => {
    await holdIsland(page, 'Navbar');
    await page.goto('/');
    await toggle(page).click();
    await menu(page).getByRole('link', { name: 'Proceso', exact: true }).click();
    await expect(page).toHaveURL(/\/proceso-desarrollo$/);
  });
});
