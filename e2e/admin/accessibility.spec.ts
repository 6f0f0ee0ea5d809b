/** axe (WCAG 2.2 AA) on every page of the sales inbox, at 375 px and 1440 px, including error states. */
import type { Cookie, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { axeViolations } from '../support/axe.ts';
import { createAccount, sendLead, signIn, userIdOf, type Account } from './support.ts';

let admin: Account;
let sales: Account;
let leadId: number;
/** The same person writing again: the lead's page lists it as a duplicate, and offers the merge. */
let duplicateId: number;
let adminCookies: Cookie[];

const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1440, height: 900 },
] as const;

test.beforeAll(async ({ request, browser }) => {
  admin = createAccount('admin', 'Irene Accesible');
  const context = await browser.newContext();
  await signIn(await context.newPage(), admin);
  adminCookies = (await context.cookies()).filter((cookie) => cookie.name === 'angram_admin_session');
  await context.close();
  sales = createAccount('sales', 'Julio Ventas');
  leadId = (
    await sendLead(request, 'contactBig', {
      name: 'Karla Núñez',
      email: 'karla@nunez.mx',
      company: 'Núñez Textiles',
      phone: '81 8765 4321',
      projectType: 'mobile-app',
      budget: '300k-700k',
      timeline: '3-6-months',
      message: 'App para 80 operadores con foto y firma de entrega.',
    })
  ).id;
  duplicateId = (
    await sendLead(request, 'contactSmall', {
      name: 'Karla Núñez',
      email: 'KARLA@nunez.mx',
      company: 'Núñez Textiles',
      message: 'Les escribo otra vez por la app de entregas.',
    })
  ).id;
});

test.use({ allowedConsoleErrors: [/status of (401|403|404|422)/] });

/**
 * axe at a phone's width and then, on the same page resized (the inbox's layout is CSS, so a resize
 * reflows it as a load would), at a desktop's; one visit per page and state. A failure names the width.
 */
async function violationsAtBothWidths(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    found.push(...(await axeViolations(page)).map((violation) => `${width} px: ${violation}`));
  }
  await page.setViewportSize(WIDTHS[0]);
  return found;
}

test.describe('axe at 375 and 1440 px', () => {
  test.use({ viewport: WIDTHS[0] });

  test('the sign-in page, empty and with an error', async ({ page }) => {
    await page.goto('/admin/login');
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await page.getByLabel('Correo electrónico', { exact: true }).fill(admin.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('no es esta');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violationsAtBothWidths(page)).toEqual([]);
    // Counted against the throttle: sign in properly now so later tests start clean.
    await page.getByLabel('Contraseña', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/admin/contacts');
  });

  // One test per page, all on one admin session made in beforeAll.
  for (const [title, path] of [
    ['/admin/contacts', () => '/admin/contacts'],
    ['/admin/contacts with ignored filters', () => '/admin/contacts?status=ganadisimo&q=Karla'],
    ['/admin/contacts/:id', () => `/admin/contacts/${leadId}`],
    ['/admin/contacts, today’s next steps', () => '/admin/contacts?vista=hoy&assignee=1'],
    ['/admin/board', () => '/admin/board'],
    ['/admin/contacts/:id/merge', () => `/admin/contacts/${leadId}/merge?otro=${duplicateId}`],
    ['/admin/meetings', () => '/admin/meetings'],
    ['/admin/dashboard', () => '/admin/dashboard'],
    ['/admin/monitoring', () => '/admin/monitoring?tipo=other'],
    ['/admin/users', () => '/admin/users'],
    ['/admin/users/:id', () => `/admin/users/${userIdOf(sales.email)}`],
    ['/admin/account', () => '/admin/account'],
    ['/admin/privacy', () => '/admin/privacy'],
    ['/admin/audit', () => '/admin/audit'],
    ['an unknown lead (404)', () => '/admin/contacts/999999999'],
  ] as const) {
    test(`signed in as admin: ${title}`, async ({ page }) => {
      await page.context().addCookies(adminCookies);
      await page.goto(path());
      await expect(page.getByRole('navigation', { name: 'Secciones de la bandeja' })).toBeVisible();
      expect(await violationsAtBothWidths(page)).toEqual([]);
    });
  }

  test('a person looked up on /admin/privacy, and a cancellation not confirmed', async ({ page }) => {
    await page.context().addCookies(adminCookies);
    await page.goto('/admin/privacy');
    await page.getByLabel('Correo electrónico', { exact: true }).fill('karla@nunez.mx');
    await page.getByRole('button', { name: 'Buscar sus datos' }).click();
    await expect(page.getByRole('heading', { name: 'Cancelación: borrar sus datos' })).toBeVisible();
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await page.getByLabel('Motivo').last().fill('Lo pidió por correo.');
    await page.getByLabel('Escribe karla@nunez.mx para confirmar').fill('otra@nunez.mx');
    await page.getByRole('button', { name: 'Borrar sus datos personales' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violationsAtBothWidths(page)).toEqual([]);
  });

  test('a lead with a form error, and the 403 page', async ({ page }) => {
    await signIn(page, sales, `/admin/contacts/${leadId}`);
    await page.getByLabel('Cambiar a', { exact: true }).selectOption({ label: 'Perdido' });
    await page.getByRole('button', { name: 'Cambiar estado' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await violationsAtBothWidths(page)).toEqual([]);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin permiso');
    expect(await violationsAtBothWidths(page)).toEqual([]);
  });
});
