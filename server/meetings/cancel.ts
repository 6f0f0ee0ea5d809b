/**
 * A meeting cancelled, by the client, by the team, or before a privacy erasure; and marked held or
 * missed by the team. Each is one transaction under the meeting's lock.
 */
import { holdMessage } from '../db/outbox-queries.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { createBookingStore } from '../lead/bookings-store.ts';
import { createLeadStore } from '../lead/store.ts';
import type { Transaction } from '../db/storage.ts';
import type { EmailMessage } from '../email/message.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf } from '../email/settings.ts';
import { refuse } from '../errors.ts';
import { errorMessage, withoutAddresses } from '../log/logger.ts';
import {
  actorOf,
  changeable,
  enqueue,
  leadOf,
  locked,
  saveChange,
  withAssignee,
  type Changer,
  type MeetingServiceOptions,
  type MeetingTarget,
} from './context.ts';
import { cancelledMessages } from './emails.ts';
import { dropReminders } from './reminders.ts';
import { createMeetingStore, type MeetingRecord } from './store.ts';

/** Sends one message now (the outbox's transport), resolving once it is accepted or written. */
export type ErasureSend = (message: EmailMessage, outboxId: number, messageId: string) => Promise<void>;

/** The lease that keeps the outbox worker off the invites an erasure sends itself. */
const ERASURE_LEASE = 'privacy-erasure';
const FAR_FUTURE = '9999-12-31T00:00:00.000Z';

/** Cancels a locked, changeable meeting inside `tx`; returns it and the messages that tell everyone. */
async function cancelLocked(
  options: MeetingServiceOptions,
  tx: Transaction,
  meeting: MeetingRecord,
  changer: Changer,
  now: Date,
): Promise<{ next: MeetingRecord; messages: EmailMessage[] }> {
  const at = now.toISOString();
  await createBookingStore(tx).release(meeting.leadId);
  await createLeadStore(tx).setAppointment(meeting.leadId, null);
  const next: MeetingRecord = { ...meeting, status: 'cancelled', sequence: meeting.sequence + 1, updatedAt: at };
  await saveChange(tx, { meeting, next, kind: 'cancelled', changer, at, toSlot: null });
  await dropReminders(tx, meeting.id, at);
  const lead = await leadOf(tx, meeting.leadId);
  const messages = cancelledMessages(
    { lead, meeting: next, internalTo: options.settings.salesEmail, now, actor: actorOf(changer) },
    options.settings,
  );
  return { next, messages: await withAssignee(tx, meeting.leadId, messages) };
}

/** Cancels the meeting and frees its slot; a second call changes nothing (`already: true`). */
export async function cancel(
  options: MeetingServiceOptions,
  target: MeetingTarget,
  changer: Changer,
): Promise<{ meeting: MeetingRecord; already: boolean }> {
  const now = options.now();
  const outcome = await options.storage.transaction(async (tx) => {
    await tx.lock('bookings');
    const meeting = await locked(tx, target, options.now());
    if (meeting.status === 'cancelled') return { meeting, already: true };
    changeable(meeting, now);
    const { next, messages } = await cancelLocked(options, tx, meeting, changer, now);
    const at = now.toISOString();
    for (const message of messages) await enqueue(tx, options.settings, meeting.leadId, message, at);
    return { meeting: next, already: false };
  });
  if (!outcome.already) {
    options.onQueued();
    options.logger.info('meeting.cancelled', { leadId: outcome.meeting.leadId, by: changer.kind });
  }
  return outcome;
}

type Leased = { id: number; message: EmailMessage; messageId: string };

/** Cancels the leads' future meetings inside `tx`; their invites are queued leased, for the erasure to send. */
async function cancelForErasure(
  options: MeetingServiceOptions,
  tx: Transaction,
  leadIds: readonly number[],
  now: Date,
): Promise<Leased[]> {
  const at = now.toISOString();
  await tx.lock('bookings');
  const rows: Leased[] = [];
  for (const leadId of leadIds) {
    const found = await createMeetingStore(tx).byLead(leadId);
    if (!found) continue;
    await tx.lock(`meeting:${found.id}`);
    // Read again under its lock: a move or cancel by the client may have landed meanwhile.
    const meeting = await createMeetingStore(tx).byId(found.id);
    if (meeting?.status !== 'scheduled' || Date.parse(meeting.startsAt) <= now.getTime()) continue;
    const { messages } = await cancelLocked(options, tx, meeting, { kind: 'client' }, now);
    for (const message of messages) {
      const messageId = newMessageId(addressOf(options.settings.from));
      const id = await enqueue(tx, options.settings, leadId, message, at, messageId);
      await holdMessage(tx, id, ERASURE_LEASE, FAR_FUTURE);
      rows.push({ id, message, messageId });
    }
  }
  return rows;
}

/**
 * Before a privacy erasure: every future meeting of the leads is cancelled and its CANCEL invites (same
 * UID, next SEQUENCE) are sent now through `send`, because the erasure that follows removes the addresses
 * they go to. Their outbox rows stay leased so no worker sends them twice; the erasure deletes them and
 * their `.eml` files with the rest. Returns how many invites were composed (a refused send is logged).
 */
export async function cancelBeforeErasure(
  options: MeetingServiceOptions,
  leadIds: readonly number[],
  send: ErasureSend,
): Promise<number> {
  const now = options.now();
  const queued = await options.storage.transaction((tx) => cancelForErasure(options, tx, leadIds, now));
  for (const row of queued) {
    try {
      await send(row.message, row.id, row.messageId);
      await createOutboxStore(options.storage).markSent(row.id, 1, options.now().toISOString());
    } catch (error) {
      // The erasure goes ahead anyway: keeping the address to retry would defeat the request.
      options.logger.error('meeting.erasure_cancel_failed', {
        outboxId: row.id,
        error: withoutAddresses(errorMessage(error)),
      });
    }
  }
  return queued.length;
}

/** The team says how it went: held or missed (only once it started; the slot stays in the records). */
export async function mark(
  options: MeetingServiceOptions,
  leadId: number,
  outcome: 'held' | 'missed',
  changer: Changer & { kind: 'team' },
): Promise<MeetingRecord> {
  const now = options.now();
  return options.storage.transaction(async (tx) => {
    const meeting = await locked(tx, { leadId }, options.now());
    if (meeting.status === 'cancelled') throw refuse('meetingCancelled');
    if (Date.parse(meeting.startsAt) > now.getTime()) throw refuse('meetingNotStarted');
    if (meeting.status === outcome) return meeting;
    const at = now.toISOString();
    const next: MeetingRecord = { ...meeting, status: outcome, updatedAt: at };
    await saveChange(tx, { meeting, next, kind: outcome, changer, at, toSlot: null });
    await dropReminders(tx, meeting.id, at);
    return next;
  });
}
