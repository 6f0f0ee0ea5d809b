/**
 * A meeting's whole life after the form: created with its video link, manage link and reminders inside the
 * booking's transaction; looked up by a manage link; moved or cancelled by the client (the API) or by the
 * team on the client's behalf (the inbox); marked held or missed; reminded. Every change is one transaction:
 * the old slot freed and the new one taken (the UNIQUE slot of `bookings` is the final word), the meeting's
 * SEQUENCE raised, the change written to the lead's history, stale reminders dropped and new ones planned,
 * and the client's and the team's messages queued in the outbox with the updated invite.
 */
import { appointmentToUtc, parseAppointment } from '../../core/dates.ts';
import { availableSlots, slotProblem, DAILY_SLOTS } from '../availability/schedule.ts';
import { createLeadStore, type StoredLead } from '../db/leads.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { isUniqueViolation, type Queryable, type Storage, type Transaction } from '../db/storage.ts';
import type { EmailMessage } from '../email/message.ts';
import { refuse } from '../errors.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf, type EmailSettings } from '../email/settings.ts';
import { meetingTimes, meetingUid, type MeetingLinks } from '../lead/calendar.ts';
import { errorMessage, withoutAddresses, type Logger } from '../log/logger.ts';
import { cancelledMessages, linksOf, movedMessages, reminderMessage, type ChangeActor } from './emails.ts';
import { videoLinkFor } from './settings.ts';
import { createMeetingStore, type MeetingEvent, type MeetingRecord } from './store.ts';
import { hashToken, isWellFormedToken, manageUrl, newToken } from './tokens.ts';

/** Busy times from the team's own calendars (server/meetings/busy/); none when no feed is set. */
export interface BusyTimes {
  /** Whether `[startMs, endMs)` overlaps a busy time. */
  overlaps(startMs: number, endMs: number): boolean;
}

export const NO_BUSY_TIMES: BusyTimes = { overlaps: () => false };

export interface MeetingServiceOptions {
  storage: Storage;
  settings: EmailSettings;
  /** Where each new meeting's video call is (`MEETING_URL_TEMPLATE`). */
  urlTemplate: string;
  /** Minutes before the meeting each reminder goes out (`MEETING_REMINDERS`). */
  reminders: readonly number[];
  busy: BusyTimes;
  logger: Logger;
  now: () => Date;
  /** Called after messages were queued (wakes the outbox worker). */
  onQueued: () => void;
}

// The inbox tells a meeting's refusals apart by their reason.
export { MeetingRefusal } from '../errors.ts';

/** What the client reads when a change went through. */
export const MEETING_MESSAGES = {
  moved: 'Listo: tu reunión cambió de horario. Te enviamos la invitación actualizada por correo.',
  cancelledNow: 'Listo: tu reunión quedó cancelada y el horario se liberó. Te lo confirmamos por correo.',
  alreadyCancelled: 'Tu reunión ya estaba cancelada.',
} as const;

/** Who changes a meeting: the client (manage link) or an inbox account. */
export type Changer = { kind: 'client' } | { kind: 'team'; userId: number; name: string };

/** A meeting found by its manage link, or why not. */
export type Lookup =
  | { kind: 'unknown' }
  | { kind: 'expired'; meeting: MeetingRecord }
  | { kind: 'found'; meeting: MeetingRecord; lead: StoredLead };

/** What identifies the meeting to change: a manage link's token, or the lead (the inbox). */
export type MeetingTarget = { token: string } | { leadId: number };

const MINUTE = 60_000;

/** A reminder that cannot go out by then says something false ("en 24 horas"): it is skipped instead. */
export function lateAfterMs(minutesBefore: number): number {
  return Math.max(5, minutesBefore / 4) * MINUTE;
}

/** The active inbox account a lead is assigned to, by its address; none when unassigned. */
async function assigneeEmail(tx: Queryable, leadId: number): Promise<string | undefined> {
  const row = await tx.get<{ email: string }>(
    `SELECT u.email FROM inbox_lead_state s JOIN inbox_users u ON u.id = s.assignee_id
     WHERE s.lead_id = $1 AND u.active = 1`,
    [leadId],
  );
  return row?.email;
}

