/**
 * A meeting's start: the open slots of a date, the meeting created inside the submission's transaction,
 * the meeting a manage link opens, and the records given to bookings made before meetings had one.
 */
import { appointmentToUtc } from '../../core/dates.ts';
import { availableSlots, DAILY_SLOTS } from '../availability/schedule.ts';
import { createBookingStore } from '../lead/bookings-store.ts';
import { createLeadStore, type StoredLead } from '../lead/store.ts';
import type { Queryable } from '../db/storage.ts';
import { meetingTimes, meetingUid, type MeetingLinks } from '../lead/calendar.ts';
import { freshManageUrl, isBusy, type MeetingServiceOptions } from './context.ts';
import { linksOf } from './emails.ts';
import { planReminders } from './reminders.ts';
import { videoLinkFor } from './settings.ts';
import { createMeetingStore, type MeetingRecord } from './store.ts';
import { hashToken, isWellFormedToken } from './tokens.ts';

/** A meeting found by its manage link, or why not. */
export type Lookup =
  | { kind: 'unknown' }
  | { kind: 'expired'; meeting: MeetingRecord }
  | { kind: 'found'; meeting: MeetingRecord; lead: StoredLead };

/** The slots of a date still open: office hours, minus bookings, minus the team's busy times. */
export async function freeSlots(options: MeetingServiceOptions, date: string, db: Queryable): Promise<string[]> {
  const booked = await createBookingStore(db).bookedTimes(date);
  for (const time of DAILY_SLOTS) if (isBusy(options.busy, `${date}T${time}`)) booked.add(time);
  return availableSlots(date, options.now(), booked);
}

/**
 * The meeting of a lead just stored with `slot` booked, inside the submission's transaction: its record
 * (UID fixed for good, a fresh video room), its first manage link and its reminders.
 */
export async function book(
  options: MeetingServiceOptions,
  tx: Queryable,
  leadId: number,
  slot: string,
  now: Date,
): Promise<MeetingLinks> {
  const { start, end } = meetingTimes(slot);
  const at = now.toISOString();
  const meeting = await createMeetingStore(tx).insert({
    leadId,
    uid: meetingUid(leadId, slot, options.settings.siteUrl),
    slot,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    videoUrl: videoLinkFor(options.urlTemplate),
    now: at,
  });
  await planReminders(tx, options.reminders, meeting, now);
  return linksOf(meeting, await freshManageUrl(tx, options.settings, meeting.id, at));
}

/** The meeting a manage link opens; a link works until the meeting ends. */
export async function lookup(options: MeetingServiceOptions, token: string): Promise<Lookup> {
  if (!isWellFormedToken(token)) return { kind: 'unknown' };
  const meeting = await createMeetingStore(options.storage).byTokenHash(hashToken(token));
  if (!meeting) return { kind: 'unknown' };
  if (Date.parse(meeting.endsAt) <= options.now().getTime()) return { kind: 'expired', meeting };
  const lead = await createLeadStore(options.storage).get(meeting.leadId);
  return lead ? { kind: 'found', meeting, lead } : { kind: 'unknown' };
}

/**
 * Gives every booking made before meetings had a record its meeting (the UID its invite already had, a
 * video room, its reminders); no manage link exists for them until a message carries one.
 */
export async function adoptBookings(options: MeetingServiceOptions): Promise<number> {
  const now = options.now();
  let adopted = 0;
  for (;;) {
    const batch = await options.storage.transaction(async (tx) => {
      await tx.lock('meetings:adopt');
      const store = createMeetingStore(tx);
      const orphans = await createBookingStore(tx).withoutMeeting(100);
      for (const orphan of orphans) {
        const start = appointmentToUtc(orphan.slot);
        const meeting = await store.insert({
          leadId: orphan.leadId,
          uid: meetingUid(orphan.leadId, orphan.slot, options.settings.siteUrl),
          slot: orphan.slot,
          startsAt: start.toISOString(),
          endsAt: meetingTimes(orphan.slot).end.toISOString(),
          videoUrl: videoLinkFor(options.urlTemplate),
          now: now.toISOString(),
        });
        await planReminders(tx, options.reminders, meeting, now);
      }
      return orphans.length;
    });
    adopted += batch;
    if (batch < 100) break;
  }
  if (adopted > 0) options.logger.info('meeting.adopted', { meetings: adopted });
  return adopted;
}
