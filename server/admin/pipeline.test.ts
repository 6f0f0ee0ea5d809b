/**
 * The inbox as a sales pipeline, over HTTP on both storage engines: search as people type names and phones,
 * «Asignarme», «Mis leads», the next step with «Hoy» and «Vencidos», the deal's value on the dashboard and
 * in the CSV, an e-mail to the client through the outbox, duplicates and merging, the board, and hostile
 * text (a NUL, a line break in a subject) refused with a Spanish message instead of a failed write, also
 * when it arrives in a form kept across an expired session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { ERRORS } from '../errors.ts';
import { silentLogger } from '../log/logger.ts';
import { sendDigests, startDigest } from './digest.ts';
import { createDigestStore } from './store/digests.ts';
import { createUserStore } from './store/users.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const refsOf = (text: string) => [...text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));

describe.each(TEST_ENGINES)('sales pipeline (%s)', (engine) => {
  let t: TestAdmin;
  let anaId: number;
  const lead = { alvaro: 0, oscar: 0, lucia: 0, luciaAgain: 0 };
  const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

  async function post(action: string, body: object): Promise<number> {
    const answer = await t.api.post(`/api/webSite/${action}`, body, { Referer: 'https://www.angram.mx/contacto' });
    expect(answer.status).toBe(201);
    return Number(answer.body.id);
  }

  async function signedIn(email = 'ana@angram.mx'): Promise<AdminClient> {
    const client = t.client();
    expect((await client.signIn(email)).status).toBe(303);
    return client;
  }

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    await t.createUser('beto@angram.mx', 'sales', 'Beto Ramos');
    const [ana] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'ana@angram.mx');
    anaId = Number(ana?.id);
    lead.alvaro = await post('contactBig', {
      ...VALID.big,
      name: 'Álvaro Núñez Treviño',
      email: 'alvaro@constructoranunez.mx',
      company: 'Constructora Núñez',
      phone: '55 1234 5678',
      message: 'Queremos una app para el ñandú de la granja y las bodegas de Querétaro.',
    });
    t.clock.now = at(1);
    lead.oscar = await post('contactBig', {
      ...VALID.big,
      name: 'ÓSCAR PEÑA',
      email: 'oscar@pena.mx',
      company: 'Peña Hermanos',
      phone: '+52 33 9876 5432',
    });
    t.clock.now = at(2);
    lead.lucia = await post('contactSmall', VALID.small);
    t.clock.now = at(3);
    lead.luciaAgain = await post('contactSmall', {
      ...VALID.small,
      email: VALID.small.email.toUpperCase(),
      message: 'Les escribo otra vez: ¿recibieron mi solicitud?',
    });
    t.clock.now = at(10);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('finds a lead however its name, phone or message is typed, with or without accents', async () => {
    const ana = await signedIn();
    const found = async (q: string) => refsOf((await ana.get(`/admin/contacts?q=${encodeURIComponent(q)}`)).text);
    for (const q of ['Álvaro', 'álvaro', 'ÁLVARO', 'alvaro', 'nunez trevino', 'Núñez', 'ñandú', 'nandu', 'QUERETARO'])
      expect(await found(q), q).toEqual([lead.alvaro]);
    for (const q of ['5512345678', '55 1234 5678', '+52 55 1234 5678', '+525512345678'])
      expect(await found(q), q).toEqual([lead.alvaro]);
    expect(await found('óscar')).toEqual([lead.oscar]);
    expect(await found('oscar pena')).toEqual([lead.oscar]);
    expect(await found('3398765432')).toEqual([lead.oscar]);
    // Every word must appear: a name with the wrong surname finds nobody.
    expect(await found('alvaro pena')).toEqual([]);
    // A NUL cannot even be compared on PostgreSQL: the search is ignored and said so, not a 500.
    const nul = await ana.get('/admin/contacts?q=Ana%00');
    expect(nul.status).toBe(200);
    expect(nul.text).toContain('Se ignoró una búsqueda con caracteres que no se pueden buscar.');
  });

  it('shows call and WhatsApp links with the greeting, on the list and on the lead', async () => {
    const ana = await signedIn();
    const list = await ana.get(`/admin/contacts?q=alvaro`);
    expect(list.text).toContain('href="tel:+525512345678"');
    const page = await ana.get(`/admin/contacts/${lead.alvaro}`);
    const whatsapp = /href="(https:\/\/wa\.me\/525512345678\?text=[^"]+)"/.exec(page.text)?.[1];
    expect(whatsapp).toBeDefined();
    const greeting = decodeURIComponent(
      new URL((whatsapp ?? '').replaceAll('&amp;', '&')).searchParams.get('text') ?? '',
    );
    expect(greeting).toContain('Álvaro Núñez Treviño');
    expect(greeting).toContain('Ana López');
  });

  it('works a day: Asignarme, Mis leads, the next step due Hoy and then Vencidos, done', async () => {
    const ana = await signedIn();
    const list = await ana.get('/admin/contacts');
    expect(list.text).toContain('Asignarme');
    const assigned = await ana.post(`/admin/contacts/${lead.oscar}/assignee`, {
      assignee: String(anaId),
      version: '0',
      back: '/admin/contacts?orden=puntuacion',
    });
    expect(assigned.status).toBe(303);
    expect(assigned.location).toMatch(/^\/admin\/contacts\?orden=puntuacion&aviso=asignado&lead=\d+#lead-\d+$/);
    const mine = await ana.get(`/admin/contacts?assignee=${anaId}`);
    expect(refsOf(mine.text)).toEqual([lead.oscar]);
    expect(mine.text).toMatch(/aria-current="page">Mis leads</);

    await ana.get(`/admin/contacts/${lead.oscar}`);
    const today = '2026-11-23';
    const saved = await ana.post(`/admin/contacts/${lead.oscar}/deal`, {
      version: '0',
      value: '$150,000',
      closeDate: '2026-12-15',
      nextStepDate: today,
      nextStep: 'Llamar para revisar la propuesta',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/admin/contacts/${lead.oscar}?aviso=trato#trato`);
    const page = await ana.get(`/admin/contacts/${lead.oscar}`);
    expect(page.text).toContain('$150,000');
    expect(page.text).toContain('15/12/2026');
    expect(page.text).toContain('Vence hoy');
    expect(page.text).toContain('actualizó el trato: valor $150,000 MXN; cierre esperado el 15/12/2026.');

    const hoy = await ana.get(`/admin/contacts?assignee=${anaId}&vista=hoy`);
    expect(refsOf(hoy.text)).toEqual([lead.oscar]);
    expect(hoy.text).toMatch(/Hoy <span class="count count-today">1<\/span>/);
    expect(refsOf((await ana.get(`/admin/contacts?assignee=${anaId}&vista=vencidos`)).text)).toEqual([]);

    // The next morning, still not done: overdue.
    t.clock.now = new Date('2026-11-24T15:00:00.000Z');
    const tomorrow = await signedIn();
    expect(refsOf((await tomorrow.get(`/admin/contacts?assignee=${anaId}&vista=hoy`)).text)).toEqual([]);
    const overdue = await tomorrow.get(`/admin/contacts?assignee=${anaId}&vista=vencidos`);
    expect(refsOf(overdue.text)).toEqual([lead.oscar]);
    expect(overdue.text).toContain('Vencido');

    await tomorrow.get(`/admin/contacts/${lead.oscar}`);
    const done = await tomorrow.post(`/admin/contacts/${lead.oscar}/step-done`, { version: '1' });
    expect(done.status).toBe(303);
    expect(refsOf((await tomorrow.get(`/admin/contacts?assignee=${anaId}&vista=vencidos`)).text)).toEqual([]);
    const after = await tomorrow.get(`/admin/contacts/${lead.oscar}`);
    expect(after.text).toContain('marcó como hecho el siguiente paso');
    // The value stays when the step is done.
    expect(after.text).toContain('$150,000');
    t.clock.now = at(10);
  });

  it('sends each person one digest a day of their due follow-ups, however many instances try at 8:00', async () => {
    const ana = await signedIn();
    const page = await ana.get(`/admin/contacts/${lead.oscar}`);
    const version =
      /action="\/admin\/contacts\/\d+\/deal">\s*<input[^>]+><input type="hidden" name="version" value="(\d+)">/.exec(
        page.text,
      )?.[1];
    const saved = await ana.post(`/admin/contacts/${lead.oscar}/deal`, {
      version: version ?? '',
      value: '150000',
      closeDate: '2026-12-15',
      nextStepDate: '2026-11-24',
      nextStep: 'Enviar la propuesta firmada',
    });
    expect(saved.status).toBe(303);
    const morning = new Date('2026-11-25T14:00:00.000Z'); // 8:00 in Mexico City
    // Two instances at once, each with its own connections' view of the same database.
    const services = () => ({
      users: createUserStore(t.api.storage),
      digests: createDigestStore(t.api.storage),
      mail: t.api.inboxMail,
      logger: silentLogger,
    });
    const outcomes = await Promise.all([
      sendDigests(services(), '2026-11-25', morning),
      sendDigests(services(), '2026-11-25', morning),
    ]);
    const total = (key: string) => outcomes.reduce((sum, outcome) => sum + (outcome[key] ?? 0), 0);
    expect(total('queued')).toBe(1);
    expect(total('nothing-due')).toBe(2); // Dirección and Beto, once each
    expect(total('already-done')).toBe(3);
    const rows = await t.api.rows<{ recipient: string; subject: string; message: string; lead_id: number | null }>(
      "SELECT recipient, subject, message, lead_id FROM outbox WHERE subject LIKE 'Tu día en ventas%'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.recipient).toBe('ana@angram.mx');
    expect(rows[0]?.lead_id).toBeNull();
    const text = (JSON.parse(rows[0]?.message ?? '{}') as { text?: string }).text ?? '';
    expect(text).toContain('PENDIENTES VENCIDOS');
    expect(text).toContain(`CONT-${lead.oscar} · ÓSCAR PEÑA: Enviar la propuesta firmada (24/11/2026)`);
    // The same day again: nothing; the next day, still overdue, one more.
    expect((await sendDigests(services(), '2026-11-25', morning)).queued).toBe(0);
    expect((await sendDigests(services(), '2026-11-26', new Date('2026-11-26T14:00:00.000Z'))).queued).toBe(1);
    // Done: nothing due any more, and no digest the day after.
    await ana.get(`/admin/contacts/${lead.oscar}`);
    const after =
      /name="version" value="(\d+)"><button class="btn btn-outline" type="submit">Marcar el siguiente paso/.exec(
        (await ana.get(`/admin/contacts/${lead.oscar}`)).text,
      )?.[1];
    expect((await ana.post(`/admin/contacts/${lead.oscar}/step-done`, { version: after ?? '' })).status).toBe(303);
    expect((await sendDigests(services(), '2026-11-27', new Date('2026-11-27T14:00:00.000Z'))).queued).toBe(0);
  });

  it('runs the digest as a daily job from 8:00 to noon, once across instances', async () => {
    const services = {
      users: createUserStore(t.api.storage),
      digests: createDigestStore(t.api.storage),
      mail: t.api.inboxMail,
      logger: silentLogger,
    };
    const clock = { now: new Date('2026-11-28T13:59:00.000Z') }; // 7:59 in Mexico City
    const instances = [1, 2].map(() =>
      startDigest(t.api.storage, services, () => clock.now, { firstCheckMs: 60 * 60 * 1000 }),
    );
    try {
      expect(await instances[0]?.check()).toEqual({ ran: false, reason: 'outside-window' });
      clock.now = new Date('2026-11-28T14:00:00.000Z');
      const outcomes = await Promise.all(instances.map((job) => job.check()));
      expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.ran)).toMatchObject({ result: { failed: 0 } });
      clock.now = new Date('2026-11-29T18:00:00.000Z'); // noon: too late for that day
      expect(await instances[1]?.check()).toEqual({ ran: false, reason: 'outside-window' });
    } finally {
      await Promise.all(instances.map((job) => job.stop()));
    }
  });

  it('refuses a wrong deal with Spanish messages and keeps what was typed', async () => {
    const ana = await signedIn();
    await ana.get(`/admin/contacts/${lead.alvaro}`);
    const wrong = await ana.post(`/admin/contacts/${lead.alvaro}/deal`, {
      version: '0',
      value: 'mucho dinero',
      closeDate: '2099-01-01',
      nextStepDate: '',
      nextStep: 'Llamar\u0000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('Escribe el valor en pesos, solo con números');
    expect(wrong.text).toContain('está a más de cinco años de hoy');
    expect(wrong.text).toContain('value="mucho dinero"');
    const tooMuch = await ana.post(`/admin/contacts/${lead.alvaro}/deal`, { version: '0', value: '1000000000' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.text).toContain('El valor puede ser como máximo $999,999,999');
    const noDate = await ana.post(`/admin/contacts/${lead.alvaro}/deal`, { version: '0', nextStep: 'Llamar' });
    expect(noDate.status).toBe(422);
    expect(noDate.text).toContain('Elige la fecha del siguiente paso.');
    const rows = await t.api.rows('SELECT value_mxn FROM pipeline_deals WHERE lead_id = $1', lead.alvaro);
    expect(rows.every((row) => row.value_mxn === null)).toBe(true);
  });

  it('refuses a note with a NUL, a half emoji or too long, with a Spanish message (never a 500)', async () => {
    const ana = await signedIn();
    await ana.get(`/admin/contacts/${lead.alvaro}`);
    const nul = await ana.post(`/admin/contacts/${lead.alvaro}/notes`, { note: 'Llamó\u0000 hoy' });
    expect(nul.status).toBe(422);
    expect(nul.text).toContain('Llamó hoy'); // shown again without the NUL
    expect(nul.text).toMatch(/caracteres de control/i);
    const body = `csrf=${encodeURIComponent(ana.lastCsrf() ?? '')}&note=%F0%9F%98%80%ED%A0%80`;
    const broken = await fetch(`${t.url}/admin/contacts/${lead.alvaro}/notes`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: [...ana.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; '),
      },
      body,
    });
    expect(broken.status).not.toBe(500);
    const long = await ana.post(`/admin/contacts/${lead.alvaro}/notes`, { note: 'ñ'.repeat(5001) });
    expect(long.status).toBe(422);
    expect(long.text).toContain('La nota puede tener como máximo 5,000 caracteres (tiene 5,001).');
  });

  it('answers hostile text in the sign-in and account forms with a Spanish message, never a 500', async () => {
    const guest = t.client();
    await guest.get('/admin/login');
    const login = await guest.post('/admin/login', { email: 'ana@angram.mx\u0000', password: 'x\u0000y' });
    expect(login.status).toBe(422);
    expect(login.text).toContain('El correo tiene caracteres que una dirección no puede tener.');
    const dir = await signedIn('dir@angram.mx');
    await dir.get('/admin/users');
    const created = await dir.post('/admin/users', {
      email: 'nuevo\u0000@angram.mx',
      name: 'Nombre\u0000raro',
      role: 'sales',
      password: 'Clave de prueba 2026!',
    });
    expect(created.status).toBe(422);
    const [anaRow] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'ana@angram.mx');
    await dir.get(`/admin/users/${anaRow?.id}`);
    const renamed = await dir.post(`/admin/users/${anaRow?.id}`, { name: 'Ana\u0000 López', role: 'sales' });
    expect(renamed.status).toBe(422);
    const [row] = await t.api.rows<{ name: string }>('SELECT name FROM inbox_users WHERE id = $1', anaRow?.id ?? 0);
    expect(row?.name).toBe('Ana López');
  });

  it('keeps a note typed while the session expired and applies it after signing in; a NUL in it is refused there', async () => {
    const ana = await signedIn();
    await ana.get(`/admin/contacts/${lead.lucia}`);
    t.clock.now = at(10 + 121);
    const kept = await ana.post(`/admin/contacts/${lead.lucia}/notes`, { note: 'Quiere cotización para marzo.' });
    expect(kept.status).toBe(303);
    expect(kept.location).toBe(`/admin/login?next=%2Fadmin%2Fcontacts%2F${lead.lucia}&reason=saved`);
    await ana.signIn('ana@angram.mx');
    const applied = await ana.get(`/admin/contacts/${lead.lucia}`);
    expect(applied.status).toBe(303);
    const page = await ana.get(applied.location ?? '');
    expect(page.text).toContain('Quiere cotización para marzo.');

    t.clock.now = at(10 + 121 + 121);
    const hostile = await ana.post(`/admin/contacts/${lead.lucia}/notes`, {
      note: 'Nota\u0000 rara',
      ['x\u0000']: 'y',
    });
    expect(hostile.status).toBe(303);
    await ana.signIn('ana@angram.mx');
    const refused = await ana.get(`/admin/contacts/${lead.lucia}`);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Nota rara');
    t.clock.now = at(10);
  });

  it('e-mails the client from a template through the outbox, Reply-To the salesperson, in the history', async () => {
    const ana = await signedIn();
    const page = await ana.get(`/admin/contacts/${lead.alvaro}?plantilla=seguimiento-propuesta`);
    expect(page.text).toContain(`Seguimiento de tu propuesta CONT-${lead.alvaro}`);
    expect(page.text).toContain('Hola, Álvaro Núñez Treviño:');
    const refused = await ana.post(`/admin/contacts/${lead.alvaro}/email`, {
      subject: 'Hola\nBcc: otro@ejemplo.com',
      body: '',
      template: 'primer-contacto',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Escribe el mensaje.');
    const sent = await ana.post(`/admin/contacts/${lead.alvaro}/email`, {
      subject: 'Tu propuesta de Angram',
      body: 'Hola, Álvaro:\n\nTe comparto la propuesta <b>revisada</b>.',
      template: 'primer-contacto',
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`/admin/contacts/${lead.alvaro}?aviso=correo#contactar`);
    const [row] = await t.api.rows<{ recipient: string; subject: string; message: string }>(
      "SELECT recipient, subject, message FROM outbox WHERE lead_id = $1 AND subject = 'Tu propuesta de Angram'",
      lead.alvaro,
    );
    expect(row?.recipient).toBe('alvaro@constructoranunez.mx');
    const message = JSON.parse(row?.message ?? '{}') as { replyTo?: string; text?: string; html?: string };
    expect(message.replyTo).toBe(`ana@angram.mx, ${t.api.config.salesEmail}`);
    expect(message.text).toContain('Te comparto la propuesta <b>revisada</b>.');
    expect(message.html).toContain('&lt;b&gt;revisada&lt;/b&gt;');
    const after = await ana.get(`/admin/contacts/${lead.alvaro}`);
    expect(after.text).toContain('Ana López</strong> envió un correo: «<bdi>Tu propuesta de Angram</bdi>»');
    expect(after.text).toContain('Correo de Ana López');
  });

  it('links duplicates by e-mail, merges one into the other with its notes, and leaves it out of the lists', async () => {
    const beto = await signedIn('beto@angram.mx');
    const page = await beto.get(`/admin/contacts/${lead.lucia}`);
    expect(page.text).toContain('Posibles duplicados');
    expect(page.text).toContain(`CONT-${lead.luciaAgain} · <bdi>Lucía Hernández</bdi>`);
    expect(page.text).toContain('mismo correo');
    // Beto does not work either lead: only an admin or the kept lead's owner may merge.
    expect(page.text).not.toContain(`merge?otro=${lead.luciaAgain}`);
    await beto.get(`/admin/contacts/${lead.luciaAgain}`);
    await beto.post(`/admin/contacts/${lead.luciaAgain}/notes`, { note: 'Segunda solicitud, misma persona.' });
    const refused = await beto.post(`/admin/contacts/${lead.lucia}/merge`, { otro: String(lead.luciaAgain) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(ERRORS.inboxMergeNotAllowed.message({ leadId: lead.lucia }));
    expect(refused.text).toContain('Posibles duplicados');

    const dir = await signedIn('dir@angram.mx');
    const confirm = await dir.get(`/admin/contacts/${lead.lucia}/merge?otro=${lead.luciaAgain}`);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain(`CONT-${lead.luciaAgain}`);
    expect((await dir.get(`/admin/contacts/${lead.lucia}/merge?otro=abc`)).status).toBe(404);
    const merged = await dir.post(`/admin/contacts/${lead.lucia}/merge`, { otro: String(lead.luciaAgain) });
    expect(merged.status).toBe(303);
    expect(merged.location).toBe(`/admin/contacts/${lead.lucia}?aviso=unido#historial`);
    const kept = await dir.get(`/admin/contacts/${lead.lucia}`);
    expect(kept.text).toContain('Segunda solicitud, misma persona.');
    expect(kept.text).toContain('Les escribo otra vez: ¿recibieron mi solicitud?');
    expect(kept.text).toContain(`unió CONT-${lead.luciaAgain} (Lucía Hernández) a este lead.`);
    expect(kept.text).not.toContain('Posibles duplicados');
    expect(refsOf((await dir.get('/admin/contacts?q=lucia')).text)).toEqual([lead.lucia]);
    // Merging it again, or a lead into itself, is refused.
    expect((await dir.post(`/admin/contacts/${lead.lucia}/merge`, { otro: String(lead.luciaAgain) })).status).toBe(409);
    const itself = await dir.post(`/admin/contacts/${lead.lucia}/merge`, { otro: String(lead.lucia) });
    expect(itself.status).toBe(409);
    expect(itself.text).toContain(ERRORS.inboxMergeSelf.message({ leadId: lead.lucia }));
  });

  it('links a lead that left the same phone, and finds leads stored before the search columns existed', async () => {
    const again = await post('contactBig', {
      ...VALID.big,
      name: 'Álvaro Núñez',
      email: 'compras@constructoranunez.mx',
      company: 'Constructora Núñez',
      phone: '+52 (55) 1234-5678',
    });
    const ana = await signedIn();
    const page = await ana.get(`/admin/contacts/${lead.alvaro}`);
    expect(page.text).toContain(`CONT-${again} · <bdi>Álvaro Núñez</bdi>`);
    expect(page.text).toContain('· mismo teléfono</span>');
    expect(page.text).not.toContain('· mismo correo');

    // A lead from before the migration: no folded text, no score. The inbox indexes it before listing.
    await t.api.storage.run('UPDATE leads SET search_text = NULL, score = NULL WHERE id = $1', [lead.alvaro]);
    expect(refsOf((await ana.get('/admin/contacts?q=QUERÉTARO')).text)).toEqual([lead.alvaro]);
    const [row] = await t.api.rows<{ search_text: string | null; score: number | null }>(
      'SELECT search_text, score FROM leads WHERE id = $1',
      lead.alvaro,
    );
    expect(row?.search_text).toContain('queretaro');
    expect(row?.score).toEqual(expect.any(Number));
  });

  it('moves a card on the board with a plain form, and shows the value on the dashboard and in the CSV', async () => {
    const ana = await signedIn();
    const board = await ana.get('/admin/board');
    expect(board.status).toBe(200);
    expect(board.text).toContain('ÓSCAR PEÑA');
    expect(board.text).toContain('$150,000');
    // The card's own form: its version and the statuses it may go to (a lead becomes «Ganado» after a proposal).
    const versionOf = (text: string) =>
      new RegExp(
        `action="/admin/contacts/${lead.oscar}/status" class="move">\\s*<input[^>]+><input type="hidden" name="version" value="(\\d+)">`,
      ).exec(text)?.[1];
    const first = await ana.post(`/admin/contacts/${lead.oscar}/status`, {
      status: 'propuesta',
      version: versionOf(board.text) ?? '',
      back: '/admin/board',
    });
    expect(first.status).toBe(303);
    expect(first.location).toMatch(new RegExp(`^/admin/board\\?aviso=estado&lead=${lead.oscar}#lead-${lead.oscar}$`));
    const moved = await ana.get(first.location ?? '');
    expect(moved.text).toContain('<option value="ganado">Ganado</option>');
    const won = await ana.post(`/admin/contacts/${lead.oscar}/status`, {
      status: 'ganado',
      version: versionOf(moved.text) ?? '',
      back: '/admin/board',
    });
    expect(won.status).toBe(303);
    const dashboard = await ana.get('/admin/dashboard');
    expect(dashboard.text).toMatch(/Ganado en el periodo<\/dt><dd>\$150,000/);
    expect(dashboard.text).toMatch(/Tasa de éxito \(por número\)<\/dt><dd>100/);
    const csv = (await ana.get(`/admin/contacts/export.csv?q=oscar`)).text;
    const [header = '', line = ''] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/Estado.*Responsable.*Motivo de pérdida.*Valor/);
    expect(line).toContain('Ganado');
    expect(line).toContain('Ana López');
    expect(line).toContain('150000');
    expect(line).toContain('(+52) 33 9876 5432');
  });
});
