/**
 * A meeting moved to another slot, by the client or by the team: one transaction that frees the old slot
 * and takes the new one (the UNIQUE slot of `bookings` is the final word), raises the SEQUENCE, writes the
 * history, replans the reminders and queues the updated invites.
 */
import { parseAppointment } from '../../core/dates.ts';
import { slotProblem } from '../availability/schedule.ts';
import { createBookingStore } from '../lead/bookings-store.ts';
import { createLeadStore, type StoredLead } from '../lead/store.ts';
import { isUniqueViolation, type Transaction } from '../db/storage.ts';
import { refuse } from '../errors.ts';
import { meetingTimes } from '../lead/calendar.ts';
import {
  actorOf,
  changeable,
  enqueue,
  freshManageUrl,
  isBusy,
  leadOf,
  locked,
  saveChange,
  withAssignee,
  type Changer,
  type MeetingServiceOptions,
  type MeetingTarget,
} from './context.ts';
import { movedMessages } from './emails.ts';
import { dropReminders, planReminders } from './reminders.ts';
import type { MeetingRecord } from './store.ts';

/**
 * The booking row follows the meeting to `slot`; a row gone (cancelled, then moved by the team) is booked
 * anew. Returns the meeting's lead.
 */
async function moveBooking(tx: Transaction, meeting: MeetingRecord, slot: string, at: string): Promise<StoredLead> {
  const { start } = meetingTimes(slot);
  const date = parseAppointment(slot)?.date ?? slot.slice(0, 10);
  const bookings = createBookingStore(tx);
  const moved = await bookings.move(meeting.leadId, { slot, slotDate: date, startsAt: start.toISOString() });
  const lead = await leadOf(tx, meeting.leadId);
  if (!moved) {
    await bookings.book({
      slot,
      slotDate: date,
      startsAt: start.toISOString(),
      leadId: meeting.leadId,
      createdAt: at,
      clientHash: lead.clientHash,
      email: lead.email.toLowerCase(),
    });
  }
  await createLeadStore(tx).setAppointment(meeting.leadId, slot);
  return lead;
}

async function moveLocked(
  options: MeetingServiceOptions,
  tx: Transaction,
  target: MeetingTarget,
  slot: string,
  changer: Changer,
  now: Date,
): Promise<MeetingRecord> {
  const { settings } = options;
  // The same lock as a booking: the slot check and the move are one step for every instance.
  await tx.lock('bookings');
  const meeting = await locked(tx, target, options.now());
  changeable(meeting, now);
  if (meeting.slot === slot) throw refuse('meetingSameSlot');
  if (isBusy(options.busy, slot)) throw refuse('meetingTaken');
  if (await createBookingStore(tx).isBooked(slot)) throw refuse('meetingTaken');
  const at = now.toISOString();
  const lead = await moveBooking(tx, meeting, slot, at);
  const { start, end } = meetingTimes(slot);
  const next: MeetingRecord = {
    ...meeting,
    slot,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    sequence: meeting.sequence + 1,
    updatedAt: at,
  };
  await saveChange(tx, { meeting, next, kind: 'moved', changer, at, toSlot: slot });
  await dropReminders(tx, meeting.id, at);
  await planReminders(tx, options.reminders, next, now);
  const messages = movedMessages(
    {
      lead,
      meeting: next,
      internalTo: settings.salesEmail,
      manageUrl: await freshManageUrl(tx, settings, meeting.id, at),
      now,
      previousSlot: meeting.slot,
      actor: actorOf(changer),
    },
    settings,
  );
  for (const message of await withAssignee(tx, meeting.leadId, messages))
    await enqueue(tx, settings, meeting.leadId, message, at);
  return next;
}

/** Moves the meeting to `slot`; throws a `MeetingRefusal` (invalid, taken, gone, not found, expired). */
export async function reschedule(
  options: MeetingServiceOptions,
  target: MeetingTarget,
  slot: string,
  changer: Changer,
): Promise<MeetingRecord> {
  const now = options.now();
  const problem = slotProblem(slot, now);
  if (problem) throw refuse('meetingSlotInvalid', { problem });
  let moved: MeetingRecord;
  try {
    moved = await options.storage.transaction((tx) => moveLocked(options, tx, target, slot, changer, now));
  } catch (error) {
    // Another process booked the slot after the check: the UNIQUE slot refused it.
    if (isUniqueViolation(error)) throw refuse('meetingTaken');
    throw error;
  }
  options.onQueued();
  options.logger.info('meeting.moved', { leadId: moved.leadId, by: changer.kind, sequence: moved.sequence });
  return moved;
}
