/**
 * axe (WCAG 2.2 AA) on every sitemap page outside the wiki, a sample of the wiki's pages holding every kind
 * of element they use (support/page-sample.ts) and the 404, at 375 px and 1440 px (the wiki's shared layout
 * at 1440 px on a few of them), and on interactive states: the open mobile menu, the open date-time picker and a form showing its errors.
 */
import { test, expect, waitForIsland } from '../support/fixtures.ts';
import { axeViolations, revealAll } from '../support/axe.ts';
import { builtPages, pageForPath, parsePage, sitemapPathsFromDist } from '../support/built-site.ts';
import { elementKinds, slowCheckPaths } from '../support/page-sample.ts';
import { DAY, hydratedForm, nthOpenDay, openPickerOn } from '../forms/support.ts';

/**
 * Wiki pages checked at 1440 px too. Every wiki page shares one layout, whose wide form (sidebar and table
 * of contents) differs from the phone's; the content's components look the same at both widths, and each
 * page's own content is checked at 375 px. These pages hold every wide-only arrangement (cards side by
 * side, panes, the long tables).
 */
const WIKI_AT_1440 = new Set(['/wikiangram/overview', '/wikiangram/backend-integration', '/wikiangram/sales-inbox']);
const at1440 = (path: string) => !path.startsWith('/wikiangram') || WIKI_AT_1440.has(path);
const paths = [...new Set([...slowCheckPaths(), ...WIKI_AT_1440])];

test.use({ allowedConsoleErrors: [/status of 404/] });

// One visit per page: axe at 375 px, then the same page resized to 1440 px (the layout is CSS, so a resize
// reflows it as a load would; wiki pages: see WIKI_AT_1440). A failure names the width.
test.describe('axe at 375 and 1440 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the wiki pages checked at 1440 px exist', () => {
    expect(builtPages().map((page) => page.path)).toEqual(expect.arrayContaining([...WIKI_AT_1440]));
  });
  test('the wiki pages checked hold every kind of element the wiki uses', () => {
    const kindsOf = (wikiPaths: string[]) =>
      new Set(wikiPaths.flatMap((path) => [...elementKinds(parsePage(pageForPath(path)?.file ?? ''))]));
    const wiki = sitemapPathsFromDist().filter((path) => path.startsWith('/wikiangram/'));
    const checked = kindsOf(wiki.filter((path) => paths.includes(path)));
    expect([...kindsOf(wiki)].filter((kind) => !checked.has(kind))).toEqual([]);
    expect(checked.size).toBeGreaterThan(0);
  });
  for (const path of paths) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await revealAll(page);
      expect(await axeViolations(page), `${path} a 375 px`).toEqual([]);
      if (!at1440(path)) return;
      await page.setViewportSize({ width: 1440, height: 900 });
      expect(await axeViolations(page), `${path} a 1440 px`).toEqual([]);
    });
  }
});

test.describe('axe on interactive states', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the open mobile menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menú', exact: true }).click();
    await expect(page.locator('#menu-movil')).toBeVisible();
    await waitForIsland(page, 'Navbar');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the open date-time picker with its slots and a chosen time', async ({ page, request }) => {
    const { date, slots } = await nthOpenDay(request, DAY.accessibility);
    await page.goto('/contacto');
    await hydratedForm(page, 'big');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const dialog = await openPickerOn(page, date);
    await dialog.getByRole('button', { name: slots[0], exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a form showing its errors', async ({ page }) => {
    await page.goto('/iniciar-proyecto');
    const form = await hydratedForm(page, 'project');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await form.getByLabel('WhatsApp').fill('12345');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Error al enviar el formulario' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
