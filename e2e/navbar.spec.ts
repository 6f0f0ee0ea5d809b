import type { Page } from '@playwright/test';
import { test, expect, waitForIsland } from './support/fixtures.ts';
import { accessibleExpanded, holdIsland, isHydrated } from './support/islands.ts';
import { lastGlassScroll, navLook, navLookAt } from './support/navbar.ts';

/**
 * The bar's markup without its language links: each page links its own twin, so after following a link
 * they differ on purpose; everything else must be the same on every page and before and after hydration.
 */
function barMarkup(page: Page): Promise<string> {
  return page.getByRole('banner').evaluate((header) => {
    const copy = header.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[data-language-switcher]').forEach((link) => link.closest('li')?.remove() ?? link.remove());
    return copy.outerHTML;
  });
}

const LINKS = [
  ['Portfolio', '/portfolio'],
  ['Servicios', '/#servicios'],
  ['Tecnologías', '/tecnologias'],
  ['Integraciones', '/integraciones'],
  ['Proceso', '/proceso-desarrollo'],
] as const;

/** Every script the page requests, by path. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('navbar on desktop', () => {
  test('its links are in the server-rendered HTML, before any script runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    for (const [, href] of LINKS) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('href="/iniciar-proyecto"');
  });

  // The bar's markup and its look while scrolling, read in one visit of the home page (a step each).
  test('has the logo, the five links and the call to action; glass over the dark hero, solid over light content', async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await page.goto('/');

    await test.step('has the logo, the five links and the call to action', async () => {
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await expect(nav.getByRole('link', { name: 'Angram, ir al inicio' })).toHaveAttribute('href', '/');
      for (const [label, href] of LINKS) {
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
      }
      await expect(nav.getByRole('link', { name: 'Iniciar Proyecto' })).toHaveAttribute('href', '/iniciar-proyecto');
      await expect(nav.getByRole('button', { name: 'Menú', exact: true })).toBeHidden();
    });

    await test.step('glass while the dark hero fills the bar, solid from the first pixel of light content, back on the way up', async () => {
      const glassUntil = await lastGlassScroll(page);
      expect(await navLook(page)).toBe('glass');
      expect(await navLookAt(page, glassUntil)).toBe('glass');
      expect(await navLookAt(page, glassUntil + 1)).toBe('solid');
      expect(await navLookAt(page, glassUntil + 1500)).toBe('solid');
      expect(await navLookAt(page, glassUntil)).toBe('glass');
      expect(await navLookAt(page, 0)).toBe('glass');
      // A page opened part-way down (a reload, a link to a section) starts solid.
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), glassUntil + 200);
      await page.reload();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(glassUntil);
      expect(await navLook(page)).toBe('solid');
      // The hover and focus colours follow the bar.
      const link = page.getByRole('banner').getByRole('link', { name: 'Tecnologías', exact: true });
      await link.hover();
      await expect(link).toHaveCSS('color', 'rgb(67, 56, 202)');
      await expect(link).toHaveCSS('background-color', 'rgb(238, 242, 255)');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(link).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(link).toHaveCSS('background-color', /^(rgba|oklab)\(.*0\.1\)$/);
      await page.mouse.move(0, 600);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const logo = page.getByRole('banner').getByRole('link', { name: 'Angram, ir al inicio' });
      await expect(logo).toBeFocused();
      await expect(logo).toHaveCSS('outline-color', 'rgb(34, 211, 238)');
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), glassUntil + 1);
      await expect(logo).toHaveCSS('outline-color', 'rgb(99, 102, 241)');
      expect(
        scripts.filter((script) => /\/(react|Navbar|client)\./.test(script)),
        'ni React ni la isla',
      ).toEqual([]);
    });
  });

  test("the change costs nothing while scrolling: nothing follows the scroll, only the white layer's opacity fades", async ({
    page,
  }) => {
    await page.goto('/contacto');
    const glassUntil = await lastGlassScroll(page);
    expect(await navLookAt(page, glassUntil + 1)).toBe('solid');
    const bar = await page.evaluate(() => {
      const header = document.querySelector('header.site-nav') as HTMLElement;
      const layer = getComputedStyle(header, '::before');
      // Everything whose look depends on the bar's state (the `nav-solid:` classes) switches at once.
      const restyled = [header, ...header.querySelectorAll<HTMLElement>('[class*="nav-solid:"]')];
      return {
        scrollLinked: document.getAnimations().filter((animation) => animation.timeline instanceof ScrollTimeline)
          .length,
        layer: { property: layer.transitionProperty, duration: layer.transitionDuration },
        transitioned: restyled
          .filter((el) =>
            getComputedStyle(el)
              .transitionDuration.split(',')
              .some((d) => parseFloat(d) > 0),
          )
          .map((el) => el.className),
      };
    });
    expect(bar).toEqual({ scrollLinked: 0, layer: { property: 'opacity', duration: '0.2s' }, transitioned: [] });
  });

  test('the threshold follows the hero, whatever the window height', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/servicios/aplicaciones-web');
    const glassUntil = await lastGlassScroll(page);
    expect(await navLookAt(page, glassUntil)).toBe('glass');
    expect(await navLookAt(page, glassUntil + 1)).toBe('solid');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await navLook(page)).toBe('solid');
    expect(await navLookAt(page, glassUntil)).toBe('glass');
  });
});

test.describe('navbar without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('is solid everywhere, so it reads over the hero and over light content alike', async ({ page }) => {
    await page.goto('/contacto');
    expect(await navLook(page, { settle: false })).toBe('solid');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(await navLook(page, { settle: false })).toBe('solid');
  });
});

test.describe('navbar on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  const menu = (page: Page) => page.locator('#menu-movil');
  const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Menú', exact: true });

  test('the first tap on the toggle opens the menu and loads the island; Escape closes it', async ({ page }) => {
    const scripts = watchScripts(page);
    await page.goto('/');
    await expect(toggle(page)).toHaveAttribute('popovertarget', 'menu-movil');
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(false);
    // The bar's own link (the home page also links to /tecnologias from its stack section).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tecnologías', exact: true })).toBeHidden();
    expect(scripts.filter((script) => script.includes('/Navbar.'))).toEqual([]);

    await toggle(page).tap();
    await expect(menu(page)).toBeVisible();
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(true);
    for (const [label, href] of LINKS) {
      await expect(menu(page).getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
    await expect(menu(page).getByRole('link', { name: 'Iniciar Proyecto' })).toBeVisible();
    expect(await navLook(page)).toBe('solid');
    await waitForIsland(page, 'Navbar');

    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    expect(await navLook(page)).toBe('glass');
  });

  test('a click alone, as assistive technology may send it, opens the menu and loads the island', async ({ page }) => {
    await page.goto('/');
    await toggle(page).dispatchEvent('click');
    await expect(menu(page)).toBeVisible();
    await waitForIsland(page, 'Navbar');
  });

  test('closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await toggle(page).tap();
    await expect(menu(page)).toBeVisible();
    await waitForIsland(page, 'Navbar');
    await menu(page).getByRole('link', { name: 'Servicios', exact: true }).tap();
    await expect(page).toHaveURL(/#servicios$/);
    await expect(menu(page)).toBeHidden();
  });

  test('works from the first paint: the menu opens, closes and navigates while the island is held back', async ({
    page,
  }) => {
    const release = await holdIsland(page, 'Navbar');
    await page.goto('/');
    expect(await isHydrated(page, 'Navbar')).toBe(false);
    const serverMarkup = await barMarkup(page);

    await toggle(page).tap();
    await expect(menu(page)).toBeVisible();
    expect(await accessibleExpanded(page, 'header button[popovertarget]')).toBe(true);
    expect(await navLook(page)).toBe('solid');
    await toggle(page).tap();
    await expect(menu(page)).toBeHidden();
    await toggle(page).tap();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();

    // A link to a section of this page, chosen before the island is there, still closes the menu.
    await toggle(page).tap();
    await menu(page).getByRole('link', { name: 'Servicios', exact: true }).tap();
    await expect(page).toHaveURL(/#servicios$/);
    await expect(menu(page)).toBeHidden();

    // Hydration keeps the very same markup, and a menu opened before it stays open and usable.
    await toggle(page).tap();
    await expect(menu(page)).toBeVisible();
    const marker = await menu(page).evaluate((el) => ((el as HTMLElement).dataset.probe = 'antes'));
    release();
    await waitForIsland(page, 'Navbar');
    await expect(menu(page)).toBeVisible();
    expect(await menu(page).evaluate((el) => (el as HTMLElement).dataset.probe)).toBe(marker);
    expect(await navLook(page)).toBe('solid');
    await menu(page).getByRole('link', { name: 'Portfolio', exact: true }).tap();
    await expect(menu(page)).toBeHidden();
    await menu(page).evaluate((el) => delete (el as HTMLElement).dataset.probe);
    // The markup was read at the top of the page, over the hero.
    expect(await navLookAt(page, 0)).toBe('glass');
    expect(await barMarkup(page)).toBe(serverMarkup);
  });

  test('a link in the menu opened before hydration takes the visitor to another page', async ({ page }) => {
    await holdIsland(page, 'Navbar');
    await page.goto('/');
    await toggle(page).tap();
    await menu(page).getByRole('link', { name: 'Proceso', exact: true }).tap();
    await expect(page).toHaveURL(/\/proceso-desarrollo$/);
  });
});
