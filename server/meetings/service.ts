/**
 * A meeting's whole life after the form: created with its video link, manage link and reminders inside the
 * booking's transaction; looked up by a manage link; moved or cancelled by the client (the API) or by the
 * team on the client's behalf (the inbox); marked held or missed; reminded. Every change is one transaction:
 * the old slot freed and the new one taken (the UNIQUE slot of `bookings` is the final word), the meeting's
 * SEQUENCE raised, the change written to the lead's history, stale reminders dropped and new ones planned,
 * and the client's and the team's messages queued in the outbox with the updated invite. Each step lives in
 * its own module (booking.ts, move.ts, cancel.ts, reminders.ts); this one hands them the options.
 */
import type { Queryable } from '../db/storage.ts';
import type { MeetingLinks } from '../lead/calendar.ts';
import { adoptBookings, book, freeSlots, lookup, type Lookup } from './booking.ts';
import { cancel, cancelBeforeErasure, mark, type ErasureSend } from './cancel.ts';
import { isBusy, type Changer, type MeetingServiceOptions, type MeetingTarget } from './context.ts';
import { reschedule } from './move.ts';
import { processDueReminders } from './reminders.ts';
import { createMeetingStore, type MeetingEvent, type MeetingRecord } from './store.ts';

export { NO_BUSY_TIMES, type BusyTimes, type Changer } from './context.ts';
// The inbox tells a meeting's refusals apart by their reason.
export { MeetingRefusal } from '../errors.ts';

/** What the client reads when a change went through. */
export const MEETING_MESSAGES = {
  moved: 'Listo: tu reunión cambió de horario. Te enviamos la invitación actualizada por correo.',
  cancelledNow: 'Listo: tu reunión quedó cancelada y el horario se liberó. Te lo confirmamos por correo.',
  alreadyCancelled: 'Tu reunión ya estaba cancelada.',
} as const;

export function createMeetingService(options: MeetingServiceOptions) {
  return {
    freeSlots: (date: string, db: Queryable = options.storage): Promise<string[]> => freeSlots(options, date, db),
    isBusy: (slot: string): boolean => isBusy(options.busy, slot),
    book: (tx: Queryable, leadId: number, slot: string, now: Date): Promise<MeetingLinks> =>
      book(options, tx, leadId, slot, now),
    lookup: (token: string): Promise<Lookup> => lookup(options, token),
    byLead: (leadId: number): Promise<MeetingRecord | undefined> => createMeetingStore(options.storage).byLead(leadId),
    events: (leadId: number): Promise<MeetingEvent[]> => createMeetingStore(options.storage).events(leadId),
    reschedule: (target: MeetingTarget, slot: string, changer: Changer): Promise<MeetingRecord> =>
      reschedule(options, target, slot, changer),
    cancel: (target: MeetingTarget, changer: Changer): Promise<{ meeting: MeetingRecord; already: boolean }> =>
      cancel(options, target, changer),
    cancelBeforeErasure: (leadIds: readonly number[], send: ErasureSend): Promise<number> =>
      cancelBeforeErasure(options, leadIds, send),
    mark: (leadId: number, outcome: 'held' | 'missed', changer: Changer & { kind: 'team' }): Promise<MeetingRecord> =>
      mark(options, leadId, outcome, changer),
    processDueReminders: (): Promise<{ queued: number; skipped: number }> => processDueReminders(options),
    adoptBookings: (): Promise<number> => adoptBookings(options),
  };
}

export type MeetingService = ReturnType<typeof createMeetingService>;
