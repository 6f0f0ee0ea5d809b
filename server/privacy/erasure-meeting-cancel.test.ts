/**
 * A cancellation (ARCO) of a person with a meeting still to come, on both engines: before anything is
 * erased, the client and the team receive a CANCEL invite for the same event (same UID, higher SEQUENCE),
 * sent right away through the outbox's transport; then the erasure leaves neither those messages nor their
 * `.eml` files behind, so the address is nowhere.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../testing/api.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import type { EmailMessage } from '../email/message.ts';
import { emlDirectoryTransport } from '../email/transport.ts';
import { invitesOf } from '../testing/meetings.ts';
import { TERMINAL } from './audit.ts';
import { createPrivacyService } from './service.ts';
import { scanDirectory, scanRows } from './testing/scan.ts';

const EMAIL = 'renata@zorzal-textiles.mx';
const NAME = 'Renata Zorzal';

function inviteOf(message: EmailMessage) {
  const file = message.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  if (!file) throw new Error(`sin invitación: ${message.subject}`);
  const calendar = new ICAL.Component(ICAL.parse(file.content) as unknown[]);
  const event = calendar.getFirstSubcomponent('vevent');
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event?.getFirstPropertyValue('uid')),
    sequence: Number(event?.getFirstPropertyValue('sequence')),
    status: String(event?.getFirstPropertyValue('status')),
  };
}

describe.each(TEST_ENGINES)('a privacy cancellation cancels the meeting in every calendar (%s)', (engine) => {
  let t: TestAdmin;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('sends CANCEL invites to the client and the team before erasing, and keeps none of them', async () => {
    const booked = await t.api.post('/api/webSite/contactSmall', {
      ...VALID.small,
      name: NAME,
      email: EMAIL,
      appointmentDate: '2026-11-26T10:00',
    });
    expect(booked.status).toBe(201);
    const leadId = Number(booked.body.id);
    const [request] = (await invitesOf(t.api, leadId)).filter((invite) => invite.method === 'REQUEST');
    expect(request).toBeDefined();

    const eml = emlDirectoryTransport(t.api.config.outboxDir);
    const sent: Array<{ message: EmailMessage; leadStillHeld: boolean }> = [];
    const privacy = createPrivacyService({
      storage: t.api.storage,
      outboxDir: t.api.config.outboxDir,
      facts: t.api.config.facts,
      beforeErasure: (leadIds) =>
        t.api.api.meetings.service.cancelBeforeErasure(leadIds, async (message, outboxId, messageId) => {
          const [lead] = await t.api.rows<{ email: string }>('SELECT email FROM leads WHERE id = $1', leadId);
          sent.push({ message, leadStillHeld: lead?.email === EMAIL });
          await eml.send(message, outboxId, messageId);
        }),
    });
    await privacy.cancel({ email: EMAIL }, { actor: TERMINAL, now: t.clock.now, reason: 'Lo pidió por correo.' });

    expect(sent.map((entry) => entry.message.audience).sort()).toEqual(['client', 'internal']);
    expect(sent.every((entry) => entry.leadStillHeld)).toBe(true);
    expect(sent.find((entry) => entry.message.audience === 'client')?.message.to.address).toBe(EMAIL);
    for (const { message } of sent) {
      const invite = inviteOf(message);
      expect(invite.method, message.subject).toBe('CANCEL');
      expect(invite.status).toBe('CANCELLED');
      expect(invite.uid).toBe(request?.uid);
      expect(invite.sequence).toBeGreaterThan(request?.sequence ?? Infinity);
    }
    const meetings = await t.api.rows<{ status: string }>('SELECT status FROM meetings WHERE lead_id = $1', leadId);
    expect(meetings.map((meeting) => meeting.status)).toEqual(['cancelled']);
    expect(await t.api.rows('SELECT 1 FROM bookings WHERE lead_id = $1', leadId)).toHaveLength(0);
    expect(await scanRows(t.api.storage, [EMAIL, NAME])).toEqual({});
    expect(scanDirectory(t.api.config.outboxDir, [EMAIL, NAME])).toEqual({});
  });
});
