/**
 * The person a lead is assigned to hears of its meeting's changes, on both engines: a move and a cancel by
 * the client each send the team's copy to the team's address, as before, and to the assignee.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { storedMessage } from '../email/message.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { latestToken, outboxOf } from '../testing/meetings.ts';

describe.each(TEST_ENGINES)('meeting changes told to the assignee (%s)', (engine) => {
  let t: TestAdmin;
  let dir: AdminClient;

  beforeAll(async () => {
    t = await startTestAdmin(engine, { MEETING_RATE_LIMIT_MAX: '1000' });
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    dir = t.client();
    expect((await dir.signIn('dir@angram.mx')).status).toBe(303);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('sends the team copy of a move and a cancel to the team address and to the assignee', async () => {
    const booked = await t.api.post('/api/webSite/contactSmall', {
      ...VALID.small,
      email: 'lucia@textiles.mx',
      appointmentDate: '2026-11-26T10:00',
    });
    const leadId = Number(booked.body.id);
    const [ana] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'ana@angram.mx');
    const page = await dir.get(`/admin/contacts/${leadId}`);
    const version = /action="\/admin\/contacts\/\d+\/assignee"[^]*?name="version" value="(\d+)"/.exec(page.text)?.[1];
    const assigned = await dir.post(`/admin/contacts/${leadId}/assignee`, {
      assignee: String(ana?.id),
      version: version ?? '0',
    });
    expect(assigned.status, assigned.text).toBe(303);

    const token = await latestToken(t.api, leadId);
    const before = (await outboxOf(t.api, leadId)).length;
    expect(
      (await t.api.post('/api/webSite/meetingReschedule', { token, appointmentDate: '2026-11-26T12:00' })).status,
    ).toBe(200);
    expect((await t.api.post('/api/webSite/meetingCancel', { token })).status).toBe(200);

    const changes = (await outboxOf(t.api, leadId)).slice(before).map((row) => storedMessage(row.message));
    const internal = changes.filter((message) => message.audience === 'internal').map((message) => message.to.address);
    expect(internal).toEqual([t.api.settings.salesEmail, 'ana@angram.mx', t.api.settings.salesEmail, 'ana@angram.mx']);
    expect(changes.filter((message) => message.audience === 'client')).toHaveLength(2);
  });
});
