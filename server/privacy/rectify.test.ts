/**
 * Rectification from the lead page on both engines, end to end: a lead sent through the real API (a meeting,
 * its two e-mails written as .eml), worked in the real inbox (a note quoting her, a note on someone else's
 * lead quoting her, the 8:00 digest naming her meeting), then her name, e-mail, company and phone corrected.
 * Afterwards the search finds her by the new values and never by the old ones, her score is the new data's,
 * and the old values are nowhere: not in the database's files, not in any row, not in the outbox folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, VALID, waitFor } from '../testing/api.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { sendDigests } from '../admin/digest.ts';
import { createDigestStore } from '../admin/store/digests.ts';
import { createUserStore } from '../admin/store/users.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadFromRow } from '../lead/store.ts';
import { leadIndexColumns } from '../lead/search.ts';
import { silentLogger } from '../log/logger.ts';
import { scanDirectory, scanPostgres, scanRows, scanSqlite } from './testing/scan.ts';

const BEFORE = {
  name: 'Mónica Treviño',
  folded: 'monica trevino',
  email: 'monica@ferremax.mx',
  company: 'Ferremax Monterrey',
  phone: '81 8765 4321',
  digits: '8187654321',
};
const AFTER = {
  name: 'Zacarías Yáñez',
  email: 'zacarias@aceroslagos.mx',
  company: 'Aceros Lagos',
  phone: '33 2468 1357',
};
const NEEDLES = [BEFORE.name, BEFORE.folded, BEFORE.email, BEFORE.company, BEFORE.phone, BEFORE.digits];

const refsOf = (text: string) => [...text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));

describe.each(TEST_ENGINES)('rectification rewrites everything derived (%s)', (engine) => {
  let t: TestAdmin;
  let admin: AdminClient;
  let monica: number;
  let jorge: number;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const [dir] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'dir@angram.mx');
    const send = async (action: string, body: object) => {
      const answer = await t.api.post(`/api/webSite/${action}`, body, { Referer: 'https://www.angram.mx/contacto' });
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    monica = await send('contactBig', {
      ...VALID.big,
      name: BEFORE.name,
      email: BEFORE.email,
      company: BEFORE.company,
      phone: BEFORE.phone,
      appointmentDate: OPEN_SLOT,
      message: `Soy ${BEFORE.name} de ${BEFORE.company}; llámenme al ${BEFORE.phone}.`,
    });
    jorge = await send('contactBig', { ...VALID.big, phone: '55 1234 5678' });
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 4,
      'four .eml written',
    );
    admin = t.client();
    await admin.signIn('dir@angram.mx');
    await admin.get(`/admin/contacts/${monica}`);
    await admin.post(`/admin/contacts/${monica}/notes`, { note: `Hablé con ${BEFORE.name} al ${BEFORE.digits}.` });
    await admin.get(`/admin/contacts/${monica}`);
    expect(
      (await admin.post(`/admin/contacts/${monica}/assignee`, { assignee: String(dir?.id), version: '0' })).status,
    ).toBe(303);
    const day = OPEN_SLOT.slice(0, 10);
    const digests = {
      users: createUserStore(t.api.storage),
      digests: createDigestStore(t.api.storage),
      mail: t.api.inboxMail,
      logger: silentLogger,
    };
    expect((await sendDigests(digests, day, new Date(`${day}T14:00:00.000Z`))).queued).toBe(1);
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 5,
      'the digest written as .eml',
    );
    await admin.get(`/admin/contacts/${jorge}`);
    await admin.post(`/admin/contacts/${jorge}/notes`, {
      note: `Nos lo recomendó ${BEFORE.name} (${BEFORE.email}, tel. ${BEFORE.phone}).`,
    });
    // Two leads, five e-mails and the inbox's work: more than the default hook time on a busy machine.
  }, 60_000);

  afterAll(async () => {
    await t.dispose();
  });

  const found = async (q: string) => refsOf((await admin.get(`/admin/contacts?q=${encodeURIComponent(q)}`)).text);

  it('leaves no old value in the search, the score, the rows, the outbox folder or the files', async () => {
    const diskFindings = async () =>
      engine === 'sqlite' ? scanSqlite(t.api.config.databasePath, NEEDLES) : scanPostgres(t.api.storage, NEEDLES);
    expect(await found('monica')).toEqual([monica]);
    expect(Object.keys(scanDirectory(t.api.config.outboxDir, NEEDLES))).toHaveLength(3);

    const page = await admin.get(`/admin/contacts/${monica}`);
    const version = (/name="version" value="(\[[^"]*\])"/.exec(page.text)?.[1] ?? '').replaceAll('&quot;', '"');
    const fixed = await admin.post(`/admin/contacts/${monica}/contact`, { version, ...AFTER, arco: '1' });
    expect(fixed.status).toBe(303);

    for (const q of ['zacarias', 'yanez', 'Zacarías Yáñez', AFTER.phone, AFTER.email, 'aceros lagos'])
      expect(await found(q), q).toEqual([monica]);
    for (const q of ['monica', 'mónica treviño', BEFORE.phone, BEFORE.email, 'ferremax'])
      expect(await found(q), q).toEqual([]);
    const [row] = await t.api.rows('SELECT * FROM leads WHERE id = $1', monica);
    const lead = leadFromRow(row);
    expect(lead.fields.message).toBe(`Soy ${AFTER.name} de ${AFTER.company}; llámenme al ${lead.phone}.`);
    expect(row?.score).toBe(leadIndexColumns(lead, t.api.config.facts).score);

    expect(await scanRows(t.api.storage, NEEDLES)).toEqual({});
    expect(scanDirectory(t.api.config.outboxDir, NEEDLES)).toEqual({});
    expect(await diskFindings()).toEqual({});

    // The e-mails and the digest say the new name; the others' notes quote the new values.
    const [digest] = await t.api.rows<{ message: string }>('SELECT message FROM outbox WHERE lead_id IS NULL');
    expect(digest?.message).toContain(AFTER.name);
    // The internal notice and the digest, written again (the client's confirmation repeats nothing she typed).
    expect(Object.keys(scanDirectory(t.api.config.outboxDir, [AFTER.name]))).toHaveLength(2);
    const [note] = await t.api.rows<{ body: string }>('SELECT body FROM inbox_lead_events WHERE lead_id = $1', jorge);
    expect(note?.body).toContain(AFTER.name);
    expect(note?.body).toContain(AFTER.email);
  });
});
