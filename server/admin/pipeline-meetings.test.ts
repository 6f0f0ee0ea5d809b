/**
 * Meetings in the sales pipeline, booked through the real API with a slot, on both storage engines: a merge
 * moves the dropped lead's meeting (with its booking and its changes) only to a lead without one, and the
 * moved or kept meeting still frees the right slot when cancelled; the 8:00 digest lists the day's
 * meetings as they stand (a moved one at its new time, a cancelled one not at all, one left on a merged
 * lead under the lead it went into), and to admins also those of leads nobody is assigned to; so does the
 * inbox's meetings page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { latestToken } from '../testing/meetings.ts';
import { sendDigests } from './digest.ts';
import { createDigestStore } from './store/digests.ts';
import { createUserStore } from './store/users.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const RESCHEDULE = '/api/webSite/meetingReschedule';
const CANCEL = '/api/webSite/meetingCancel';

describe.each(TEST_ENGINES)('meetings in the pipeline (%s)', (engine) => {
  let t: TestAdmin;
  let dir: AdminClient;
  let anaId: number;

  /** A lead from the small form; with a slot, it books a meeting. */
  async function send(email: string, name: string, slot?: string): Promise<number> {
    const answer = await t.api.post(
      '/api/webSite/contactSmall',
      { ...VALID.small, email, name, ...(slot ? { appointmentDate: slot } : {}) },
      { Referer: 'https://www.angram.mx/contacto' },
    );
    expect(answer.status).toBe(201);
    return Number(answer.body.id);
  }

  const token = (leadId: number) => latestToken(t.api, leadId);
  const freeAt = async (slot: string) =>
    (
      (await t.api.post('/api/webSite/scheduleAvailable', { date: slot.slice(0, 10) })).body.schedule as string[]
    ).includes(slot.slice(11));
  const meetingOf = async (leadId: number) =>
    t.api.rows<{ lead_id: number; slot: string; status: string }>(
      'SELECT lead_id, slot, status FROM meetings WHERE lead_id = $1',
      leadId,
    );

  async function merge(keep: number, drop: number): Promise<void> {
    await dir.get(`/admin/contacts/${keep}/merge?otro=${drop}`);
    const merged = await dir.post(`/admin/contacts/${keep}/merge`, { otro: String(drop) });
    expect(merged.status, merged.text).toBe(303);
  }

  async function assignToAna(leadId: number): Promise<void> {
    const page = await dir.get(`/admin/contacts/${leadId}`);
    const version = /action="\/admin\/contacts\/\d+\/assignee"[^]*?name="version" value="(\d+)"/.exec(page.text)?.[1];
    const assigned = await dir.post(`/admin/contacts/${leadId}/assignee`, {
      assignee: String(anaId),
      version: version ?? '0',
    });
    expect(assigned.status, assigned.text).toBe(303);
  }

  beforeAll(async () => {
    t = await startTestAdmin(engine, { MEETING_RATE_LIMIT_MAX: '1000' });
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    const [ana] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'ana@angram.mx');
    anaId = Number(ana?.id);
    dir = t.client();
    expect((await dir.signIn('dir@angram.mx')).status).toBe(303);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('moves the meeting, its booking and its changes to a kept lead without one; cancelling it frees the slot', async () => {
    const keep = await send('rosa@ferremax.mx', 'Rosa Gálvez');
    const drop = await send('ROSA@ferremax.mx', 'Rosa Gálvez', '2026-11-26T11:00');
    const moved = await t.api.post(RESCHEDULE, { token: await token(drop), appointmentDate: '2026-11-26T12:00' });
    expect(moved.status).toBe(200);
    const [meeting] = await meetingOf(drop);
    expect(meeting).toMatchObject({ slot: '2026-11-26T12:00', status: 'scheduled' });

    await merge(keep, drop);
    expect(await meetingOf(keep)).toEqual([{ lead_id: keep, slot: '2026-11-26T12:00', status: 'scheduled' }]);
    expect(await meetingOf(drop)).toEqual([]);
    expect(await t.api.rows('SELECT lead_id, kind FROM meeting_events WHERE lead_id IN ($1, $2)', keep, drop)).toEqual([
      { lead_id: keep, kind: 'moved' },
    ]);
    expect(await t.api.rows('SELECT lead_id, slot FROM bookings WHERE lead_id IN ($1, $2)', keep, drop)).toEqual([
      { lead_id: keep, slot: '2026-11-26T12:00' },
    ]);
    expect(await t.api.rows('SELECT appointment FROM leads WHERE id = $1', keep)).toEqual([
      { appointment: '2026-11-26T12:00' },
    ]);
    // The kept lead's page shows the meeting it took.
    expect((await dir.get(`/admin/contacts/${keep}`)).text).toContain('26 de noviembre de 2026');

    // The client's manage link still reaches the meeting; cancelling it frees the slot.
    expect(await freeAt('2026-11-26T12:00')).toBe(false);
    expect((await t.api.post(CANCEL, { token: await token(keep) })).status).toBe(200);
    expect(await freeAt('2026-11-26T12:00')).toBe(true);
    expect(await meetingOf(keep)).toEqual([{ lead_id: keep, slot: '2026-11-26T12:00', status: 'cancelled' }]);
  });

  it('keeps each meeting on its own lead when the kept lead has one, and each cancels its own slot', async () => {
    const keep = await send('tomas@ferremax.mx', 'Tomás Ibarra', '2026-11-26T13:00');
    const drop = await send('tomas@ferremax.mx', 'Tomás Ibarra', '2026-11-26T14:00');
    // The merged lead's e-mails go to the kept lead: its manage link is read before.
    const dropToken = await token(drop);
    await merge(keep, drop);
    expect(await meetingOf(keep)).toEqual([{ lead_id: keep, slot: '2026-11-26T13:00', status: 'scheduled' }]);
    expect(await meetingOf(drop)).toEqual([{ lead_id: drop, slot: '2026-11-26T14:00', status: 'scheduled' }]);
    expect(
      await t.api.rows('SELECT lead_id, slot FROM bookings WHERE lead_id IN ($1, $2) ORDER BY slot', keep, drop),
    ).toEqual([
      { lead_id: keep, slot: '2026-11-26T13:00' },
      { lead_id: drop, slot: '2026-11-26T14:00' },
    ]);
    expect(await t.api.rows('SELECT into_id FROM pipeline_merges WHERE lead_id = $1', drop)).toEqual([
      { into_id: keep },
    ]);
    // The inbox's meetings page lists both slots under the kept lead, the person sales works with.
    const agenda = (await dir.get('/admin/meetings')).text;
    const linked = [...agenda.matchAll(/href="\/admin\/contacts\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(linked.filter((id) => id === keep || id === drop)).toEqual([keep, keep]);

    // Cancelling the merged lead's meeting frees its own slot and leaves the other booked.
    expect((await t.api.post(CANCEL, { token: dropToken })).status).toBe(200);
    expect(await freeAt('2026-11-26T14:00')).toBe(true);
    expect(await freeAt('2026-11-26T13:00')).toBe(false);
    expect(await meetingOf(keep)).toEqual([{ lead_id: keep, slot: '2026-11-26T13:00', status: 'scheduled' }]);
  });

  it("lists the day's meetings in the 8:00 digest as they stand: moved at the new time, cancelled not at all", async () => {
    const day = '2026-11-25';
    const leads = {
      stays: await send('uno@ejemplo.mx', 'Irma Solís', `${day}T09:00`),
      cancelled: await send('dos@ejemplo.mx', 'Hugo Prado', `${day}T11:00`),
      movedIn: await send('tres@ejemplo.mx', 'Nadia Cerón', '2026-11-27T10:00'),
      movedOut: await send('cuatro@ejemplo.mx', 'Saúl Meza', `${day}T13:00`),
      kept: await send('cinco@ejemplo.mx', 'Elena Villa', `${day}T14:00`),
      merged: await send('cinco@ejemplo.mx', 'Elena Villa', `${day}T15:00`),
      otherDay: await send('seis@ejemplo.mx', 'Iván Ochoa', '2026-11-26T09:00'),
      unassigned: await send('siete@ejemplo.mx', 'Rocío Lara', `${day}T10:00`),
    };
    for (const id of Object.values(leads)) if (id !== leads.merged && id !== leads.unassigned) await assignToAna(id);
    expect((await t.api.post(CANCEL, { token: await token(leads.cancelled) })).status).toBe(200);
    expect(
      (await t.api.post(RESCHEDULE, { token: await token(leads.movedIn), appointmentDate: `${day}T16:00` })).status,
    ).toBe(200);
    expect(
      (await t.api.post(RESCHEDULE, { token: await token(leads.movedOut), appointmentDate: '2026-11-27T11:00' }))
        .status,
    ).toBe(200);
    await merge(leads.kept, leads.merged);

    // 8:00 in Mexico City that day, on the injected clock.
    const morning = new Date(`${day}T14:00:00.000Z`);
    t.clock.now = morning;
    const services = {
      users: createUserStore(t.api.storage),
      digests: createDigestStore(t.api.storage),
      mail: t.api.inboxMail,
      logger: silentLogger,
    };
    // Ana's, and the admin's with the meeting nobody is assigned to.
    expect((await sendDigests(services, day, morning)).queued).toBe(2);
    t.clock.now = TEST_NOW;
    const [row, admin] = await t.api.rows<{ id: number; recipient: string; subject: string; message: string }>(
      "SELECT id, recipient, subject, message FROM outbox WHERE lead_id IS NULL AND subject LIKE 'Tu día en ventas%' ORDER BY id",
    );
    expect(admin?.recipient).toBe('dir@angram.mx');
    const adminText = (JSON.parse(admin?.message ?? '{}') as { text?: string }).text ?? '';
    expect(adminText).toContain(
      t.api.config.facts.salesEmails.digest.unassignedMeetingsTitle.toLocaleUpperCase('es-MX'),
    );
    expect(adminText).toContain(`10:00 · CONT-${leads.unassigned} · Rocío Lara`);
    expect(adminText).not.toContain('Irma Solís');
    expect(row?.recipient).toBe('ana@angram.mx');
    expect(row?.subject).toBe('Tu día en ventas: ningún pendiente y 4 reuniones');
    const text = (JSON.parse(row?.message ?? '{}') as { text?: string }).text ?? '';
    const lines = text.split('\n').filter((line) => /^\W*\d{2}:\d{2} · CONT-/.test(line));
    expect(lines.map((line) => line.replace(/^\W*/, ''))).toEqual([
      `09:00 · CONT-${leads.stays} · Irma Solís`,
      `14:00 · CONT-${leads.kept} · Elena Villa`,
      `15:00 · CONT-${leads.kept} · Elena Villa`,
      `16:00 · CONT-${leads.movedIn} · Nadia Cerón`,
    ]);
    expect(text).not.toContain('Hugo Prado');
    expect(text).not.toContain('Saúl Meza');
    expect(text).not.toContain('Iván Ochoa');
    const named = await t.api.rows<{ lead_id: number }>(
      'SELECT lead_id FROM pipeline_digest_leads WHERE outbox_id = $1 ORDER BY lead_id',
      row?.id ?? 0,
    );
    expect(named.map((entry) => entry.lead_id)).toEqual([leads.stays, leads.movedIn, leads.kept]);
  });
});
