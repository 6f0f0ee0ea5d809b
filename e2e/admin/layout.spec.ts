/**
 * The inbox's layout at a phone's 375 px and a desktop's 1440 px, with a lead whose name, company and message
 * are each one unbroken word of the longest length the form takes: no page scrolls sideways, the list's
 * actions are on screen without scrolling its table, the lead page's first phone screen holds who wrote,
 * what they asked and the next step, and the dashboard's bar labels are read whole. Screenshots of each
 * page and width are attached to the report.
 */
import type { Page, TestInfo } from '@playwright/test';
import { TEXT_MAX } from '../../core/forms/fields.ts';
import { test, expect } from '../support/fixtures.ts';
import { createAccount, sendLead, signIn, type Account, type SentLead } from './support.ts';

const WORD = 'Supercalifragilistico'.repeat(13).slice(0, TEXT_MAX);
let admin: Account;
let lead: SentLead;
let everyday: SentLead;

test.beforeAll(async ({ request }) => {
  admin = createAccount('admin', 'Dirección de Ventas');
  lead = await sendLead(request, 'contactSmall', {
    name: WORD,
    email: 'palabra.larga@ferremax.mx',
    company: WORD,
    message: `${WORD} ${WORD}`,
  });
  everyday = await sendLead(request, 'contactSmall', {
    name: 'Mariana Castañeda Villarreal',
    email: 'mariana@distribuidoramaya.mx',
    company: 'Distribuidora Maya del Sureste',
    message:
      'Tenemos 14 sucursales en Yucatán y Quintana Roo y llevamos el inventario en hojas de cálculo. Queremos una app web para ver existencias en tiempo real y pedir traspasos entre tiendas.',
  });
});

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

for (const screen of [
  { name: 'teléfono', width: 375, height: 740, isMobile: true },
  { name: 'escritorio', width: 1440, height: 900, isMobile: false },
]) {
  test.describe(`at ${String(screen.width)} px`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height }, isMobile: screen.isMobile });

    test(`list, lead and dashboard hold a ${String(TEXT_MAX)}-character word (${screen.name})`, async ({
      page,
    }, testInfo) => {
      await signIn(page, admin, `/admin/contacts?q=${lead.reference}`);
      await page.waitForLoadState('load');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      // Every action of the row is inside the screen and inside the table's own visible box.
      const row = page.locator('tbody tr').first();
      const actions = row.locator('.row-actions').getByRole('button').or(row.locator('.row-actions a'));
      expect(await actions.count()).toBeGreaterThan(0);
      for (const action of await actions.all()) {
        await expect(action).toBeVisible();
        const fits = await action.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const wrap = element.closest('.table-wrap')?.getBoundingClientRect();
          return box.right <= window.innerWidth && (!wrap || box.right <= wrap.right + 0.5);
        });
        expect(fits).toBe(true);
      }
      await shot(page, testInfo, `lista-${String(screen.width)}`);

      await page.goto(`/admin/contacts/${String(lead.id)}`);
      await page.waitForLoadState('load');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await shot(page, testInfo, `lead-${String(screen.width)}`);
      if (screen.isMobile) {
        // An everyday lead's first screen: who (the title), what they asked, the next step and how to reach them.
        await page.goto(`/admin/contacts/${String(everyday.id)}`);
        await page.waitForLoadState('load');
        for (const part of [
          page.getByRole('heading', { level: 1 }),
          page.locator('.asked'),
          page.locator('.next-action'),
        ]) {
          const box = await part.boundingBox();
          expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(screen.height);
        }
        await shot(page, testInfo, `lead-comun-${String(screen.width)}`);
      }

      await page.goto('/admin/dashboard?weeks=52');
      await page.waitForLoadState('load');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      const clipped = await page
        .locator('.bar-label')
        .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).length);
      expect(clipped).toBe(0);
      await shot(page, testInfo, `panel-${String(screen.width)}`);
    });
  });
}
