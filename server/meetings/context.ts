/**
 * What every part of the meetings service shares: its options, and the steps each change repeats inside
 * its transaction (find the meeting under its lock, refuse what cannot change, write the new version and
 * its line of history, queue a message, mint a manage link).
 */
import type { StoredLead } from '../lead/store.ts';
import { meetingLanguage } from '../lead/inbox-store.ts';
import { createLeadStore } from '../lead/store.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Queryable, Storage, Transaction } from '../db/storage.ts';
import type { EmailMessage } from '../email/message.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf, inLanguage, type EmailSettings } from '../email/settings.ts';
import { refuse } from '../errors.ts';
import { meetingTimes } from '../lead/calendar.ts';
import type { Logger } from '../log/logger.ts';
import type { ChangeActor } from './emails.ts';
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

/** Who changes a meeting: the client (manage link) or an inbox account. */
export type Changer = { kind: 'client' } | { kind: 'team'; userId: number; name: string };

/** What identifies the meeting to change: a manage link's token, or the lead (the inbox). */
export type MeetingTarget = { token: string } | { leadId: number };

/** Queues `message` in the outbox inside `tx`; returns its row. */
export async function enqueue(
  tx: Queryable,
  settings: EmailSettings,
  leadId: number,
  message: EmailMessage,
  at: string,
  messageId: string = newMessageId(addressOf(settings.from)),
): Promise<number> {
  return createOutboxStore(tx).enqueue({
    leadId,
    audience: message.audience,
    recipient: message.to.address,
    subject: message.subject,
    message: JSON.stringify(message),
    messageId,
    now: at,
  });
}

/**
 * A new manage link for the meeting (the old ones keep working until it ends), to the manage page in the
 * language its client wrote in.
 */
export async function freshManageUrl(
  tx: Queryable,
  settings: EmailSettings,
  meetingId: number,
  at: string,
): Promise<string> {
  const { token, hash } = newToken();
  await createMeetingStore(tx).addToken(meetingId, hash, at);
  const language = await meetingLanguage(tx, meetingId);
  return manageUrl(settings.siteUrl, token, inLanguage(settings, language).managePath);
}

export function isBusy(busy: BusyTimes, slot: string): boolean {
  const { start, end } = meetingTimes(slot);
  return busy.overlaps(start.getTime(), end.getTime());
}

/** Finds the meeting of a target under its lock (inside `tx`), or refuses. */
export async function locked(tx: Transaction, target: MeetingTarget, now: Date): Promise<MeetingRecord> {
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
  if ('token' in target && Date.parse(meeting.endsAt) <= now.getTime()) throw refuse('meetingExpired');
  return meeting;
}

export async function leadOf(db: Queryable, leadId: number): Promise<StoredLead> {
  const lead = await createLeadStore(db).get(leadId);
  if (!lead) throw refuse('meetingNotFound');
  return lead;
}

/** Refuses a change of a meeting that is cancelled, closed or already started. */
export function changeable(meeting: MeetingRecord, now: Date): void {
  if (meeting.status === 'cancelled') throw refuse('meetingCancelled');
  if (meeting.status !== 'scheduled') throw refuse('meetingClosed');
  if (Date.parse(meeting.startsAt) <= now.getTime()) throw refuse('meetingStarted');
}

export const actorOf = (changer: Changer): ChangeActor =>
  changer.kind === 'client' ? { kind: 'client' } : { kind: 'team', name: changer.name };

/** A change of a meeting: its new version and the line the lead's history keeps of it. */
export interface Change {
  meeting: MeetingRecord;
  next: MeetingRecord;
  kind: MeetingEvent['kind'];
  changer: Changer;
  at: string;
  toSlot: string | null;
}

/** Saves the meeting's new version and writes the change to the lead's history, inside `tx`. */
export async function saveChange(tx: Queryable, { meeting, next, kind, changer, at, toSlot }: Change): Promise<void> {
  const store = createMeetingStore(tx);
  await store.save(next);
  await store.addEvent({
    meetingId: meeting.id,
    leadId: meeting.leadId,
    kind,
    actor: changer.kind,
    userId: changer.kind === 'team' ? changer.userId : null,
    at,
    fromSlot: meeting.slot,
    toSlot,
  });
}

/** The active inbox account a lead is assigned to, by its address; none when unassigned. */
export async function assigneeEmail(tx: Queryable, leadId: number): Promise<string | undefined> {
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
export async function withAssignee(
  tx: Queryable,
  leadId: number,
  messages: readonly EmailMessage[],
): Promise<EmailMessage[]> {
  const assignee = await assigneeEmail(tx, leadId);
  const internal = messages.find((message) => message.audience === 'internal');
  if (!assignee || !internal || assignee.toLowerCase() === internal.to.address.toLowerCase()) return [...messages];
  return [...messages, { ...internal, to: { address: assignee } }];
}
