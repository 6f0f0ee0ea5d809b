/**
 * ARCO from the command line on both engines, end to end: leads sent through the real API (a meeting, two
 * e-mails each written as .eml), worked in the real inbox (notes, a lost reason that quotes the person, a
 * note on someone else's lead that quotes them, the salesperson's 8:00 digest naming her meeting), then `find`, `export` and `cancel` as `npm run privacy`
 * runs them. Afterwards the person's name, e-mails and phone are nowhere: not in the database's files
 * (SQLite's file, WAL and shared memory; PostgreSQL's files after a checkpoint), not in any row, not in
 * the outbox folder, not in either CSV. The other person's data is untouched, and the figures stay.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, TEST_NOW, VALID, waitFor } from '../testing/api.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadFromRow } from '../lead/store.ts';
import { writeLeadsCsv } from '../lead/csv.ts';
import { createWorkStore } from '../admin/store/work.ts';
import { sendDigests } from '../admin/digest.ts';
import { createDigestStore } from '../admin/store/digests.ts';
import { createUserStore } from '../admin/store/users.ts';
import { silentLogger } from '../log/logger.ts';
import { parsePrivacyCommand } from './command/args.ts';
import { runPrivacyCommand } from './command/run.ts';
import type { Finding } from './find.ts';
import { ANONYMOUS_NAME, DIGEST_TEXT_WITHHELD, ERASED_BODY } from './registry.ts';
import { scanDirectory, scanPostgres, scanRows, scanSqlite } from './testing/scan.ts';

const LUCIA = {
  name: 'Lucía Hernández',
  email: 'lucia@ferremax.mx',
  shouted: 'LUCIA@Ferremax.MX',
  /** How the .eml's To: header writes it (the domain lower-cased). */
  header: 'LUCIA@ferremax.mx',
  phone: '81 8765 4321',
  /** How the API stores it. */
  stored: '+528187654321',
  digits: '8187654321',
  company: 'Ferremax Monterrey',
};
const NEEDLES = [LUCIA.name, LUCIA.email, LUCIA.shouted, LUCIA.header, LUCIA.phone, LUCIA.digits, LUCIA.company];
const JORGE = { ...VALID.big, name: 'Jorge Treviño', phone: '55 1234 5678' };

