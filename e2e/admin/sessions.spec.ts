/**
 * Sessions and sign-in throttling in the browser: a session ends when idle too long or past its absolute
 * end (aged here by writing the database, not by waiting), sign-out and sign-out everywhere, a new
 * session at every sign-in, and wrong passwords throttled with a 429 that never locks the owner out.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { createAccount, signIn, withDatabase, type Account } from './support.ts';

async function sessionCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'angram_admin_session')?.value;
}

function ageSessions(account: Account, column: 'last_seen_at' | 'expires_at', hoursAgo: number): void {
  const at = new Date(Date.now() - hoursAgo * 3_600_000).toISOString();
  withDatabase((db) =>
    db
      .prepare(`UPDATE inbox_sessions SET ${column} = ? WHERE user_id = (SELECT id FROM inbox_users WHERE email = ?)`)
      .run(at, account.email),
  );
}

test('an idle session ends: the next page asks to sign in again and comes back', async ({ page }) => {
  const account = createAccount('sales', 'Carla Idle');
  await signIn(page, account, '/admin/meetings');
  await expect(page).toHaveURL('/admin/meetings');
  ageSessions(account, 'last_seen_at', 3);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/admin/login?next=%2Fadmin%2Fdashboard&reason=expired');
  await expect(page.getByRole('status')).toHaveText('Tu sesión terminó. Vuelve a iniciar sesión para continuar.');
  expect(await sessionCookie(page.context())).toBeUndefined();
  await page.getByLabel('Correo electrónico', { exact: true }).fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/admin/dashboard');
});

test('a session ends at its absolute limit however active it is', async ({ page }) => {
  const account = createAccount('sales', 'Daniel Límite');
  await signIn(page, account);
  await expect(page).toHaveURL('/admin/contacts');
  ageSessions(account, 'expires_at', 0.01);
  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fcontacts&reason=expired/);
});

test('signing in always starts a new session, and signing out ends it', async ({ page }) => {
  const account = createAccount('sales', 'Elena Rotación');
  // A session id planted before signing in (fixation) is never adopted.
  await page
    .context()
    .addCookies([{ name: 'angram_admin_session', value: 'A'.repeat(43), url: `${process.env.E2E_BASE_URL}/admin` }]);
  await signIn(page, account);
  const first = await sessionCookie(page.context());
  expect(first).toBeDefined();
  expect(first).not.toBe('A'.repeat(43));
  const cookie = (await page.context().cookies()).find((c) => c.name === 'angram_admin_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/admin' });

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/admin/login?reason=signed-out');
  await expect(page.getByRole('status')).toHaveText('Cerraste la sesión.');
  // The old token is dead even if someone kept a copy.
  await page
    .context()
    .addCookies([{ name: 'angram_admin_session', value: first ?? '', url: `${process.env.E2E_BASE_URL}/admin` }]);
  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/login/);
  await signIn(page, account);
  expect(await sessionCookie(page.context())).not.toBe(first);
});

test('sign out everywhere ends the sessions on every device', async ({ page, browser }) => {
  const account = createAccount('sales', 'Fernanda Móvil');
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phonePage = await phone.newPage();
  await signIn(phonePage, account);
  await expect(phonePage).toHaveURL('/admin/contacts');
  await signIn(page, account, '/admin/account');
  await expect(page.getByRole('region', { name: 'Sesiones' })).toContainText('Tienes 2 sesiones abiertas');
  await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
  await expect(page.getByRole('status')).toHaveText('Cerraste la sesión en todos tus dispositivos.');
  await phonePage.goto('/admin/contacts');
  await expect(phonePage).toHaveURL(/\/admin\/login/);
  await phone.close();
});

test('wrong passwords are throttled with a 429 in Spanish, and the owner’s own browser still gets in', async ({
  browser,
}) => {
  // Eight sign-ins, each a deliberately memory-hard password check: give the test room on a busy machine.
  test.slow();
  const account = createAccount('sales', 'Gabriel Blanco');
  // The owner signed in from this browser before: it holds the trusted-device cookie.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, account);
  await expect(ownerPage).toHaveURL('/admin/contacts');
  await ownerPage.getByRole('button', { name: 'Cerrar sesión' }).click();

  const attacker = await browser.newContext();
  const attackerPage = await attacker.newPage();
  const attempt = async (password: string) => {
    await attackerPage.goto('/admin/login');
    await attackerPage.getByLabel('Correo electrónico', { exact: true }).fill(account.email);
    await attackerPage.getByLabel('Contraseña', { exact: true }).fill(password);
    const [response] = await Promise.all([
      attackerPage.waitForResponse((r) => r.request().method() === 'POST'),
      attackerPage.getByRole('button', { name: 'Entrar' }).click(),
    ]);
    return response;
  };
  for (let i = 0; i < 5; i += 1) {
    const response = await attempt(`adivinanza-${i}`);
    expect(response.status()).toBe(401);
    await expect(attackerPage.getByRole('alert')).toHaveText('Las credenciales proporcionadas son incorrectas.');
  }
  const throttled = await attempt('adivinanza-final');
  expect(throttled.status()).toBe(429);
  expect(Number(throttled.headers()['retry-after'])).toBeGreaterThan(0);
  await expect(attackerPage.getByRole('alert')).toHaveText(
    'Demasiados intentos fallidos. Espera 1 minuto antes de volver a intentarlo.',
  );
  // Even the right password waits from a browser the account does not know.
  expect((await attempt(account.password)).status()).toBe(429);
  // The email field keeps what was typed; the password never comes back.
  await expect(attackerPage.getByLabel('Contraseña', { exact: true })).toHaveValue('');

  await signIn(ownerPage, account);
  await expect(ownerPage).toHaveURL('/admin/contacts');
  await owner.close();
  await attacker.close();
});
