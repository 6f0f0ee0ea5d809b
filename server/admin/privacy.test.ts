/**
 * The inbox's personal-data pages on both engines: only admins reach them; a person looked up by e-mail
 * (in a POST, never in the URL), their data downloaded (acceso), erased after typing their e-mail again
 * (cancelación), a request registered with its deadline, and each step in the audit trail page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, waitFor } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { ERRORS } from '../errors.ts';
import { scanDirectory, scanRows } from '../privacy/testing/scan.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const LUCIA = VALID.small;
const NEEDLES = [LUCIA.name, LUCIA.email, LUCIA.company];

describe.each(TEST_ENGINES)('the personal-data pages (%s)', (engine) => {
  let t: TestAdmin;
  let admin: AdminClient;
  let other: number;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    await t.createUser('ventas@angram.mx', 'sales', 'Ventas');
    expect((await t.api.post('/api/webSite/contactSmall', LUCIA)).status).toBe(201);
    other = Number((await t.api.post('/api/webSite/contactBig', VALID.big)).body.id);
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 4,
      'four .eml written',
    );
    admin = t.client();
    await admin.signIn('dir@angram.mx');
  });

  afterAll(async () => {
    await t.dispose();
  });

  it('is for admins only, linked from their navigation', async () => {
    const page = await admin.get('/admin/privacy');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Datos personales</h1>');
    expect(page.text).toContain('href="/admin/privacy" aria-current="page"');
    const sales = t.client();
    await sales.signIn('ventas@angram.mx');
    expect((await sales.get('/admin/privacy')).status).toBe(403);
    expect((await sales.get('/admin/audit')).status).toBe(403);
    expect((await sales.get('/admin/contacts')).text).not.toContain('href="/admin/privacy"');
    const erase = { email: LUCIA.email, reason: 'x', confirm: LUCIA.email };
    expect((await sales.post('/admin/privacy/cancel', erase)).status).toBe(403);
    // Signed out: to the sign-in; signed in without the form's token: refused. Nothing erased either way.
    const stranger = await t.client().post('/admin/privacy/cancel', erase, { csrf: null });
    expect(stranger.status).toBe(303);
    expect(stranger.location).toMatch(/^\/admin\/login\?next=%2Fadmin%2Fprivacy/);
    expect((await admin.post('/admin/privacy/cancel', erase, { csrf: null })).status).toBe(403);
    expect((await t.api.rows('SELECT 1 FROM leads WHERE email = $1', LUCIA.email)).length).toBe(1);
  });

  it('registers a request received earlier, with its legal deadline', async () => {
    await admin.get('/admin/privacy');
    const bad = await admin.post('/admin/privacy', { kind: 'acceso', email: 'no es correo', received: '2099-01-01' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Escribe un correo electrónico válido.');
    const saved = await admin.post('/admin/privacy', {
      kind: 'cancelacion',
      email: LUCIA.email,
      received: '2026-11-20',
      detail: 'Llegó por correo.',
    });
    expect(saved.status).toBe(303);
    const page = await admin.get(saved.location ?? '');
    expect(page.text).toContain('Solicitud registrada con su fecha límite.');
    expect(page.text).toContain('18 de diciembre de 2026');
  });

  it('finds the person, hands over their data, and erases it only once confirmed', async () => {
    await admin.get('/admin/privacy');
    const found = await admin.post('/admin/privacy/find', { email: LUCIA.email.toUpperCase() });
    expect(found.status).toBe(200);
    expect(found.text).toContain('Solicitudes enviadas por los formularios: 1 registro');
    expect(found.text).toContain('Archivos .eml del buzón de salida: 2');

    const download = await admin.post('/admin/privacy/export', { email: LUCIA.email, phone: '', format: 'json' });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="datos-personales-solicitud-\d+\.json"$/,
    );
    expect(download.text).toContain(LUCIA.name);

    await admin.post('/admin/privacy/find', { email: LUCIA.email });
    const unconfirmed = await admin.post('/admin/privacy/cancel', {
      email: LUCIA.email,
      phone: '',
      reason: 'Lo pidió por correo.',
      confirm: 'otra@ferremax.mx',
    });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toContain('no se borró nada');
    expect(Object.keys(await scanRows(t.api.storage, NEEDLES)).length).toBeGreaterThan(0);

    const erased = await admin.post('/admin/privacy/cancel', {
      email: LUCIA.email,
      phone: '',
      reason: 'Lo pidió por correo.',
      confirm: LUCIA.email,
    });
    expect(erased.status).toBe(200);
    expect(erased.text).toContain('Datos personales eliminados.');
    expect(erased.text).toContain('Message-ID');
    expect(await scanRows(t.api.storage, NEEDLES)).toEqual({});
    expect(scanDirectory(t.api.config.outboxDir, NEEDLES)).toEqual({});
    const [jorge] = await t.api.rows<{ name: string }>('SELECT name FROM leads WHERE id = $1', other);
    expect(jorge?.name).toBe(VALID.big.name);

    // The request registered before is the one answered, by this account.
    const requests = await t.api.rows<{ kind: string; answered_by_kind: string | null }>(
      'SELECT kind, answered_by_kind FROM privacy_requests ORDER BY id',
    );
    expect(requests).toEqual([
      { kind: 'cancelacion', answered_by_kind: 'account' },
      { kind: 'acceso', answered_by_kind: 'account' },
    ]);
  });

  it('rectifies the contact data from the lead page, keeping no old value in the history', async () => {
    const sales = t.client();
    await sales.signIn('ventas@angram.mx');
    const page = await sales.get(`/admin/contacts/${other}`);
    expect(page.text).toContain('No rechazó ninguna finalidad voluntaria.');
    const version = (/name="version" value="(\[[^"]*\])"/.exec(page.text)?.[1] ?? '').replaceAll('&quot;', '"');
    const form = {
      version,
      name: 'Jorge Treviño Garza',
      email: VALID.big.email,
      company: VALID.big.company,
      phone: '',
    };
    const bad = await sales.post(`/admin/contacts/${other}/contact`, { ...form, email: 'sin arroba' });
    expect(bad.status).toBe(422);
    const fixed = await sales.post(`/admin/contacts/${other}/contact`, { ...form, arco: '1' });
    expect(fixed.status).toBe(303);
    expect(fixed.location).toContain('aviso=datos');
    const [lead] = await t.api.rows<{ name: string; phone: string | null; fields: string }>(
      'SELECT name, phone, fields FROM leads WHERE id = $1',
      other,
    );
    expect(lead?.name).toBe('Jorge Treviño Garza');
    expect(lead?.phone).toBeNull();
    expect(JSON.parse(lead?.fields ?? '{}')).toMatchObject({ name: 'Jorge Treviño Garza', budget: VALID.big.budget });
    const [event] = await t.api.rows<{ body: string }>(
      "SELECT body FROM inbox_lead_events WHERE lead_id = $1 AND body LIKE 'Rectificación%'",
      other,
    );
    expect(event?.body).toMatch(/^Rectificación de datos de contacto: nombre, teléfono \(solicitud ARCO n\.º \d+\)\.$/);
    // The same form sent again is outdated: refused, nothing overwritten.
    const stale = await sales.post(`/admin/contacts/${other}/contact`, { ...form, name: 'Otro nombre' });
    expect(stale.status).toBe(409);
    // The lead page again, with what the lead holds now and the registry's reason, not the error page.
    expect(stale.text).toContain(ERRORS.inboxStaleContact.message());
    expect(stale.text).toContain('Jorge Treviño Garza');
    expect((await t.api.rows<{ name: string }>('SELECT name FROM leads WHERE id = $1', other))[0]?.name).toBe(
      'Jorge Treviño Garza',
    );
  });

  it('shows the audit trail, filtered by action', async () => {
    const page = await admin.get('/admin/audit?accion=arco_cancel');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Cancelación de datos');
    expect(page.text).toContain('Dirección');
    expect(page.text).not.toContain('Inicio de sesión</td>');
    const all = await admin.get('/admin/audit');
    for (const label of ['Inicio de sesión', 'Solicitud ARCO registrada', 'Acceso: datos entregados'])
      expect(all.text).toContain(label);
    for (const needle of NEEDLES) expect(all.text).not.toContain(needle);
  });
});
