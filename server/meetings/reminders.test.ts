/**
 * Reminders with an injected clock, on both engines: queued once although two instances look at the same
 * time, never for a time the meeting no longer has (moved) or a meeting that no longer happens (cancelled),
 * and skipped when it is too late to say "in 24 hours".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_SLOT, startTestApi, TEST_NOW, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { storedMessage } from '../email/message.ts';
import { latestToken, outboxOf } from '../testing/meetings.ts';

describe.each(TEST_ENGINES)('meeting reminders (%s)', (engine) => {
  let t: TestApi;
  let clock: { now: Date };
  beforeEach(async () => {
    clock = { now: TEST_NOW };
    // A poll far away: the test decides when each instance looks.
    t = await startTestApi(
      { MEETING_REMINDERS: '24h,1h' },
      { engine, now: () => clock.now, reminderPollMs: 3_600_000 },
    );
  });
  afterEach(async () => {
    await t.dispose();
  });

  async function book(slot = OPEN_SLOT): Promise<{ id: number; token: string }> {
    const answer = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: slot });
    expect(answer.status).toBe(201);
    const id = Number(answer.body.id);
    return { id, token: await latestToken(t, id) };
  }

  const reminders = async (id: number) =>
    (await outboxOf(t, id))
      .filter((row) => row.subject.startsWith('Recordatorio'))
      .map((row) => [row.audience, row.subject]);

  it('plans each reminder for the client and the team, and queues each once across two instances', async () => {
    const { id } = await book();
    expect(
      await t.rows(
        'SELECT audience, minutes_before, status FROM meeting_reminders ORDER BY minutes_before DESC, audience',
      ),
    ).toEqual([
      { audience: 'client', minutes_before: 1440, status: 'pending' },
      { audience: 'internal', minutes_before: 1440, status: 'pending' },
      { audience: 'client', minutes_before: 60, status: 'pending' },
      { audience: 'internal', minutes_before: 60, status: 'pending' },
    ]);
    const sibling = await t.sibling();
    try {
      // Not due yet: nothing.
      expect(await t.api.meetings.service.processDueReminders()).toEqual({ queued: 0, skipped: 0 });
      // Monday 10:00: the 24-hour reminders are due; both instances look at once.
      clock.now = new Date('2026-11-23T16:00:30.000Z');
      const outcomes = await Promise.all([
        t.api.meetings.service.processDueReminders(),
        sibling.api.meetings.service.processDueReminders(),
      ]);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.queued, 0)).toBe(2);
      expect(await reminders(id)).toEqual([
        ['client', 'Recordatorio: tu reunión con Angram es en 24 horas'],
        ['internal', `Recordatorio: reunión CONT-${id} en 24 horas - Angram`],
      ]);
      expect(await t.api.meetings.service.processDueReminders()).toEqual({ queued: 0, skipped: 0 });
    } finally {
      await sibling.dispose();
    }
    const client = (await outboxOf(t, id)).find((row) => row.subject.startsWith('Recordatorio: tu'));
    const text = storedMessage(client?.message ?? '').text;
    expect(text).toMatch(/meet\.jit\.si\/angram-[0-9a-f]{32}/);
    expect(text).toContain('/reunion?t=');
    expect(text).not.toContain(VALID.small.name);
  });

  it('drops the reminders of a moved time and plans the new ones', async () => {
    const { id, token } = await book();
    expect(
      (await t.post('/api/webSite/meetingReschedule', { token, appointmentDate: '2026-11-26T10:00' })).status,
    ).toBe(200);
    clock.now = new Date('2026-11-23T16:00:30.000Z'); // 24 h before the old time
    expect(await t.api.meetings.service.processDueReminders()).toEqual({ queued: 0, skipped: 0 });
    clock.now = new Date('2026-11-25T16:00:30.000Z'); // 24 h before the new time
    expect((await t.api.meetings.service.processDueReminders()).queued).toBe(2);
    expect((await reminders(id)).length).toBe(2);
    expect(
      await t.rows("SELECT count(*) AS n FROM meeting_reminders WHERE status = 'skipped' AND sequence = 0"),
    ).toEqual([{ n: 4 }]);
  });

  it('sends nothing for a cancelled meeting, even one already queued but not yet sent', async () => {
    // A mail server that is down: the queued reminders wait in the outbox, unsent.
    const down = await startTestApi(
      { MEETING_REMINDERS: '24h,1h', SMTP_URL: 'smtp://127.0.0.1:1', OUTBOX_RETRY_BASE_MS: '600000' },
      { engine, now: () => clock.now, reminderPollMs: 3_600_000 },
    );
    try {
      const answer = await down.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
      const id = Number(answer.body.id);
      const token = await latestToken(down, id);
      clock.now = new Date('2026-11-23T16:00:30.000Z');
      expect((await down.api.meetings.service.processDueReminders()).queued).toBe(2);
      const reminderRows = () =>
        down.rows<{ lease_owner: string | null }>(
          "SELECT lease_owner FROM outbox WHERE lead_id = $1 AND subject LIKE 'Recordatorio%'",
          id,
        );
      // The worker cannot reach the server: the reminders stay in the queue, held by nobody.
      await waitFor(async () => {
        const rows = await reminderRows();
        return rows.length === 2 && rows.every((row) => row.lease_owner === null);
      }, 'los recordatorios quedan en cola sin enviarse');
      expect(await down.rows("SELECT count(*) AS n FROM outbox WHERE status = 'sent'")).toEqual([{ n: 0 }]);
      expect((await down.post('/api/webSite/meetingCancel', { token })).status).toBe(200);
      expect(await reminderRows()).toEqual([]);
      clock.now = new Date('2026-11-24T15:00:30.000Z');
      expect(await down.api.meetings.service.processDueReminders()).toEqual({ queued: 0, skipped: 0 });
      const statuses = await down.rows<{ status: string }>('SELECT status FROM meeting_reminders');
      expect(statuses.map((row) => row.status)).toEqual(['skipped', 'skipped', 'skipped', 'skipped']);
    } finally {
      await down.dispose();
    }
  });

  it('skips a reminder that is late (the instance was down) but sends the next one', async () => {
    const { id } = await book();
    // Everyone was down from Monday 09:00 to Tuesday 08:10: the 24-hour reminder would now be false.
    clock.now = new Date('2026-11-24T14:10:00.000Z');
    expect(await t.api.meetings.service.processDueReminders()).toEqual({ queued: 0, skipped: 2 });
    clock.now = new Date('2026-11-24T15:05:00.000Z'); // 55 minutes before: the 1-hour one is on time
    expect((await t.api.meetings.service.processDueReminders()).queued).toBe(2);
    expect((await reminders(id)).map(([, subject]) => subject)).toEqual([
      'Recordatorio: tu reunión con Angram es en una hora',
      `Recordatorio: reunión CONT-${id} en una hora - Angram`,
    ]);
  });
});