/**
 * A change's messages, plus the team's copy for the person the lead is assigned to: the one who will hold
 * the meeting hears of a move or cancel too, not only the team's address.
 */
async function withAssignee(tx: Queryable, leadId: number, messages: readonly EmailMessage[]): Promise<EmailMessage[]> {
  const assignee = await assigneeEmail(tx, leadId);
  const internal = messages.find((message) => message.audience === 'internal');
  if (!assignee || !internal || assignee.toLowerCase() === internal.to.address.toLowerCase()) return [...messages];
  return [...messages, { ...internal, to: { address: assignee } }];
}

/** Sends one message now (the outbox's transport), resolving once it is accepted or written. */
type ErasureSend = (message: EmailMessage, outboxId: number, messageId: string) => Promise<void>;

/** The lease that keeps the outbox worker off the invites an erasure sends itself. */
const ERASURE_LEASE = 'privacy-erasure';
const FAR_FUTURE = '9999-12-31T00:00:00.000Z';

export function createMeetingService(options: MeetingServiceOptions) {
  const { storage, settings, logger } = options;
  const siteUrl = settings.siteUrl;

  async function enqueue(tx: Queryable, leadId: number, message: EmailMessage, at: string): Promise<number> {
    return createOutboxStore(tx).enqueue({
      leadId,
      audience: message.audience,
      recipient: message.to.address,
      subject: message.subject,
      message: JSON.stringify(message),
      messageId: newMessageId(addressOf(settings.from)),
      now: at,
    });
  }

  async function freshManageUrl(tx: Queryable, meetingId: number, at: string): Promise<string> {
    const { token, hash } = newToken();
    await createMeetingStore(tx).addToken(meetingId, hash, at);
    return manageUrl(siteUrl, token);
  }

  /** Plans the reminders of the meeting's current version that are still ahead. */
  async function planReminders(tx: Queryable, meeting: MeetingRecord, now: Date): Promise<void> {
    const start = Date.parse(meeting.startsAt);
    for (const minutes of options.reminders) {
      const due = start - minutes * MINUTE;
      if (due <= now.getTime()) continue;
      for (const audience of ['client', 'internal'] as const) {
        await tx.run(
          `INSERT INTO meeting_reminders (meeting_id, audience, minutes_before, sequence, due_at, status)
           VALUES ($1, $2, $3, $4, $5, 'pending') ON CONFLICT (meeting_id, sequence, audience, minutes_before) DO NOTHING`,
          [meeting.id, audience, minutes, meeting.sequence, new Date(due).toISOString()],
        );
      }
    }
  }

  /**
   * Drops the reminders of the meeting's old version: the pending ones, and those already queued that no
   * worker has taken yet (a worker that holds one is sending it this very moment).
   */
  async function dropReminders(tx: Queryable, meetingId: number, at: string): Promise<void> {
    await tx.run(
      "UPDATE meeting_reminders SET status = 'skipped', decided_at = $2 WHERE meeting_id = $1 AND status = 'pending'",
      [meetingId, at],
    );
    const unsent = await tx.all<{ id: number }>(
      `SELECT o.id FROM meeting_reminders r JOIN outbox o ON o.id = r.outbox_id
       WHERE r.meeting_id = $1 AND r.status = 'queued' AND o.status = 'pending' AND o.lease_owner IS NULL`,
      [meetingId],
    );
    for (const { id } of unsent) {
      await tx.run(
        "UPDATE meeting_reminders SET status = 'skipped', outbox_id = NULL, decided_at = $2 WHERE outbox_id = $1",
        [id, at],
      );
      await tx.run('DELETE FROM outbox WHERE id = $1', [id]);
    }
  }

  function isBusy(slot: string): boolean {
    const { start, end } = meetingTimes(slot);
    return options.busy.overlaps(start.getTime(), end.getTime());
  }

  /** The slots of a date still open: office hours, minus bookings, minus the team's busy times. */
  async function freeSlots(date: string, db: Queryable = storage): Promise<string[]> {
    const booked = await createLeadStore(db).bookedTimes(date);
    for (const time of DAILY_SLOTS) if (isBusy(`${date}T${time}`)) booked.add(time);
    return availableSlots(date, options.now(), booked);
  }

  /** Finds the meeting of a target under its lock (inside `tx`), or refuses. */
  async function locked(tx: Transaction, target: MeetingTarget): Promise<MeetingRecord> {
    const store = createMeetingStore(tx);
    const found =
      'token' in target
        ? isWellFormedToken(target.token)
          ? await store.byTokenHash(hashToken(target.token))
          : undefined
        : await store.byLead(target.leadId);
    if (!found) throw refuse('meetingNotFound');
    await tx.lock(`meeting:${found.id}`);
    const meeting = await store.byId(found.id);
    if (!meeting) throw refuse('meetingNotFound');
    if ('token' in target && Date.parse(meeting.endsAt) <= options.now().getTime()) throw refuse('meetingExpired');
    return meeting;
  }

  async function leadOf(db: Queryable, leadId: number): Promise<StoredLead> {
    const lead = await createLeadStore(db).get(leadId);
    if (!lead) throw refuse('meetingNotFound');
    return lead;
  }

  function changeable(meeting: MeetingRecord, now: Date): void {
    if (meeting.status === 'cancelled') throw refuse('meetingCancelled');
    if (meeting.status !== 'scheduled') throw refuse('meetingClosed');
    if (Date.parse(meeting.startsAt) <= now.getTime()) throw refuse('meetingStarted');
  }

  const actorOf = (changer: Changer): ChangeActor =>
    changer.kind === 'client' ? { kind: 'client' } : { kind: 'team', name: changer.name };

  /** Cancels a locked, changeable meeting inside `tx`; returns it and the messages that tell everyone. */
  async function cancelLocked(
    tx: Transaction,
    meeting: MeetingRecord,
    changer: Changer,
    now: Date,
  ): Promise<{ next: MeetingRecord; messages: EmailMessage[] }> {
    const at = now.toISOString();
    await tx.run('DELETE FROM bookings WHERE lead_id = $1', [meeting.leadId]);
    await tx.run('UPDATE leads SET appointment = NULL WHERE id = $1', [meeting.leadId]);
    const next: MeetingRecord = { ...meeting, status: 'cancelled', sequence: meeting.sequence + 1, updatedAt: at };
    const store = createMeetingStore(tx);
    await store.save(next);
    await store.addEvent({
      meetingId: meeting.id,
      leadId: meeting.leadId,
      kind: 'cancelled',
      actor: changer.kind,
      userId: changer.kind === 'team' ? changer.userId : null,
      at,
      fromSlot: meeting.slot,
      toSlot: null,
    });
    await dropReminders(tx, meeting.id, at);
    const lead = await leadOf(tx, meeting.leadId);
    const messages = cancelledMessages(
      { lead, meeting: next, internalTo: settings.salesEmail, now, actor: actorOf(changer) },
      settings,
    );
    return { next, messages: await withAssignee(tx, meeting.leadId, messages) };
  }

  return {
    freeSlots,
    isBusy,

    /**
     * The meeting of a lead just stored with `slot` booked, inside the submission's transaction: its record
     * (UID fixed for good, a fresh video room), its first manage link and its reminders.
     */
    async book(tx: Queryable, leadId: number, slot: string, now: Date): Promise<MeetingLinks> {
      const { start, end } = meetingTimes(slot);
      const at = now.toISOString();
      const meeting = await createMeetingStore(tx).insert({
        leadId,
        uid: meetingUid(leadId, slot, siteUrl),
        slot,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        videoUrl: videoLinkFor(options.urlTemplate),
        now: at,
      });
      await planReminders(tx, meeting, now);
      return linksOf(meeting, await freshManageUrl(tx, meeting.id, at));
    },

    /** The meeting a manage link opens; a link works until the meeting ends. */
    async lookup(token: string): Promise<Lookup> {
      if (!isWellFormedToken(token)) return { kind: 'unknown' };
      const meeting = await createMeetingStore(storage).byTokenHash(hashToken(token));
      if (!meeting) return { kind: 'unknown' };
      if (Date.parse(meeting.endsAt) <= options.now().getTime()) return { kind: 'expired', meeting };
      const lead = await createLeadStore(storage).get(meeting.leadId);
      return lead ? { kind: 'found', meeting, lead } : { kind: 'unknown' };
    },

    async byLead(leadId: number): Promise<MeetingRecord | undefined> {
      return createMeetingStore(storage).byLead(leadId);
    },

    async events(leadId: number): Promise<MeetingEvent[]> {
      return createMeetingStore(storage).events(leadId);
    },

    /** Moves the meeting to `slot`; throws `MeetingRefusal` (invalid, taken, gone, not found, expired). */
    async reschedule(target: MeetingTarget, slot: string, changer: Changer): Promise<MeetingRecord> {
      const now = options.now();
      const problem = slotProblem(slot, now);
      if (problem) throw refuse('meetingSlotInvalid', { problem });
      let moved: MeetingRecord;
      try {
        moved = await storage.transaction(async (tx) => {
          // The same lock as a booking: the slot check and the move are one step for every instance.
          await tx.lock('bookings');
          const meeting = await locked(tx, target);
          changeable(meeting, now);
          if (meeting.slot === slot) throw refuse('meetingSameSlot');
          if (isBusy(slot)) throw refuse('meetingTaken');
          const leads = createLeadStore(tx);
          if (await leads.isBooked(slot)) throw refuse('meetingTaken');
          const { start, end } = meetingTimes(slot);
          const at = now.toISOString();
          const date = parseAppointment(slot)?.date ?? slot.slice(0, 10);
          const updated = await tx.run(
            'UPDATE bookings SET slot = $1, slot_date = $2, starts_at = $3 WHERE lead_id = $4',
            [slot, date, start.toISOString(), meeting.leadId],
          );
          const lead = await leadOf(tx, meeting.leadId);
          if (updated.changes === 0) {
            // Its booking row is gone (cancelled, then moved by the team): the new slot is booked anew.
            await leads.book({
              slot,
              slotDate: date,
              startsAt: start.toISOString(),
              leadId: meeting.leadId,
              createdAt: at,
              clientHash: lead.clientHash,
              email: lead.email.toLowerCase(),
            });
          }
          await tx.run('UPDATE leads SET appointment = $1 WHERE id = $2', [slot, meeting.leadId]);
          const next: MeetingRecord = {
            ...meeting,
            slot,
            startsAt: start.toISOString(),
            endsAt: end.toISOString(),
            sequence: meeting.sequence + 1,
            updatedAt: at,
          };
          const store = createMeetingStore(tx);
          await store.save(next);
          await store.addEvent({
            meetingId: meeting.id,
            leadId: meeting.leadId,
            kind: 'moved',
            actor: changer.kind,
            userId: changer.kind === 'team' ? changer.userId : null,
            at,
            fromSlot: meeting.slot,
            toSlot: slot,
          });
          await dropReminders(tx, meeting.id, at);
          await planReminders(tx, next, now);
          const messages = movedMessages(
            {
              lead,
              meeting: next,
              internalTo: settings.salesEmail,
              manageUrl: await freshManageUrl(tx, meeting.id, at),
              now,
              previousSlot: meeting.slot,
              actor: actorOf(changer),
            },
            settings,
          );
          for (const message of await withAssignee(tx, meeting.leadId, messages))
            await enqueue(tx, meeting.leadId, message, at);
          return next;
        });
      } catch (error) {
        // Another process booked the slot after the check: the UNIQUE slot refused it.
        if (isUniqueViolation(error)) throw refuse('meetingTaken');
        throw error;
      }
      options.onQueued();
      logger.info('meeting.moved', { leadId: moved.leadId, by: changer.kind, sequence: moved.sequence });
      return moved;
    },

    /** Cancels the meeting and frees its slot; a second call changes nothing (`already: true`). */
    async cancel(target: MeetingTarget, changer: Changer): Promise<{ meeting: MeetingRecord; already: boolean }> {
      const now = options.now();
      const outcome = await storage.transaction(async (tx) => {
        await tx.lock('bookings');
        const meeting = await locked(tx, target);
        if (meeting.status === 'cancelled') return { meeting, already: true };
        changeable(meeting, now);
        const { next, messages } = await cancelLocked(tx, meeting, changer, now);
        const at = now.toISOString();
        for (const message of messages) await enqueue(tx, meeting.leadId, message, at);
        return { meeting: next, already: false };
      });
      if (!outcome.already) {
        options.onQueued();
        logger.info('meeting.cancelled', { leadId: outcome.meeting.leadId, by: changer.kind });
      }
      return outcome;
    },

    /**
     * Before a privacy erasure: every future meeting of the leads is cancelled and its CANCEL invites (same
     * UID, next SEQUENCE) are sent now through `send`, because the erasure that follows removes the addresses
     * they go to. Their outbox rows stay leased so no worker sends them twice; the erasure deletes them and
     * their `.eml` files with the rest. Returns how many invites were composed (a refused send is logged).
     */
    async cancelBeforeErasure(leadIds: readonly number[], send: ErasureSend): Promise<number> {
      const now = options.now();
      const at = now.toISOString();
      const queued = await storage.transaction(async (tx) => {
        await tx.lock('bookings');
        const rows: Array<{ id: number; message: EmailMessage; messageId: string }> = [];
        for (const leadId of leadIds) {
          const found = await createMeetingStore(tx).byLead(leadId);
          if (!found) continue;
          await tx.lock(`meeting:${found.id}`);
          // Read again under its lock: a move or cancel by the client may have landed meanwhile.
          const meeting = await createMeetingStore(tx).byId(found.id);
          if (meeting?.status !== 'scheduled' || Date.parse(meeting.startsAt) <= now.getTime()) continue;
          const { messages } = await cancelLocked(tx, meeting, { kind: 'client' }, now);
          for (const message of messages) {
            const messageId = newMessageId(addressOf(settings.from));
            const id = await createOutboxStore(tx).enqueue({
              leadId,
              audience: message.audience,
              recipient: message.to.address,
              subject: message.subject,
              message: JSON.stringify(message),
              messageId,
              now: at,
            });
            await tx.run('UPDATE outbox SET lease_owner = $1, lease_until = $2 WHERE id = $3', [
              ERASURE_LEASE,
              FAR_FUTURE,
              id,
            ]);
            rows.push({ id, message, messageId });
          }
        }
        return rows;
      });
      for (const row of queued) {
        try {
          await send(row.message, row.id, row.messageId);
          await createOutboxStore(storage).markSent(row.id, 1, options.now().toISOString());
        } catch (error) {
          // The erasure goes ahead anyway: keeping the address to retry would defeat the request.
          logger.error('meeting.erasure_cancel_failed', {
            outboxId: row.id,
            error: withoutAddresses(errorMessage(error)),
          });
        }
      }
      return queued.length;
    },

    /** The team says how it went: held or missed (only once it started; the slot stays in the records). */
    async mark(
      leadId: number,
      outcome: 'held' | 'missed',
      changer: Changer & { kind: 'team' },
    ): Promise<MeetingRecord> {
      const now = options.now();
      return storage.transaction(async (tx) => {
        const meeting = await locked(tx, { leadId });
        if (meeting.status === 'cancelled') throw refuse('meetingCancelled');
        if (Date.parse(meeting.startsAt) > now.getTime()) throw refuse('meetingNotStarted');
        if (meeting.status === outcome) return meeting;
        const at = now.toISOString();
        const next: MeetingRecord = { ...meeting, status: outcome, updatedAt: at };
        const store = createMeetingStore(tx);
        await store.save(next);
        await store.addEvent({
          meetingId: meeting.id,
          leadId,
          kind: outcome,
          actor: 'team',
          userId: changer.userId,
          at,
          fromSlot: meeting.slot,
          toSlot: null,
        });
        await dropReminders(tx, meeting.id, at);
        return next;
      });
    },

    /**
     * Queues every reminder that is due: once (under the meeting's lock, a reminder is decided by whoever
     * gets there first), only for the meeting's current version and only while it is still true; a late
     * one is skipped. Returns how many were queued and skipped.
     */
    async processDueReminders(): Promise<{ queued: number; skipped: number }> {
      const now = options.now();
      const at = now.toISOString();
      const due = await storage.all<{ id: number; meeting_id: number }>(
        "SELECT id, meeting_id FROM meeting_reminders WHERE status = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT 200",
        [at],
      );
      let queued = 0;
      let skipped = 0;
      for (const { id, meeting_id: meetingId } of due) {
        try {
          const decision = await storage.transaction(async (tx) => {
            await tx.lock(`meeting:${meetingId}`);
            const reminder = await tx.get<{
              status: string;
              audience: 'client' | 'internal';
              minutes_before: number;
              sequence: number;
              due_at: string;
            }>('SELECT status, audience, minutes_before, sequence, due_at FROM meeting_reminders WHERE id = $1', [id]);
            if (reminder?.status !== 'pending') return 'taken';
            const meeting = await createMeetingStore(tx).byId(meetingId);
            const start = meeting ? Date.parse(meeting.startsAt) : 0;
            const current = meeting?.status === 'scheduled' && meeting.sequence === reminder.sequence;
            const late =
              now.getTime() >= start ||
              now.getTime() - Date.parse(reminder.due_at) > lateAfterMs(reminder.minutes_before);
            if (!meeting || !current || late) {
              await tx.run("UPDATE meeting_reminders SET status = 'skipped', decided_at = $2 WHERE id = $1", [id, at]);
              return 'skipped';
            }
            const lead = await leadOf(tx, meeting.leadId);
            const internalTo = (await assigneeEmail(tx, meeting.leadId)) ?? settings.salesEmail;
            const message = reminderMessage(
              reminder.audience,
              {
                lead,
                meeting,
                internalTo,
                minutesBefore: reminder.minutes_before,
                now,
                ...(reminder.audience === 'client' ? { manageUrl: await freshManageUrl(tx, meeting.id, at) } : {}),
              },
              settings,
            );
            const outboxId = await enqueue(tx, meeting.leadId, message, at);
            await tx.run(
              "UPDATE meeting_reminders SET status = 'queued', outbox_id = $2, decided_at = $3 WHERE id = $1",
              [id, outboxId, at],
            );
            return 'queued';
          });
          if (decision === 'queued') queued += 1;
          if (decision === 'skipped') skipped += 1;
        } catch (error) {
          logger.error('meeting.reminder_failed', { reminder: id, error: errorMessage(error) });
        }
      }
      if (queued > 0) options.onQueued();
      if (queued + skipped > 0) logger.info('meeting.reminders', { queued, skipped });
      return { queued, skipped };
    },

    /**
     * Gives every booking made before meetings had a record its meeting (the UID its invite already had, a
     * video room, its reminders); no manage link exists for them until a message carries one.
     */
    async adoptBookings(): Promise<number> {
      const now = options.now();
      let adopted = 0;
      for (;;) {
        const batch = await storage.transaction(async (tx) => {
          await tx.lock('meetings:adopt');
          const store = createMeetingStore(tx);
          const orphans = await store.bookingsWithoutMeeting(100);
          for (const orphan of orphans) {
            const start = appointmentToUtc(orphan.slot);
            const meeting = await store.insert({
              leadId: orphan.leadId,
              uid: meetingUid(orphan.leadId, orphan.slot, siteUrl),
              slot: orphan.slot,
              startsAt: start.toISOString(),
              endsAt: meetingTimes(orphan.slot).end.toISOString(),
              videoUrl: videoLinkFor(options.urlTemplate),
              now: now.toISOString(),
            });
            await planReminders(tx, meeting, now);
          }
          return orphans.length;
        });
        adopted += batch;
        if (batch < 100) break;
      }
      if (adopted > 0) logger.info('meeting.adopted', { meetings: adopted });
      return adopted;
    },
  };
}

export type MeetingService = ReturnType<typeof createMeetingService>;