describe.each(TEST_ENGINES)('ARCO from the command line (%s)', (engine) => {
  let t: TestAdmin;
  let admin: AdminClient;
  let out: string;
  const lucia: number[] = [];
  let jorge: number;

  const run = async (...argv: string[]) => {
    const parsed = parsePrivacyCommand(argv, '2026-11-23');
    if (!parsed.ok) throw new Error(parsed.message);
    const lines: string[] = [];
    const code = await runPrivacyCommand(
      parsed.command,
      {
        storage: t.api.storage,
        outboxDir: t.api.config.outboxDir,
        facts: t.api.config.facts,
        retention: t.api.config.retention,
        // As the server wires it: her meeting's CANCEL invites are written before she is erased.
        beforeErasure: (leadIds) => t.api.api.cancelMeetingsBeforeErasure(leadIds),
      },
      {
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
        ask: () => Promise.reject(new Error('sin terminal')),
        interactive: false,
        now: () => t.clock.now,
      },
    );
    return { code, output: lines.join('\n') };
  };

  const diskFindings = async () =>
    engine === 'sqlite' ? scanSqlite(t.api.config.databasePath, NEEDLES) : scanPostgres(t.api.storage, NEEDLES);

  const csv = async () => {
    let text = '';
    await writeLeadsCsv(createWorkStore(t.api.storage).matching({}), t.api.config.facts, (chunk) => {
      text += chunk;
    });
    return text;
  };

  // Three leads, eight e-mails and the inbox's work: more than the default hook time on a busy machine.
  beforeAll(async () => {
    t = await startTestAdmin(engine);
    out = mkdtempSync(join(tmpdir(), 'angram-arco-'));
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const [dir] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'dir@angram.mx');
    const dirId = Number(dir?.id);
    const send = async (action: string, body: object) => {
      const answer = await t.api.post(`/api/webSite/${action}`, body, { Referer: 'https://www.angram.mx/contacto' });
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    lucia.push(
      await send('contactBig', {
        ...VALID.big,
        name: LUCIA.name,
        email: LUCIA.email,
        company: LUCIA.company,
        phone: LUCIA.phone,
        appointmentDate: OPEN_SLOT,
        message: `Soy ${LUCIA.name}; llámenme al ${LUCIA.phone}.`,
      }),
    );
    lucia.push(await send('contactSmall', { ...VALID.small, name: LUCIA.name, email: LUCIA.shouted }));
    jorge = await send('contactBig', JORGE);
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 6,
      'six .eml written',
    );
    admin = t.client();
    await admin.signIn('dir@angram.mx');
    await admin.get(`/admin/contacts/${lucia[0]}`);
    await admin.post(`/admin/contacts/${lucia[0]}/notes`, { note: `Hablé con ${LUCIA.name} al ${LUCIA.digits}.` });
    await admin.get(`/admin/contacts/${lucia[0]}`);
    await admin.post(`/admin/contacts/${lucia[0]}/status`, {
      version: '0',
      status: 'perdido',
      reason: 'otro',
      detail: `lucía hernández prefirió a otro proveedor`,
    });
    // Dirección works her lead: the next morning's digest lists her meeting by her name.
    await admin.get(`/admin/contacts/${lucia[0]}`);
    const assigned = await admin.post(`/admin/contacts/${lucia[0]}/assignee`, {
      assignee: String(dirId),
      version: '1',
    });
    expect(assigned.status).toBe(303);
    const digests = {
      users: createUserStore(t.api.storage),
      digests: createDigestStore(t.api.storage),
      mail: t.api.inboxMail,
      logger: silentLogger,
    };
    const day = OPEN_SLOT.slice(0, 10);
    expect((await sendDigests(digests, day, new Date(`${day}T14:00:00.000Z`))).queued).toBe(1);
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 7,
      'the digest written as .eml',
    );
    // An e-mail from the inbox whose subject the salesperson typed with her company in it.
    await admin.get(`/admin/contacts/${lucia[0]}`);
    const emailed = await admin.post(`/admin/contacts/${lucia[0]}/email`, {
      subject: `Propuesta para ${LUCIA.company}`,
      body: 'Hola, te comparto la propuesta.',
      template: 'primer-contacto',
    });
    expect(emailed.status, emailed.text).toBe(303);
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 8,
      'the inbox e-mail written as .eml',
    );
    await admin.get(`/admin/contacts/${jorge}`);
    await admin.post(`/admin/contacts/${jorge}/notes`, {
      note: `Nos lo recomendó ${LUCIA.name} (${LUCIA.email}, tel. +52 ${LUCIA.phone}).`,
    });
    expect(
      (
        await run(
          'register',
          '--kind',
          'cancelacion',
          '--email',
          LUCIA.email,
          '--received',
          '2026-11-20',
          '--detail',
          `Llegó por correo de ${LUCIA.name}`,
        )
      ).code,
    ).toBe(0);
  }, 60_000);

  afterAll(async () => {
    await t.dispose();
    rmSync(out, { recursive: true, force: true });
  });

  it('finds everything held about the person, matching the e-mail in any case', async () => {
    const { code, output } = await run('find', '--email', 'Lucia@FERREMAX.mx');
    expect(code).toBe(0);
    const finding = JSON.parse(output) as Finding;
    expect(finding.summary).toMatchObject({
      leads: 2,
      bookings: 1,
      meetings: 1,
      meeting_tokens: 1,
      // Four e-mails of her leads, the one the inbox sent her and the digest that named her meeting.
      outbox: 6,
      pipeline_digest_leads: 1,
      inbox_lead_state: 1,
      inbox_lead_events: 3, // two notes and the assignment
      privacy_requests: 1,
    });
    const leads = finding.tables.leads?.rows ?? [];
    expect(leads.map((row) => row.id)).toEqual(lucia);
    expect(leads[0]?.fields).toMatchObject({ name: LUCIA.name, phone: LUCIA.stored });
    const message = finding.tables.outbox?.rows[0]?.message as { text?: string } | undefined;
    expect(message?.text).toContain('CONT-');
    expect(finding.tables.inbox_lead_events?.quotedIn.map((row) => row.lead_id)).toEqual([jorge]);
    expect(finding.files.map((file) => file.name)).toEqual([
      '000001-client.eml',
      '000002-internal.eml',
      '000003-client.eml',
      '000004-internal.eml',
      '000007-internal.eml',
      '000008-client.eml',
    ]);
    // Jorge shares no phone with her; a lead with her phone under another e-mail would be listed here.
    expect(finding.samePhoneOtherEmail).toEqual([]);
  });

  it('hands the person their data as JSON and text, and records the acceso request', async () => {
    const target = join(out, `datos-${engine}.json`);
    const { code, output } = await run('export', '--email', LUCIA.email, '--out', target, '--received', '2026-11-19');
    expect(code).toBe(0);
    expect(output).toContain('Solicitud de acceso');
    const document = JSON.parse(readFileSync(target, 'utf8')) as {
      solicitudes: Array<{
        referencia: string;
        datos: Array<{ campo: string; valor: string }>;
        reunion: string | null;
      }>;
      registros: Array<{ titulo: string; filas: Array<Record<string, string>> }>;
    };
    expect(document.solicitudes.map((lead) => lead.referencia)).toEqual(lucia.map((id) => `CONT-${id}`));
    expect(document.solicitudes[0]?.datos).toContainEqual({ campo: 'Nombre completo', valor: LUCIA.name });
    expect(document.solicitudes[0]?.reunion).toContain('24 de noviembre de 2026');
    const titles = document.registros.map((record) => record.titulo);
    expect(titles).toEqual(expect.arrayContaining(['Reuniones agendadas', 'Correos', 'Historial y notas']));
    const emails = document.registros.find((record) => record.titulo === 'Correos')?.filas ?? [];
    expect(emails[0]?.['Texto del correo']).toContain('CONT-');
    // The digest is listed, but its text (about other clients too) is not handed over.
    expect(emails.filter((row) => row['Texto del correo'] === DIGEST_TEXT_WITHHELD)).toHaveLength(1);
    const text = readFileSync(join(out, `datos-${engine}.txt`), 'utf8');
    expect(text).toContain(LUCIA.name);
    expect(text).toContain('Tus datos personales en poder de Angram');
    const [request] = await t.api.rows<{ kind: string; received_on: string; due_on: string; answered_at: string }>(
      "SELECT kind, received_on, due_on, answered_at FROM privacy_requests WHERE kind = 'acceso'",
    );
    expect(request).toMatchObject({ received_on: '2026-11-19', due_on: '2026-12-17' });
    expect(request?.answered_at).toBe(TEST_NOW.toISOString());
  });

  it('erases the person everywhere: database files, rows, outbox folder and CSV, leaving the figures', async () => {
    const jorgeBefore = leadFromRow((await t.api.rows('SELECT * FROM leads WHERE id = $1', jorge))[0]);
    const jorgeFiles = ['000005-client.eml', '000006-internal.eml'].map((name) => join(t.api.config.outboxDir, name));
    const jorgeBytes = jorgeFiles.map((path) => readFileSync(path));
    // The scans see her before: they would see anything left behind.
    expect(Object.keys(await diskFindings()).length).toBeGreaterThan(0);
    expect(Object.keys(scanDirectory(t.api.config.outboxDir, NEEDLES))).toHaveLength(6);
    const [digest] = await t.api.rows<{ id: number; message: string }>(
      'SELECT id, message FROM outbox WHERE lead_id IS NULL',
    );
    expect(digest?.message).toContain(LUCIA.name);
    expect(await csv()).toContain(LUCIA.name);

    const { code, output } = await run('cancel', '--email', LUCIA.email, '--reason', `Pidió la baja ${LUCIA.name}`);
    expect(code, output).toBe(0);
    expect(output).toContain('Solicitud de cancelación');
    expect(output).toMatch(/<outbox-\d+-[0-9a-f]+@angram\.mx>|@angram\.mx>/);

    expect(await diskFindings()).toEqual({});
    expect(await scanRows(t.api.storage, NEEDLES)).toEqual({});
    expect(scanDirectory(t.api.config.outboxDir, NEEDLES)).toEqual({});
    expect(readdirSync(t.api.config.outboxDir).sort()).toEqual(['000005-client.eml', '000006-internal.eml']);
    const exported = await csv();
    for (const needle of NEEDLES) expect(exported).not.toContain(needle);
    expect(exported).toContain(JORGE.name);
    const inboxCsv = await admin.get('/admin/contacts/export.csv');
    for (const needle of NEEDLES) expect(inboxCsv.text).not.toContain(needle);

    // The figures stay: both leads, their kinds, dates, status and chosen options.
    const rows = (await t.api.rows('SELECT * FROM leads WHERE id IN ($1, $2) ORDER BY id', ...lucia)).map(leadFromRow);
    expect(rows.map((lead) => [lead.kind, lead.name, lead.email, lead.receivedAt])).toEqual([
      ['big', ANONYMOUS_NAME, '', TEST_NOW.toISOString()],
      ['small', ANONYMOUS_NAME, '', TEST_NOW.toISOString()],
    ]);
    expect(rows[0]?.fields).toEqual({
      projectType: VALID.big.projectType,
      budget: VALID.big.budget,
      timeline: VALID.big.timeline,
    });
    const [state] = await t.api.rows<{ status: string; lost_detail: string | null }>(
      'SELECT status, lost_detail FROM inbox_lead_state WHERE lead_id = $1',
      lucia[0] ?? 0,
    );
    expect(state).toEqual({ status: 'perdido', lost_detail: null });
    const mail = await t.api.rows<{ status: string; message: string; message_id: string; sent_at: string | null }>(
      'SELECT status, message, message_id, sent_at FROM outbox WHERE lead_id IN ($1, $2) ORDER BY id',
      ...lucia,
    );
    // Her five e-mails, and the three CANCEL invites of her meeting (client, team, assignee) sent first.
    expect(mail.map((row) => [row.status, row.message])).toEqual(Array(8).fill(['sent', ERASED_BODY]));
    expect(mail.every((row) => row.sent_at && row.message_id.includes('@'))).toBe(true);
    // The digest that named her keeps its delivery record, for the team's account, without its text.
    expect(await t.api.rows('SELECT recipient, status, message FROM outbox WHERE id = $1', digest?.id ?? 0)).toEqual([
      { recipient: 'dir@angram.mx', status: 'sent', message: ERASED_BODY },
    ]);
    expect(await t.api.rows('SELECT 1 FROM pipeline_digest_leads')).toEqual([]);

    // Her future meeting is cancelled: the slot is offered again.
    expect(await t.api.rows('SELECT 1 FROM bookings WHERE lead_id = $1', lucia[0] ?? 0)).toEqual([]);
    const schedule = await t.api.post('/api/webSite/scheduleAvailable', { date: OPEN_SLOT.slice(0, 10) });
    expect(schedule.body.schedule).toContain(OPEN_SLOT.slice(11));
    // Its record keeps the time but not the call's room, sends no reminder, and its manage link is gone.
    expect(await t.api.rows('SELECT status, video_url FROM meetings WHERE lead_id = $1', lucia[0] ?? 0)).toEqual([
      { status: 'cancelled', video_url: '' },
    ]);
    expect(
      await t.api.rows(
        'SELECT 1 FROM meeting_tokens WHERE meeting_id IN (SELECT id FROM meetings WHERE lead_id = $1)',
        lucia[0] ?? 0,
      ),
    ).toEqual([]);

    // Jorge is untouched, but for the quote of her in his note.
    expect(leadFromRow((await t.api.rows('SELECT * FROM leads WHERE id = $1', jorge))[0])).toEqual(jorgeBefore);
    expect(jorgeFiles.map((path) => readFileSync(path))).toEqual(jorgeBytes);
    const [note] = await t.api.rows<{ body: string }>('SELECT body FROM inbox_lead_events WHERE lead_id = $1', jorge);
    expect(note?.body).toBe('Nos lo recomendó [dato eliminado] ([dato eliminado], tel. [dato eliminado]).');

    // The request registered earlier is the one answered; the register keeps a mask of the e-mail.
    const requests = await t.api.rows<{
      kind: string;
      email: string | null;
      email_mask: string;
      detail: string;
      answered_at: string | null;
    }>('SELECT kind, email, email_mask, detail, answered_at FROM privacy_requests ORDER BY id');
    expect(requests).toEqual([
      {
        kind: 'cancelacion',
        email: null,
        email_mask: 'l***@f***.mx',
        detail: 'Pidió la baja [dato eliminado]',
        answered_at: TEST_NOW.toISOString(),
      },
      { kind: 'acceso', email: null, email_mask: 'l***@f***.mx', detail: null, answered_at: TEST_NOW.toISOString() },
    ]);
    const actions = (
      await t.api.rows<{ action: string; actor_kind: string }>('SELECT action, actor_kind FROM audit_log ORDER BY id')
    )
      .filter((entry) => entry.action.startsWith('arco_'))
      .map((entry) => `${entry.action}:${entry.actor_kind}`);
    expect(actions).toEqual([
      'arco_request:terminal',
      'arco_find:terminal',
      'arco_access:terminal',
      'arco_cancel:terminal',
    ]);
  });

  it('finds nothing of her afterwards', async () => {
    const finding = JSON.parse((await run('find', '--email', LUCIA.email)).output) as Finding;
    expect(finding.tables.leads).toBeUndefined();
    expect(finding.files).toEqual([]);
  });
});
