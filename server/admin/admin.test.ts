/**
 * The inbox over HTTP on both storage engines: sign-in and its throttle, sessions and their expiry (by
 * the test's clock), CSRF, roles, the lead lifecycle with its history, the inbox list and its filters,
 * the CSV export, meetings, the dashboard and account management.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, TEST_NOW, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { CSV_HEADER } from '../lead/csv.ts';
import { ERRORS } from '../errors.ts';
import { startTestAdmin, TEST_PASSWORD, type TestAdmin } from '../testing/inbox.ts';

const HOSTILE = '<script>alert("x")</script>Ana';

describe.each(TEST_ENGINES)('sales inbox (%s)', (engine) => {
  let t: TestAdmin;
  const ids: number[] = [];
  const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    const leads = [
      ['contactSmall', { ...VALID.small, name: HOSTILE, appointmentDate: OPEN_SLOT }],
      ['contactBig', VALID.big],
      ['contactProyect', VALID.project],
    ] as const;
    for (const [index, [action, body]] of leads.entries()) {
      t.clock.now = at(index);
      const answer = await t.api.post(`/api/webSite/${action}`, body, { Referer: 'https://www.angram.mx/contacto' });
      expect(answer.status).toBe(201);
      ids.push(Number(answer.body.id));
    }
    t.clock.now = at(10);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('signs in, lists the leads newest first with their columns, and signs out', async () => {
    const ana = t.client();
    const login = await ana.signIn('ana@angram.mx');
    expect(login.status).toBe(303);
    expect(login.location).toBe('/admin/contacts');
    expect(login.headers.getSetCookie().join('\n')).toMatch(
      /angram_admin_session=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Lax; Max-Age=43200/,
    );
    const inbox = await ana.get('/admin/contacts');
    expect(inbox.status).toBe(200);
    const order = [...inbox.text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));
    expect(order).toEqual([...ids].reverse());
    expect(inbox.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;Ana');
    expect(inbox.text).not.toContain('<script>');
    expect(inbox.text).toContain('23/11/2026 08:00'); // received 14:00 UTC, Mexico City time
    expect(inbox.text).toContain('24/11/2026 10:00'); // the booked meeting
    expect(inbox.headers.get('content-security-policy')).toContain("script-src 'none'");
    const out = await ana.post('/admin/logout', {});
    expect(out.location).toBe('/admin/login?reason=signed-out');
    expect((await ana.get('/admin/contacts')).status).toBe(303);
  });

  it('filters by status, form type, date, text and reference', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const refs = async (query: string) =>
      [...(await ana.get(`/admin/contacts${query}`)).text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));
    expect(await refs('?type=2')).toEqual([ids[1]]);
    expect(await refs('?q=CAFEORIGEN')).toEqual([ids[2]]);
    expect(await refs(`?q=CONT-${ids[0]}`)).toEqual([ids[0]]);
    expect(await refs('?q=%25')).toEqual([]);
    expect(await refs('?from=2026-11-23&to=2026-11-23')).toHaveLength(3);
    expect(await refs('?from=2026-11-24')).toEqual([]);
    expect(await refs('?status=ganado')).toEqual([]);
    expect(await refs('?status=nuevo&page=abc')).toHaveLength(3);
    expect((await ana.get('/admin/contacts?page=99')).text).toContain('Esta página está vacía.');
  });

  it('works a lead from nuevo to ganado with history, and refuses stale or invalid changes', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const lead = ids[1] as number;
    await ana.get(`/admin/contacts/${lead}`);
    t.clock.now = at(45);
    const contacted = await ana.post(`/admin/contacts/${lead}/status`, { status: 'contactado', version: '0' });
    expect(contacted.status).toBe(303);
    expect(contacted.location).toBe(`/admin/contacts/${lead}?aviso=estado#seguimiento`);
    // The same form sent twice: the second carries an old version.
    const stale = await ana.post(`/admin/contacts/${lead}/status`, { status: 'propuesta', version: '0' });
    expect(stale.status).toBe(409);
    // Answered with the lead's page as it is now, the refusal said atop it.
    expect(stale.text).toContain(ERRORS.inboxLeadChanged.message({ leadId: lead }));
    expect(stale.text).toContain(`name="version" value="1"`);
    expect(
      (await ana.post(`/admin/contacts/${lead}/status`, { status: 'ganado', version: '1', value: '90000' })).status,
    ).toBe(303);
    const skip = await ana.post(`/admin/contacts/${lead}/status`, { status: 'nuevo', version: '2' });
    expect(skip.status).toBe(422);
    expect(skip.text).toContain('no puede pasar a «Nuevo»');
    expect((await ana.post(`/admin/contacts/${lead}/notes`, { note: '  ' })).status).toBe(422);
    expect((await ana.post(`/admin/contacts/${lead}/notes`, { note: 'x'.repeat(5001) })).status).toBe(422);
    expect((await ana.post(`/admin/contacts/${lead}/notes`, { note: 'Firmó el contrato.\n<b>ok</b>' })).status).toBe(
      303,
    );
    const page = await ana.get(`/admin/contacts/${lead}`);
    expect(page.text).toContain('Ana López</strong> cambió el estado de «Nuevo» a «Contactado»');
    expect(page.text).toContain('Ana López</strong> cambió el estado de «Contactado» a «Ganado»');
    expect(page.text).toContain('Firmó el contrato.\n&lt;b&gt;ok&lt;/b&gt;');
    const state = await t.api.rows<{ status: string; first_contact_at: string; version: number }>(
      'SELECT status, first_contact_at, version FROM inbox_lead_state WHERE lead_id = $1',
      lead,
    );
    expect(state).toEqual([{ status: 'ganado', first_contact_at: at(45).toISOString(), version: 2 }]);
  });

  it('parallel changes of one lead: one wins, the other is told the lead moved', async () => {
    const [a, b] = [t.client(), t.client()];
    await a.signIn('ana@angram.mx');
    await b.signIn('dir@angram.mx');
    const lead = ids[2] as number;
    await a.get(`/admin/contacts/${lead}`);
    await b.get(`/admin/contacts/${lead}`);
    const answers = await Promise.all([
      a.post(`/admin/contacts/${lead}/status`, { status: 'contactado', version: '0' }),
      b.post(`/admin/contacts/${lead}/status`, { status: 'perdido', reason: 'presupuesto', version: '0' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([303, 409]);
    const events = await t.api.rows(
      'SELECT kind FROM inbox_lead_events WHERE lead_id = $1 AND kind = $2',
      lead,
      'status',
    );
    expect(events).toHaveLength(1);
  });

  it('assigns to active people only and records who', async () => {
    const dir = t.client();
    await dir.signIn('dir@angram.mx');
    const lead = ids[0] as number;
    const page = await dir.get(`/admin/contacts/${lead}`);
    const ana = /<option value="(\d+)">Ana López<\/option>/.exec(page.text)?.[1];
    expect(ana).toBeDefined();
    const version = /name="version" value="(\d+)"/.exec(page.text)?.[1] ?? '';
    expect((await dir.post(`/admin/contacts/${lead}/assignee`, { assignee: '999', version })).status).toBe(422);
    expect((await dir.post(`/admin/contacts/${lead}/assignee`, { assignee: ana ?? '', version })).status).toBe(303);
    expect((await dir.get(`/admin/contacts?assignee=${ana}`)).text).toContain(`>CONT-${lead}<`);
    expect((await dir.get(`/admin/contacts/${lead}`)).text).toContain('Dirección</strong> asignó el lead a Ana López.');
  });

  it('exports the filter as the same CSV as npm run leads:export', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const csv = await ana.get('/admin/contacts/export.csv?type=3');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-23.csv"');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${CSV_HEADER.join(',')}`);
    expect(lines[1]).toMatch(new RegExp(`^CONT-${ids[2]},23/11/2026 08:02,Iniciar proyecto,`));
    expect(lines).toHaveLength(3);
    expect((await t.client().get('/admin/contacts/export.csv')).status).toBe(303);
  });

  it('lists upcoming meetings and draws the dashboard', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const meetings = await ana.get('/admin/meetings');
    expect(meetings.text).toContain('Martes, 24 de noviembre de 2026');
    expect(meetings.text).toContain(`CONT-${ids[0]} · <bdi>&lt;script&gt;`);
    const dashboard = await ana.get('/admin/dashboard?weeks=4');
    expect(dashboard.status).toBe(200);
    // Leads per week, the funnel, by status, by source, campaign and landing page, and two of money.
    expect(dashboard.text.match(/class="chart chart-/g)).toHaveLength(8);
    expect(dashboard.text).toContain(
      '<th scope="row" data-label="Fuente">Directo</th><td class="num" data-label="Leads">3</td>',
    );
    expect(dashboard.text).toContain('<dt>Leads recibidos</dt><dd>3</dd>');
    // One lead contacted 43 minutes after it arrived (received 14:01, contacted 14:45).
    expect(dashboard.text).toContain('44 min');
  });

  it('ends idle and old sessions by the clock', async () => {
    const ana = t.client();
    t.clock.now = at(100);
    await ana.signIn('ana@angram.mx');
    t.clock.now = at(100 + 119);
    expect((await ana.get('/admin/meetings')).status).toBe(200);
    t.clock.now = at(100 + 119 + 121);
    const idle = await ana.get('/admin/meetings');
    expect(idle.status).toBe(303);
    expect(idle.location).toBe('/admin/login?next=%2Fadmin%2Fmeetings&reason=expired');
    expect(ana.cookies.has('angram_admin_session')).toBe(false);

    const busy = t.client();
    t.clock.now = at(1000);
    await busy.signIn('ana@angram.mx');
    for (let hour = 1; hour <= 11; hour += 1) {
      t.clock.now = at(1000 + hour * 60);
      expect((await busy.get('/admin/contacts')).status, `hora ${hour}`).toBe(200);
    }
    t.clock.now = at(1000 + 12 * 60);
    expect((await busy.get('/admin/contacts')).status).toBe(303);
    t.clock.now = at(10);
  });

  it('refuses forms without the right CSRF token, and cross-site posts', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const lead = ids[1] as number;
    for (const csrf of [null, '', 'x'.repeat(43)]) {
      const answer = await ana.post(`/admin/contacts/${lead}/notes`, { note: 'sin token' }, { csrf });
      expect(answer.status).toBe(403);
      expect(answer.text).toContain('El formulario no es válido o caducó');
    }
    const cross = await ana.post(
      `/admin/contacts/${lead}/notes`,
      { note: 'desde otro sitio' },
      { headers: { 'Sec-Fetch-Site': 'cross-site' } },
    );
    expect(cross.status).toBe(403);
    const notes = await t.api.rows(
      'SELECT body FROM inbox_lead_events WHERE kind = $1 AND body LIKE $2',
      'note',
      '%sitio%',
    );
    expect(notes).toEqual([]);
    // The sign-in form: no cookie, no token.
    const stranger = t.client();
    expect((await stranger.post('/admin/login', { email: 'ana@angram.mx', password: TEST_PASSWORD })).status).toBe(403);
  });

  it('gives sales a 403 on account management', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    expect((await ana.get('/admin/users')).status).toBe(403);
    expect(
      (await ana.post('/admin/users', { email: 'x@angram.mx', name: 'X', role: 'admin', password: TEST_PASSWORD }))
        .status,
    ).toBe(403);
    expect(await t.api.rows('SELECT 1 FROM inbox_users WHERE email = $1', 'x@angram.mx')).toEqual([]);
  });

  it('throttles wrong passwords per account and per address, never locking out a trusted browser', async () => {
    await t.createUser('throttle@angram.mx', 'sales');
    const owner = t.client();
    expect((await owner.signIn('throttle@angram.mx')).status).toBe(303);
    await owner.post('/admin/logout', {});
    const attacker = t.client();
    t.clock.now = at(2000);
    for (let i = 0; i < 5; i += 1) {
      const answer = await attacker.signIn('throttle@angram.mx', `mal-${i}`);
      expect(answer.status).toBe(401);
      expect(answer.text).toContain('Las credenciales proporcionadas son incorrectas.');
    }
    const blocked = await attacker.signIn('throttle@angram.mx', TEST_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('30');
    expect(blocked.text).toContain('Demasiados intentos fallidos. Espera 1 minuto');
    // The owner's browser has its own counter.
    expect((await owner.signIn('throttle@angram.mx')).status).toBe(303);
    // The wait doubles and is capped; after it the attacker is checked again.
    t.clock.now = at(2000.5);
    expect((await attacker.signIn('throttle@angram.mx', 'mal-6')).status).toBe(401);
    expect((await attacker.signIn('throttle@angram.mx', 'mal-7')).status).toBe(429);
    t.clock.now = at(2001.5);
    expect((await attacker.signIn('throttle@angram.mx', TEST_PASSWORD)).status).toBe(303);
    // An unknown account is throttled the same way (nothing tells which e-mails exist).
    const guesser = t.client();
    for (let i = 0; i < 5; i += 1) expect((await guesser.signIn('nadie@angram.mx', `x-${i}`)).status).toBe(401);
    expect((await guesser.signIn('nadie@angram.mx', 'x')).status).toBe(429);
    t.clock.now = at(10);
  });

  it('manages accounts: create, edit, reset, disable (sessions end), and keeps one admin', async () => {
    const dir = t.client();
    await dir.signIn('dir@angram.mx');
    await dir.get('/admin/users');
    expect(
      (await dir.post('/admin/users', { email: 'no-es-correo', name: '', role: 'root', password: 'corta' })).status,
    ).toBe(422);
    const created = await dir.post('/admin/users', {
      email: 'Nuevo@Angram.mx',
      name: 'Luis Nuevo',
      role: 'sales',
      password: 'Una clave bastante larga',
    });
    expect(created.status).toBe(303);
    const userPath = (created.location ?? '').split('?')[0] ?? '';
    expect(
      (
        await dir.post('/admin/users', {
          email: 'nuevo@angram.mx',
          name: 'Otro',
          role: 'sales',
          password: 'Una clave bastante larga',
        })
      ).status,
    ).toBe(409);
    const luis = t.client();
    expect((await luis.signIn('nuevo@angram.mx', 'Una clave bastante larga')).status).toBe(303);
    await dir.get(userPath);
    expect((await dir.post(`${userPath}/disable`, {})).status).toBe(303);
    expect((await luis.get('/admin/contacts')).status).toBe(303);
    expect((await luis.signIn('nuevo@angram.mx', 'Una clave bastante larga')).status).toBe(401);
    await dir.get(userPath);
    expect((await dir.post(`${userPath}/enable`, {})).status).toBe(303);
    expect((await dir.post(`${userPath}/password`, { password: 'Otra clave distinta 2026' })).status).toBe(303);
    expect((await luis.signIn('nuevo@angram.mx', 'Otra clave distinta 2026')).status).toBe(303);
    // The last active admin can be neither demoted nor disabled.
    const self = await dir.get('/admin/users');
    const dirPath = /href="(\/admin\/users\/\d+)">Dirección</.exec(self.text)?.[1] ?? '';
    await dir.get(dirPath);
    expect((await dir.post(dirPath, { name: 'Dirección', role: 'sales' })).status).toBe(422);
    expect((await dir.post(`${dirPath}/disable`, {})).status).toBe(422);
  });

  it('changes one’s own password and signs out everywhere', async () => {
    await t.createUser('propia@angram.mx', 'sales');
    const [laptop, phone] = [t.client(), t.client()];
    await laptop.signIn('propia@angram.mx');
    await phone.signIn('propia@angram.mx');
    await laptop.get('/admin/account');
    const wrong = await laptop.post('/admin/account/password', {
      current: 'no',
      password: 'Nueva clave segura 1',
      confirm: 'Nueva clave segura 1',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('La contraseña actual no es correcta.');
    const changed = await laptop.post('/admin/account/password', {
      current: TEST_PASSWORD,
      password: 'Nueva clave segura 1',
      confirm: 'Nueva clave segura 1',
    });
    expect(changed.status).toBe(303);
    expect((await laptop.get('/admin/account')).status).toBe(200);
    expect((await phone.get('/admin/account')).status).toBe(303);
    await phone.signIn('propia@angram.mx', 'Nueva clave segura 1');
    await laptop.post('/admin/logout-everywhere', {});
    expect((await phone.get('/admin/contacts')).status).toBe(303);
  });

  it('marks cookies Secure behind an HTTPS proxy it trusts', async () => {
    const proxied = await startTestAdmin(engine, { TRUST_PROXY: '1' });
    try {
      const answer = await proxied.client().get('/admin/login', { 'X-Forwarded-Proto': 'https' });
      expect(answer.headers.getSetCookie().join('\n')).toMatch(/; Secure$/m);
      const plain = await proxied.client().get('/admin/login');
      expect(plain.headers.getSetCookie().join('\n')).not.toContain('Secure');
    } finally {
      await proxied.dispose();
    }
  });
});
