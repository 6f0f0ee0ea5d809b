/**
 * Sign-in that cannot be turned against the team, over HTTP on both engines: the Origin check on every
 * POST, compressed pages and stylesheet, a trusted browser not locked out by its office's address, the
 * one-time sign-in link by e-mail, and two-step sign-in with TOTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, TEST_PASSWORD, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { codeAt } from './totp.ts';

describe.each(TEST_ENGINES)('inbox sign-in and access (%s)', (engine) => {
  let t: TestAdmin;
  let lead = 0;
  // Each test starts an hour and a half after the last, so no sign-in counter carries over (forgotten after 60 min).
  let hour = 0;
  const at = (minutes: number) => new Date(TEST_NOW.getTime() + (hour * 90 + minutes) * 60_000);
  const later = () => {
    hour += 1;
    t.clock.now = at(0);
  };

  async function signOut(browser: AdminClient): Promise<void> {
    await browser.get('/admin/account');
    expect((await browser.post('/admin/logout', {})).status).toBe(303);
  }

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    const answer = await t.api.post('/api/webSite/contactSmall', VALID.small);
    lead = Number(answer.body.id);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('refuses a form another site posts, with a Spanish 403, and accepts the inbox’s own', async () => {
    later();
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    await ana.get(`/admin/contacts/${lead}`);
    const note = (text: string, headers: Record<string, string>) =>
      ana.post(`/admin/contacts/${lead}/notes`, { note: text }, { headers });
    for (const headers of [
      { Origin: 'https://evil.example' } as Record<string, string>,
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]) {
      const answer = await note('nota ajena', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.text).toContain('Este formulario solo se acepta desde las páginas de la bandeja de ventas');
    }
    // The sign-in form too: a page elsewhere cannot sign someone in.
    const guest = t.client();
    await guest.get('/admin/login');
    const login = await guest.post(
      '/admin/login',
      { email: 'ana@angram.mx', password: TEST_PASSWORD },
      { headers: { Origin: 'https://evil.example' } },
    );
    expect(login.status).toBe(403);
    expect(await t.api.rows("SELECT 1 FROM inbox_lead_events WHERE body = 'nota ajena'")).toEqual([]);
    // Its own pages (Origin of the host, of SITE_URL, or Sec-Fetch-Site), and an old browser sending neither.
    for (const headers of [
      { Origin: t.url } as Record<string, string>,
      { Origin: 'https://www.angram.mx' },
      { 'Sec-Fetch-Site': 'same-origin' },
      {},
    ])
      expect((await note('nota propia', headers)).status, JSON.stringify(headers)).toBe(303);
    expect(await t.api.rows("SELECT 1 FROM inbox_lead_events WHERE body = 'nota propia'")).toHaveLength(4);
  });

  it('compresses pages and the stylesheet as the browser accepts, with Vary', async () => {
    later();
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const sizes: Record<string, number> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const page = await ana.get('/admin/contacts', { 'Accept-Encoding': encoding });
      expect(page.status).toBe(200);
      expect(page.text).toContain(`CONT-${lead}`);
      expect(page.headers.get('vary')).toBe('Accept-Encoding');
      expect(page.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      sizes[encoding] = Number(page.headers.get('content-length'));
      const css = await ana.get('/admin/assets/admin.css', { 'Accept-Encoding': encoding });
      expect(css.text).toContain('{');
      expect(css.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(css.headers.get('vary')).toBe('Accept-Encoding');
    }
    expect(sizes.br).toBeLessThan((sizes.identity ?? 0) / 2);
    expect(sizes.gzip).toBeLessThan((sizes.identity ?? 0) / 2);
    const fromElsewhere = await ana.get('/admin/contacts', { 'Accept-Encoding': 'br', 'Sec-Fetch-Site': 'cross-site' });
    expect(fromElsewhere.headers.get('content-encoding')).toBeNull();
  });

  it('lets a trusted browser in while failures from its shared address throttle everyone else', async () => {
    later();
    await t.createUser('oficina@angram.mx', 'sales');
    const owner = t.client();
    expect((await owner.signIn('oficina@angram.mx')).status).toBe(303);
    await signOut(owner);
    // Someone at the same address (every test client is 127.0.0.1) fails 20 times across many accounts.
    const guesser = t.client();
    for (let i = 0; i < 20; i += 1) expect((await guesser.signIn(`nadie${i}@angram.mx`, 'x')).status).toBe(401);
    const newcomer = t.client();
    expect((await newcomer.signIn('oficina@angram.mx')).status).toBe(429);
    expect((await owner.signIn('oficina@angram.mx')).status).toBe(303);
  });

  const linkOf = async (to: string): Promise<string | undefined> => {
    const rows = await t.api.rows<{ message: string }>(
      "SELECT message FROM outbox WHERE audience = 'account' AND recipient = $1 ORDER BY id DESC",
      to,
    );
    const text = (JSON.parse(rows[0]?.message ?? '{}') as { text?: string }).text ?? '';
    return /https:\/\/www\.angram\.mx(\/admin\/login\/link\?t=[\w-]{43})/.exec(text)?.[1];
  };

  async function askForLink(browser: AdminClient, email: string) {
    await browser.get('/admin/login');
    return browser.post('/admin/login/link', { email });
  }

  it('sends a throttled owner a one-time link that works once, for 15 minutes, in the asking browser', async () => {
    later();
    await t.createUser('enlace@angram.mx', 'sales', 'Lucía Enlace');
    const attacker = t.client();
    for (let i = 0; i < 5; i += 1) await attacker.signIn('enlace@angram.mx', `mal-${i}`);
    const owner = t.client();
    const throttled = await owner.signIn('enlace@angram.mx');
    expect(throttled.status).toBe(429);
    expect(throttled.text).toContain('Enviarme un enlace para entrar');
    const asked = await owner.post('/admin/login/link', { email: 'enlace@angram.mx' });
    expect(asked.status).toBe(303);
    expect(asked.location).toBe('/admin/login?reason=link-sent');
    expect((await owner.get(asked.location ?? '')).text).toContain('te enviamos un enlace para entrar');
    const link = (await linkOf('enlace@angram.mx')) ?? '';
    expect(link).not.toBe('');
    // Only the token's digest is stored.
    const token = link.split('t=')[1] ?? '';
    const stored = await t.api.rows('SELECT * FROM inbox_sign_in_links');
    expect(JSON.stringify(stored)).not.toContain(token);
    // Another browser (forwarded, intercepted, a mail scanner) gets nothing, and the link survives it.
    const other = await t.client().get(link);
    expect(other.status).toBe(403);
    expect(other.text).toContain('solo funciona en el navegador desde el que lo pediste');
    const browserValue = owner.cookies.get('angram_admin_link') ?? '';
    expect(browserValue).not.toBe('');
    const used = await owner.get(link);
    expect(used.status).toBe(303);
    expect(used.location).toBe('/admin/contacts');
    expect((await owner.get('/admin/contacts')).status).toBe(200);
    await signOut(owner);
    // Used once, it fails even in the browser that asked, with that browser's cookie kept.
    owner.cookies.set('angram_admin_link', browserValue);
    const again = await owner.get(link);
    expect(again.status).toBe(410);
    expect(again.text).toContain('no es válido o ya se usó');
    // The link made the browser trusted: the attacker's counter no longer stops it.
    expect((await owner.signIn('enlace@angram.mx')).status).toBe(303);
    await signOut(owner);
    // A second link, 16 minutes late.
    const second = await askForLink(owner, 'enlace@angram.mx');
    expect(second.location).toBe('/admin/login?reason=link-sent');
    const late = (await linkOf('enlace@angram.mx')) ?? '';
    expect(late).not.toBe(link);
    t.clock.now = at(16);
    const expired = await owner.get(late);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('Este enlace venció');
  });

  it('answers the same for an unknown e-mail, and sends no more than 3 links in 15 minutes', async () => {
    later();
    const before = await t.api.rows("SELECT id FROM outbox WHERE audience = 'account'");
    const stranger = t.client();
    const unknown = await askForLink(stranger, 'nadie@angram.mx');
    expect(unknown.status).toBe(303);
    expect(unknown.location).toBe('/admin/login?reason=link-sent');
    expect(await t.api.rows("SELECT id FROM outbox WHERE audience = 'account'")).toHaveLength(before.length);
    await t.createUser('buzon@angram.mx', 'sales');
    const browser = t.client();
    for (let i = 0; i < 5; i += 1) expect((await askForLink(browser, 'buzon@angram.mx')).status).toBe(303);
    expect(await t.api.rows('SELECT id FROM outbox WHERE recipient = $1', 'buzon@angram.mx')).toHaveLength(3);
    // A forged form without the sign-in page's token sends nothing.
    const forged = await t.client().post('/admin/login/link', { email: 'ana@angram.mx' }, { csrf: null });
    expect(forged.status).toBe(403);
    expect(await t.api.rows('SELECT id FROM outbox WHERE recipient = $1', 'ana@angram.mx')).toEqual([]);
  });

  it('sends the owner a working link while an outsider spends links on the same account', async () => {
    later();
    await t.createUser('duena@angram.mx', 'sales', 'Dueña');
    for (const outsider of [t.client(), t.client()])
      for (let i = 0; i < 4; i += 1) expect((await askForLink(outsider, 'duena@angram.mx')).status).toBe(303);
    const sent = async () => (await t.api.rows('SELECT id FROM outbox WHERE recipient = $1', 'duena@angram.mx')).length;
    expect(await sent()).toBe(6);
    const owner = t.client();
    expect((await askForLink(owner, 'duena@angram.mx')).location).toBe('/admin/login?reason=link-sent');
    expect(await sent()).toBe(7);
    const used = await owner.get((await linkOf('duena@angram.mx')) ?? '');
    expect(used.location).toBe('/admin/contacts');
  });

  async function turnOnTwoStep(email: string): Promise<string> {
    await t.createUser(email, 'sales');
    const browser = t.client();
    await browser.signIn(email);
    await browser.get('/admin/account');
    await browser.post('/admin/account/two-step/start', {});
    const secret = (
      /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec((await browser.get('/admin/account')).text)?.[1] ?? ''
    ).replace(/ /g, '');
    expect((await browser.post('/admin/account/two-step/confirm', { code: codeAt(secret, t.clock.now) })).status).toBe(
      200,
    );
    return secret;
  }

  it('keeps one budget of code guesses across a right password, a link and new browsers', async () => {
    later();
    const secret = await turnOnTwoStep('presupuesto@angram.mx');
    t.clock.now = at(1);
    const wrong = () => String((Number(codeAt(secret, t.clock.now)) + 7) % 1_000_000).padStart(6, '0');
    const guesser = t.client();
    expect((await guesser.signIn('presupuesto@angram.mx')).location).toBe('/admin/login/code');
    await guesser.get('/admin/login/code');
    for (let i = 0; i < 5; i += 1)
      expect((await guesser.post('/admin/login/code', { code: wrong() })).status).toBe(401);
    expect((await guesser.post('/admin/login/code', { code: wrong() })).status).toBe(429);
    // After the wait, the right password again buys one guess, not five more.
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    expect((await guesser.signIn('presupuesto@angram.mx')).location).toBe('/admin/login/code');
    await guesser.get('/admin/login/code');
    expect((await guesser.post('/admin/login/code', { code: wrong() })).status).toBe(401);
    expect((await guesser.post('/admin/login/code', { code: wrong() })).status).toBe(429);
    // A one-time link opens a new browser's first step, but neither trusts it nor gives it guesses of its own.
    const fresh = t.client();
    await askForLink(fresh, 'presupuesto@angram.mx');
    expect((await fresh.get((await linkOf('presupuesto@angram.mx')) ?? '')).location).toBe('/admin/login/code');
    expect(fresh.cookies.has('angram_admin_device')).toBe(false);
    await fresh.get('/admin/login/code');
    expect((await fresh.post('/admin/login/code', { code: wrong() })).status).toBe(429);
    // Admins are told, on their account page, which account is being guessed and how.
    await t.createUser('seguridad@angram.mx', 'admin', 'Seguridad');
    const boss = t.client();
    await boss.signIn('seguridad@angram.mx');
    const alert = (await boss.get('/admin/users')).text;
    expect(alert).toContain('Cuentas bajo ataque');
    expect(alert).toMatch(/<bdi>presupuesto@angram\.mx<\/bdi><\/a>: 6 intentos fallidos, con la contraseña correcta/);
    // Once the wait is over, the right code signs in and only then trusts the browser.
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    expect((await fresh.post('/admin/login/code', { code: codeAt(secret, t.clock.now) })).location).toBe(
      '/admin/contacts',
    );
    expect(fresh.cookies.has('angram_admin_device')).toBe(true);
  });

  it('turns on two-step sign-in with a QR and a key, then asks for a code once per step', async () => {
    later();
    await t.createUser('dos@angram.mx', 'sales');
    const phone = t.client();
    await phone.signIn('dos@angram.mx');
    expect((await phone.get('/admin/account')).text).toContain('Activar la verificación en dos pasos');
    expect((await phone.post('/admin/account/two-step/start', {})).location).toBe('/admin/account#dos-pasos');
    const pending = await phone.get('/admin/account');
    expect(pending.text).toMatch(/<div class="qr" role="img" aria-label="[^"]+"><svg /);
    const secret = (/<code class="secret">([A-Z2-7 ]+)<\/code>/.exec(pending.text)?.[1] ?? '').replace(/ /g, '');
    expect(secret).toHaveLength(32);
    const stored = await t.api.rows<{ secret: string }>('SELECT secret FROM inbox_totp');
    expect(JSON.stringify(stored)).not.toContain(secret);
    const wrong = String((Number(codeAt(secret, t.clock.now)) + 500_000) % 1_000_000).padStart(6, '0');
    const refused = await phone.post('/admin/account/two-step/confirm', { code: wrong });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('El código no coincide');
    const enabled = await phone.post('/admin/account/two-step/confirm', { code: codeAt(secret, t.clock.now) });
    expect(enabled.status).toBe(200);
    const recovery = [...enabled.text.matchAll(/<li><code>([a-z2-9]{5}-[a-z2-9]{5})<\/code><\/li>/g)].map((m) => m[1]);
    expect(recovery).toHaveLength(10);
    const codes = await t.api.rows<{ code_hash: string }>('SELECT code_hash FROM inbox_recovery_codes');
    expect(JSON.stringify(codes)).not.toContain((recovery[0] ?? '').replace('-', ''));
    await signOut(phone);

    // The password alone no longer signs in: a code page, no session.
    const first = await phone.signIn('dos@angram.mx');
    expect(first.location).toBe('/admin/login/code');
    expect(phone.cookies.has('angram_admin_session')).toBe(false);
    await phone.get('/admin/login/code');
    // The code that turned it on belongs to a used step: refused.
    const replay = await phone.post('/admin/login/code', { code: codeAt(secret, t.clock.now) });
    expect(replay.status).toBe(401);
    expect(replay.text).toContain('Ese código ya se usó');
    t.clock.now = at(1);
    const signedIn = await phone.post('/admin/login/code', { code: codeAt(secret, t.clock.now) });
    expect(signedIn.location).toBe('/admin/contacts');
    expect((await phone.get('/admin/contacts')).status).toBe(200);
    await signOut(phone);

    // Wrong codes are throttled like wrong passwords.
    await phone.signIn('dos@angram.mx');
    await phone.get('/admin/login/code');
    t.clock.now = at(2);
    const bad = String((Number(codeAt(secret, t.clock.now)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) expect((await phone.post('/admin/login/code', { code: bad })).status).toBe(401);
    const held = await phone.post('/admin/login/code', { code: codeAt(secret, t.clock.now) });
    expect(held.status).toBe(429);
    expect(held.text).toContain('Demasiados intentos fallidos');

    // A recovery code works once, from a browser without the phone (once the wait the guesses cost is over).
    t.clock.now = at(3);
    const laptop = t.client();
    await laptop.signIn('dos@angram.mx');
    await laptop.get('/admin/login/code');
    expect((await laptop.post('/admin/login/code', { code: (recovery[0] ?? '').toUpperCase() })).status).toBe(303);
    const borrowed = t.client();
    await borrowed.signIn('dos@angram.mx');
    await borrowed.get('/admin/login/code');
    expect((await borrowed.post('/admin/login/code', { code: recovery[0] ?? '' })).status).toBe(401);
    // The step between the password and the code lasts 5 minutes.
    t.clock.now = at(9);
    const stale = await borrowed.post('/admin/login/code', { code: codeAt(secret, t.clock.now) });
    expect(stale.status).toBe(401);
    expect(stale.text).toContain('Pasaron más de 5 minutos');

    // Turned off with the password: the password alone signs in again.
    await laptop.get('/admin/account');
    expect((await laptop.post('/admin/account/two-step/disable', { password: 'no' })).status).toBe(422);
    expect((await laptop.post('/admin/account/two-step/disable', { password: TEST_PASSWORD })).status).toBe(303);
    expect((await t.client().signIn('dos@angram.mx')).location).toBe('/admin/contacts');
  });

  it('lets an admin remove the two-step sign-in of someone who lost their phone', async () => {
    later();
    await t.createUser('perdio@angram.mx', 'sales');
    await t.createUser('jefa@angram.mx', 'admin', 'Jefa');
    const user = t.client();
    await user.signIn('perdio@angram.mx');
    await user.get('/admin/account');
    await user.post('/admin/account/two-step/start', {});
    const secret = (
      /<code class="secret">([A-Z2-7 ]+)<\/code>/.exec((await user.get('/admin/account')).text)?.[1] ?? ''
    ).replace(/ /g, '');
    expect((await user.post('/admin/account/two-step/confirm', { code: codeAt(secret, t.clock.now) })).status).toBe(
      200,
    );
    expect((await t.client().signIn('perdio@angram.mx')).location).toBe('/admin/login/code');
    const [row] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'perdio@angram.mx');
    const boss = t.client();
    await boss.signIn('jefa@angram.mx');
    const page = await boss.get(`/admin/users/${row?.id}`);
    expect(page.text).toContain('Quitar la verificación en dos pasos');
    // Sales cannot do it.
    expect((await user.post(`/admin/users/${row?.id}/two-step/reset`, {})).status).toBe(403);
    const reset = await boss.post(`/admin/users/${row?.id}/two-step/reset`, {});
    expect(reset.location).toBe(`/admin/users/${row?.id}?aviso=dos-pasos-restablecida`);
    expect((await t.client().signIn('perdio@angram.mx')).location).toBe('/admin/contacts');
  });
});
