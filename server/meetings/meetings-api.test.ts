/**
 * `webSite/meeting`, `meetingReschedule` and `meetingCancel` against the real API on both engines: the
 * meeting a booking creates (video link, manage link), moving it (old slot freed, new one taken, one 409
 * when two moves race for a slot), cancelling it (twice), the lead's history, and every invite read by an
 * iCalendar library (one UID, a rising SEQUENCE, METHOD:REQUEST then METHOD:CANCEL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, TEST_NOW, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { createMeetingStore } from './store.ts';
import { invitesOf, latestToken } from '../testing/meetings.ts';
import { MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';

const MEETING = '/api/webSite/meeting';
const RESCHEDULE = '/api/webSite/meetingReschedule';
const CANCEL = '/api/webSite/meetingCancel';

describe.each(TEST_ENGINES)('meetings API (%s)', (engine) => {
  let t: TestApi;
  let clock: { now: Date };
  beforeAll(async () => {
    clock = { now: TEST_NOW };
    t = await startTestApi({ MEETING_RATE_LIMIT_MAX: '1000' }, { engine, now: () => clock.now });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function book(slot: string, email: string): Promise<{ id: number; token: string }> {
    const answer = await t.post('/api/webSite/contactSmall', { ...VALID.small, email, appointmentDate: slot });
    expect(answer.status).toBe(201);
    const id = Number(answer.body.id);
    return { id, token: await latestToken(t, id) };
  }

  const schedule = async (date: string) =>
    (await t.post('/api/webSite/scheduleAvailable', { date })).body.schedule as string[];

  it('gives a booked meeting a video link, a manage link and reads it back by its token', async () => {
    const { id, token } = await book(OPEN_SLOT, 'lectura@ferremax.mx');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash of the token is stored.
    const stored = await t.rows<{ token_hash: string }>('SELECT token_hash FROM meeting_tokens');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    // The manage page sends the token in a header, out of the URL that proxies and logs keep.
    const byHeader = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: token } });
    expect(byHeader.status).toBe(200);
    const answer = await t.request(`${MEETING}?token=${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(byHeader.body);
    const meeting = answer.body.meeting as Record<string, unknown>;
    expect(meeting).toMatchObject({
      reference: `CONT-${id}`,
      status: 'scheduled',
      date: '2026-11-24',
      time: '10:00',
      appointmentDate: OPEN_SLOT,
      start: '2026-11-24T16:00:00.000Z',
      end: '2026-11-24T17:00:00.000Z',
      timeZone: 'America/Mexico_City',
      consultant: { name: 'Carlos Méndez', role: 'Director de Relación con Clientes' },
      changeable: true,
    });
    expect(String(meeting.meetLink)).toMatch(/^https:\/\/meet\.jit\.si\/angram-[0-9a-f]{32}$/);
    expect(String(meeting.calendarLink)).toContain('https://calendar.google.com/calendar/render');

    // The booking's two invites: the same UID, SEQUENCE 0, a request, the video call as location and URL.
    const invites = await invitesOf(t, id);
    expect(invites.map((invite) => [invite.audience, invite.method, invite.sequence])).toEqual([
      ['client', 'REQUEST', 0],
      ['internal', 'REQUEST', 0],
    ]);
    expect(new Set(invites.map((invite) => invite.uid))).toEqual(new Set([meeting.eventId]));
    for (const invite of invites) {
      expect(invite.location).toBe(meeting.meetLink);
      expect(invite.url).toBe(meeting.meetLink);
    }
  });

  it('answers 404 to an unknown, malformed or missing token', async () => {
    for (const query of ['?token=' + 'A'.repeat(43), '?token=corto', '?token=%3Cscript%3E', '']) {
      const answer = await t.request(`${MEETING}${query}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        success: false,
        message: 'No encontramos esa reunión: revisa que el enlace esté completo o escríbenos.',
      });
    }
    expect((await t.post(CANCEL, { token: 'B'.repeat(43) })).status).toBe(404);
  });

  it('moves a meeting: the old slot is freed, the new one taken, the history and the invites follow', async () => {
    const { id, token } = await book('2026-11-25T10:00', 'mover@ferremax.mx');
    expect(await schedule('2026-11-25')).not.toContain('10:00');
    const answer = await t.post(RESCHEDULE, { token, appointmentDate: '2026-11-26T12:00' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(
      'Listo: tu reunión cambió de horario. Te enviamos la invitación actualizada por correo.',
    );
    expect(answer.body.meeting).toMatchObject({ appointmentDate: '2026-11-26T12:00', status: 'scheduled' });
    expect(await schedule('2026-11-25')).toContain('10:00');
    expect(await schedule('2026-11-26')).not.toContain('12:00');
    expect(await t.rows('SELECT slot FROM bookings WHERE lead_id = $1', id)).toEqual([{ slot: '2026-11-26T12:00' }]);
    expect(await t.rows('SELECT appointment FROM leads WHERE id = $1', id)).toEqual([
      { appointment: '2026-11-26T12:00' },
    ]);
    expect(await t.rows('SELECT kind, actor, from_slot, to_slot FROM meeting_events WHERE lead_id = $1', id)).toEqual([
      { kind: 'moved', actor: 'client', from_slot: '2026-11-25T10:00', to_slot: '2026-11-26T12:00' },
    ]);
    const invites = await invitesOf(t, id);
    const moved = invites.slice(2);
    expect(moved.map((invite) => [invite.audience, invite.method, invite.sequence, invite.start])).toEqual([
      ['client', 'REQUEST', 1, '2026-11-26T18:00:00.000Z'],
      ['internal', 'REQUEST', 1, '2026-11-26T18:00:00.000Z'],
    ]);
    expect(new Set(invites.map((invite) => invite.uid)).size).toBe(1);
    expect(moved[0]?.subject).toBe('Tu reunión cambió de horario - Angram');
    // The old link keeps working for the same meeting.
    expect((await t.request(`${MEETING}?token=${token}`)).body.meeting).toMatchObject({ time: '12:00' });
  });

  it('refuses an invalid slot (422), the same slot (422) and a taken one (409), changing nothing', async () => {
    const { id, token } = await book('2026-11-27T09:00', 'rechazos@ferremax.mx');
    await book('2026-11-27T11:00', 'ocupado@ferremax.mx');
    const weekend = await t.post(RESCHEDULE, { token, appointmentDate: '2026-11-28T10:00' });
    expect(weekend.status).toBe(422);
    expect(weekend.body.errors).toEqual({
      appointmentDate: 'Agendamos reuniones de lunes a viernes; elige un día hábil',
    });
    expect((await t.post(RESCHEDULE, { token, appointmentDate: 'mañana' })).status).toBe(422);
    expect((await t.post(RESCHEDULE, { token })).status).toBe(422);
    expect((await t.post(RESCHEDULE, { appointmentDate: '2026-11-30T10:00' })).status).toBe(422);
    expect((await t.post(RESCHEDULE, { token, appointmentDate: '2026-11-27T09:00' })).status).toBe(422);
    const taken = await t.post(RESCHEDULE, { token, appointmentDate: '2026-11-27T11:00' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Ese horario acaba de ocuparse. Elige otro horario, por favor.');
    expect(await t.rows('SELECT slot FROM bookings WHERE lead_id = $1', id)).toEqual([{ slot: '2026-11-27T09:00' }]);
    expect((await invitesOf(t, id)).length).toBe(2);
  });

  it('lets exactly one of two moves racing for one slot win, from two instances', async () => {
    const first = await book('2026-11-30T09:00', 'carrera1@ferremax.mx');
    const second = await book('2026-11-30T10:00', 'carrera2@ferremax.mx');
    const sibling = await t.sibling();
    try {
      const answers = await Promise.all([
        t.post(RESCHEDULE, { token: first.token, appointmentDate: '2026-12-01T15:00' }),
        sibling.post(RESCHEDULE, { token: second.token, appointmentDate: '2026-12-01T15:00' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    } finally {
      await sibling.dispose();
    }
    expect(await t.rows("SELECT count(*) AS n FROM bookings WHERE slot = '2026-12-01T15:00'")).toEqual([{ n: 1 }]);
    // The loser kept its own slot.
    expect(await t.rows('SELECT count(*) AS n FROM bookings WHERE lead_id IN ($1, $2)', first.id, second.id)).toEqual([
      { n: 2 },
    ]);
  });

  it('cancels once (200), again (200, nothing new), frees the slot and refuses to move it afterwards (410)', async () => {
    const { id, token } = await book('2026-12-02T13:00', 'cancela@ferremax.mx');
    const cancelled = await t.post(CANCEL, { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.meeting).toMatchObject({ status: 'cancelled', changeable: false });
    expect(await schedule('2026-12-02')).toContain('13:00');
    const again = await t.post(CANCEL, { token });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Tu reunión ya estaba cancelada.');
    const moved = await t.post(RESCHEDULE, { token, appointmentDate: '2026-12-03T13:00' });
    expect(moved.status).toBe(410);
    expect(moved.body).toMatchObject({ success: false, reason: 'cancelled' });
    expect((await t.request(`${MEETING}?token=${token}`)).body.meeting).toMatchObject({ status: 'cancelled' });
    const invites = await invitesOf(t, id);
    expect(invites.map((invite) => [invite.audience, invite.method, invite.sequence, invite.status])).toEqual([
      ['client', 'REQUEST', 0, 'CONFIRMED'],
      ['internal', 'REQUEST', 0, 'CONFIRMED'],
      ['client', 'CANCEL', 1, 'CANCELLED'],
      ['internal', 'CANCEL', 1, 'CANCELLED'],
    ]);
    expect(await t.rows('SELECT kind FROM meeting_events WHERE lead_id = $1', id)).toEqual([{ kind: 'cancelled' }]);
  });

  it('refuses changes once the meeting started (410) and expires the link when it ended (410)', async () => {
    const { token } = await book('2026-12-04T10:00', 'pasada@ferremax.mx');
    clock.now = new Date('2026-12-04T16:30:00.000Z');
    try {
      const started = await t.post(CANCEL, { token });
      expect(started.status).toBe(410);
      expect(started.body.reason).toBe('started');
      expect((await t.request(`${MEETING}?token=${token}`)).body.meeting).toMatchObject({ changeable: false });
      clock.now = new Date('2026-12-04T17:00:00.000Z');
      const expired = await t.request(`${MEETING}?token=${token}`);
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ reason: 'expired', message: 'Este enlace ya venció: la reunión terminó.' });
    } finally {
      clock.now = TEST_NOW;
    }
  });

  it('answers in Spanish to a body that is not JSON, and limits calls per address', async () => {
    expect((await t.post(CANCEL, '{token', {}, true)).status).toBe(400);
    const limited = await startTestApi({ MEETING_RATE_LIMIT_MAX: '2' }, { engine });
    try {
      const statuses = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await limited.request(`${MEETING}?token=x`)).status);
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.dispose();
    }
  });

  it('erases the meeting rows of a lead, children first, and leaves other meetings alone', async () => {
    const kept = await book('2026-12-02T10:00', 'queda@ferremax.mx');
    const gone = await book('2026-12-02T11:00', 'borrar@ferremax.mx');
    expect((await t.post(RESCHEDULE, { token: gone.token, appointmentDate: '2026-12-02T12:00' })).status).toBe(200);
    const count = async (id: number) =>
      Promise.all(
        [
          'SELECT id FROM meetings WHERE lead_id = $1',
          'SELECT t.token_hash FROM meeting_tokens t JOIN meetings m ON m.id = t.meeting_id WHERE m.lead_id = $1',
          'SELECT id FROM meeting_events WHERE lead_id = $1',
          'SELECT r.id FROM meeting_reminders r JOIN meetings m ON m.id = r.meeting_id WHERE m.lead_id = $1',
        ].map(async (sql) => (await t.rows(sql, id)).length),
      );
    expect((await count(gone.id)).every((rows) => rows > 0)).toBe(true);
    await t.storage.transaction(async (tx) => {
      await createMeetingStore(tx).eraseLead(gone.id);
      // With its meeting gone, nothing of the meetings' keeps the lead's own rows from being deleted.
      await tx.run('DELETE FROM outbox WHERE lead_id = $1', [gone.id]);
      await tx.run('DELETE FROM bookings WHERE lead_id = $1', [gone.id]);
      await tx.run('DELETE FROM leads WHERE id = $1', [gone.id]);
    });
    expect(await count(gone.id)).toEqual([0, 0, 0, 0]);
    expect((await count(kept.id))[0]).toBe(1);
  });
});
