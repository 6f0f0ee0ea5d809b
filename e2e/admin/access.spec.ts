/**
 * Sign-in that cannot be turned against the team, in Chromium: the owner of an attacked account getting in
 * from a new browser with the one-time link, a form posted from another site refused, and two-step sign-in
 * turned on from the account page and used. axe on each new page.
 */
import { codeAt } from '../../server/admin/totp.ts';
import { axeViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { createAccount, sendLead, signIn, withDatabase } from './support.ts';

test.use({ allowedConsoleErrors: [/status of (401|403|422|429)/] });

test('the owner of an attacked account gets in from a new browser with a one-time link', async ({ page }) => {
  const account = createAccount('sales', 'Marisol Enlace');
  // The attack: five wrong passwords from elsewhere (written directly, so this run's shared address is not
  // charged with them and other specs keep signing in).
  withDatabase((db) =>
    db
      .prepare("INSERT INTO inbox_login_failures (scope, key, failures, last_failure_at) VALUES ('account', ?, 5, ?)")
      .run(account.email, Date.now()),
  );
  await signIn(page, account);
  await expect(page.getByRole('alert')).toContainText('Demasiados intentos fallidos');
  const offer = page.getByRole('region', { name: '¿Es tu cuenta?' });
  await expect(offer).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await offer.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
  await expect(page).toHaveURL('/admin/login?reason=link-sent');
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace para entrar');

  const message = withDatabase(
    (db) =>
      db
        .prepare("SELECT message FROM outbox WHERE audience = 'account' AND recipient = ? ORDER BY id DESC")
        .get(account.email) as { message: string },
  );
  const link = /https:\/\/[^/\s]+(\/admin\/login\/link\?t=[\w-]{43})/.exec(
    (JSON.parse(message.message) as { text: string }).text,
  )?.[1];
  expect(link).toBeDefined();
  await page.goto(link ?? '');
  await expect(page).toHaveURL('/admin/contacts');
  await expect(page.getByRole('navigation', { name: 'Secciones de la bandeja' })).toBeVisible();
});

test('a form posted from another site is refused in Spanish and changes nothing', async ({ page, request }) => {
  const account = createAccount('sales', 'Rodrigo Origen');
  const lead = await sendLead(request, 'contactSmall', {
    name: 'Nora Cruz',
    email: 'nora@cruz.mx',
    company: 'Cruz Papelería',
    message: 'Quiero una cotización para un sitio con catálogo.',
  });
  await signIn(page, account);
  await expect(page).toHaveURL('/admin/contacts');
  const target = new URL(`/admin/contacts/${lead.id}/notes`, page.url()).toString();
  await page.route('https://sitio-ajeno.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!DOCTYPE html><html lang="es"><title>Ajeno</title><form method="post" action="${target}">
<input name="note" value="nota desde otro sitio"><button>Enviar</button></form></html>`,
    }),
  );
  await page.goto('https://sitio-ajeno.example/');
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.request().method() === 'POST'),
    page.getByRole('button', { name: 'Enviar' }).click(),
  ]);
  expect(response.status()).toBe(403);
  await expect(page.locator('body')).toContainText(
    'Este formulario solo se acepta desde las páginas de la bandeja de ventas de este sitio.',
  );
  expect(
    withDatabase((db) =>
      db.prepare("SELECT count(*) AS n FROM inbox_lead_events WHERE body = 'nota desde otro sitio'").get(),
    ),
  ).toEqual({ n: 0 });
});

test('two-step sign-in: a QR and a key on the account page, then a code at every sign-in', async ({ page }) => {
  const account = createAccount('sales', 'Tomás Dos Pasos');
  await signIn(page, account, '/admin/login?next=%2Fadmin%2Faccount');
  await expect(page).toHaveURL('/admin/account');
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = ((await page.locator('code.secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Código de la aplicación').fill(codeAt(secret, new Date()));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByText('Guarda tus códigos de recuperación.')).toBeVisible();
  await expect(page.locator('.recovery-codes li')).toHaveCount(10);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();

  await signIn(page, account);
  await expect(page).toHaveURL('/admin/login/code');
  expect(await axeViolations(page)).toEqual([]);
  const now = codeAt(secret, new Date());
  await page.getByLabel('Código').fill(String((Number(now) + 500_000) % 1_000_000).padStart(6, '0'));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The next step's code: the one that turned it on may belong to this very step, which is spent.
  await page.getByLabel('Código').fill(codeAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL('/admin/contacts');
});
