/**
 * Who may see what: every inbox page sends a signed-out visitor to the sign-in and back, sales gets 403
 * where only admin may go, a form without its CSRF token is refused, sign-in is for guests only, and the
 * inbox answers with its own headers and stays out of the sitemap.
 */
import { test, expect, sitemapPaths } from '../support/fixtures.ts';
import { createAccount, inboxPaths, sendLead, signIn, userIdOf, type Account } from './support.ts';

let sales: Account;
let admin: Account;
let leadId: number;

// The 403 and 404 pages are opened on purpose; the browser logs their status.
test.use({ allowedConsoleErrors: [/status of (403|404)/] });

test.beforeAll(async ({ request }) => {
  sales = createAccount('sales', 'Beatriz Ramos');
  admin = createAccount('admin', 'Dirección Comercial');
  leadId = (
    await sendLead(request, 'contactSmall', {
      name: 'Tomás Ibarra',
      email: 'tomas@ibarra.mx',
      message: 'Cotización de una app.',
    })
  ).id;
});

test('every inbox page redirects a signed-out visitor to the sign-in, remembering the page', async ({ request }) => {
  for (const path of inboxPaths(leadId, userIdOf(admin.email))) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    const location = response.headers().location ?? '';
    if (path === '/admin') expect(location).toBe('/admin/login');
    else expect(decodeURIComponent(location.replace('/admin/login?next=', ''))).toBe(path);
  }
  for (const path of [
    `/admin/contacts/${leadId}/status`,
    `/admin/contacts/${leadId}/notes`,
    '/admin/users',
    '/admin/logout',
    '/admin/account/password',
  ]) {
    const response = await request.post(path, { form: { note: 'x' }, maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toMatch(/^\/admin\/login/);
  }
  const unknown = await request.get('/admin/no-existe', { maxRedirects: 0 });
  expect(unknown.status()).toBe(303);
});

test('after signing in the visitor is back on the page they asked for, never on another site', async ({ page }) => {
  await page.goto('/admin/dashboard?weeks=4');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard%3Fweeks%3D4');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(sales.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(sales.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/admin/dashboard?weeks=4');
  await page.context().clearCookies();
  await signIn(page, sales, '/admin/login?next=https%3A%2F%2Fevil.example%2Fadmin');
  await expect(page).toHaveURL('/admin/contacts');
});

test('the sign-in page is for guests only', async ({ page }) => {
  await signIn(page, sales);
  await expect(page).toHaveURL('/admin/contacts');
  await page.goto('/admin/login');
  await expect(page).toHaveURL('/admin/contacts');
  const again = await page.request.post('/admin/login', {
    form: { email: sales.email, password: sales.password },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(303);
  expect(again.headers().location).toBe('/admin/contacts');
});

test('sales gets 403 on account management; admin gets in', async ({ page, browser }) => {
  await signIn(page, sales);
  for (const path of ['/admin/users', `/admin/users/${userIdOf(admin.email)}`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sin permiso');
  }
  await expect(
    page.getByRole('navigation', { name: 'Secciones de la bandeja' }).getByRole('link', { name: 'Usuarios' }),
  ).toHaveCount(0);
  // A real token of sales' own session does not open an admin-only action either.
  await page.goto('/admin/account');
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const create = await page.request.post('/admin/users', {
    form: { csrf, email: 'intruso@angram.mx', name: 'Intruso', role: 'admin', password: 'Una clave muy larga 1' },
    maxRedirects: 0,
  });
  expect(create.status()).toBe(403);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin, '/admin/users');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
  await expect(adminPage.getByRole('cell', { name: sales.email })).toBeVisible();
  await adminContext.close();
});

test('a form without its CSRF token, or with another session’s, is refused', async ({ page, browser }) => {
  await signIn(page, sales);
  for (const form of [{ note: 'Sin token' }, { note: 'Token inventado', csrf: 'x'.repeat(43) }] as Array<
    Record<string, string>
  >) {
    const response = await page.request.post(`/admin/contacts/${leadId}/notes`, { form, maxRedirects: 0 });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain('El formulario no es válido o caducó');
  }
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, sales, `/admin/contacts/${leadId}`);
  const foreignToken = await otherPage.locator('form[action$="/notes"] input[name="csrf"]').inputValue();
  await other.close();
  const response = await page.request.post(`/admin/contacts/${leadId}/notes`, {
    form: { note: 'Token de otra sesión', csrf: foreignToken },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  // Nothing was written.
  await page.goto(`/admin/contacts/${leadId}`);
  await expect(page.getByRole('region', { name: 'Historial' })).not.toContainText('token', { ignoreCase: true });
});

test('the sign-in form refuses a post without its token', async ({ playwright, baseURL }) => {
  const fresh = await playwright.request.newContext({ baseURL });
  const response = await fresh.post('/admin/login', {
    form: { email: sales.email, password: sales.password },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain('El formulario caducó');
  expect(response.headers()['set-cookie'] ?? '').not.toContain('angram_admin_session=');
  await fresh.dispose();
});

test('the inbox answers with its own strict headers and stays out of the sitemap', async ({ request, page }) => {
  for (const path of ['/admin/login', '/admin/contacts', '/admin/assets/admin.css', '/admin/no-existe']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-robots-tag'], path).toBe('noindex, nofollow');
    expect(headers['cache-control'], path).toBe('no-store');
    expect(headers['content-security-policy'], path).toContain("script-src 'none'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("form-action 'self'");
    expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
  }
  const login = await request.get('/admin/login');
  expect(login.headers()['set-cookie']).toMatch(/angram_admin_login=[^;]+; Path=\/admin; HttpOnly; SameSite=Strict/);
  expect(await login.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  expect((await sitemapPaths(page)).filter((path) => path.startsWith('/admin'))).toEqual([]);
  expect((await request.get('/admin/', { maxRedirects: 0 })).status()).toBe(303);
});

test('wrong methods and unknown pages answer 405 and 404 in Spanish', async ({ page }) => {
  await signIn(page, sales);
  const missing = await page.goto('/admin/contacts/999999999');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  const wrong = await page.request.delete(`/admin/contacts/${leadId}`, { maxRedirects: 0 });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers().allow).toBe('GET, HEAD');
  const huge = await page.request.post(`/admin/contacts/${leadId}/notes`, {
    form: { note: 'x'.repeat(100_000) },
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(413);
  const json = await page.request.post(`/admin/contacts/${leadId}/notes`, { data: { note: 'x' }, maxRedirects: 0 });
  expect(json.status()).toBe(415);
});
