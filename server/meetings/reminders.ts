/**
 * A meeting's reminders: planned for its current version when it is booked or moved, dropped when it
 * changes, and queued when due, once, only while still true.
 */
import { untaken, withdrawMessage } from '../db/outbox-queries.ts';
import type { Queryable } from '../db/storage.ts';
import { errorMessage } from '../log/logger.ts';
import { assigneeEmail, enqueue, freshManageUrl, leadOf, type MeetingServiceOptions } from './context.ts';
import { reminderMessage } from './emails.ts';
import { createMeetingStore, type MeetingRecord } from './store.ts';

const MINUTE = 60_000;

/** A reminder that cannot go out by then says something false ("en 24 horas"): it is skipped instead. */
export function lateAfterMs(minutesBefore: number): number {
  return Math.max(5, minutesBefore / 4) * MINUTE;
}

/** Plans the reminders of the meeting's current version that are still ahead. */
export async function planReminders(
  tx: Queryable,
  reminders: readonly number[],
  meeting: MeetingRecord,
  now: Date,
): Promise<void> {
  const start = Date.parse(meeting.startsAt);
  for (const minutes of reminders) {
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
export async function dropReminders(tx: Queryable, meetingId: number, at: string): Promise<void> {
  await tx.run(
    "UPDATE meeting_reminders SET status = 'skipped', decided_at = $2 WHERE meeting_id = $1 AND status = 'pending'",
    [meetingId, at],
  );
  const queued = await tx.all<{ outbox_id: number }>(
    "SELECT outbox_id FROM meeting_reminders WHERE meeting_id = $1 AND status = 'queued' AND outbox_id IS NOT NULL",
    [meetingId],
  );
  for (const id of await untaken(
    tx,
    queued.map((row) => row.outbox_id),
  )) {
    await tx.run(
      "UPDATE meeting_reminders SET status = 'skipped', outbox_id = NULL, decided_at = $2 WHERE outbox_id = $1",
      [id, at],
    );
    await withdrawMessage(tx, id);
  }
}

type Decision = 'queued' | 'skipped' | 'taken';

/** Decides one due reminder under its meeting's lock: queued, skipped (stale or late), or taken by another. */
async function decideReminder(
  options: MeetingServiceOptions,
  id: number,
  meetingId: number,
  now: Date,
): Promise<Decision> {
  const { settings } = options;
  const at = now.toISOString();
  return options.storage.transaction(async (tx) => {
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
      now.getTime() >= start || now.getTime() - Date.parse(reminder.due_at) > lateAfterMs(reminder.minutes_before);
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
        ...(reminder.audience === 'client' ? { manageUrl: await freshManageUrl(tx, settings, meeting.id, at) } : {}),
      },
      settings,
    );
    const outboxId = await enqueue(tx, settings, meeting.leadId, message, at);
    await tx.run("UPDATE meeting_reminders SET status = 'queued', outbox_id = $2, decided_at = $3 WHERE id = $1", [
      id,
      outboxId,
      at,
    ]);
    return 'queued';
  });
}

/**
 * Queues every reminder that is due: once (under the meeting's lock, a reminder is decided by whoever
 * gets there first), only for the meeting's current version and only while it is still true; a late
 * one is skipped. Returns how many were queued and skipped.
 */
export async function processDueReminders(
  options: MeetingServiceOptions,
): Promise<{ queued: number; skipped: number }> {
  const { logger } = options;
  const now = options.now();
  const due = await options.storage.all<{ id: number; meeting_id: number }>(
    "SELECT id, meeting_id FROM meeting_reminders WHERE status = 'pending' AND due_at <= $1 ORDER BY due_at, id LIMIT 200",
    [now.toISOString()],
  );
  let queued = 0;
  let skipped = 0;
  for (const { id, meeting_id: meetingId } of due) {
    try {
      const decision = await decideReminder(options, id, meetingId, now);
      if (decision === 'queued') queued += 1;
      if (decision === 'skipped') skipped += 1;
    } catch (error) {
      logger.error('meeting.reminder_failed', { reminder: id, error: errorMessage(error) });
    }
  }
  if (queued > 0) options.onQueued();
  if (queued + skipped > 0) logger.info('meeting.reminders', { queued, skipped });
  return { queued, skipped };
}
