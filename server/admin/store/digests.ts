/**
 * The daily digest's data and its once-a-day guarantee: one `pipeline_digests` row per person and Mexico City
 * day, written in the same transaction as the queued message, under a lock on that pair, so however many
 * instances try, a person gets one digest a day (or none, when nothing was due).
 */
import { z } from 'zod';
import { createOutboxStore } from '../../db/outbox.ts';
import { rowParser } from '../../db/rows.ts';
import type { Storage, Transaction } from '../../db/storage.ts';
import { dayMeetingRows, dueFollowUpRows } from '../../lead/inbox-store.ts';
import type { Digest, DigestFollowUp, DigestMeeting, OutboxDraft } from '../mail.ts';
import type { AdminUser } from '../model.ts';

/** At most this many lines per list: a digest is a reminder, the inbox has the rest. */
const DIGEST_LIMIT = 50;

const followUpRow = rowParser(
  'pipeline_deals',
  z
    .object({ id: z.number().int(), name: z.string(), next_step: z.string(), next_step_date: z.string() })
    .transform((row): DigestFollowUp => ({
      leadId: row.id,
      name: row.name,
      nextStep: row.next_step,
      nextStepDate: row.next_step_date,
    })),
);

const meetingRow = rowParser(
  'meetings',
  z
    .object({ id: z.number().int(), name: z.string(), slot: z.string() })
    .transform((row): DigestMeeting => ({ leadId: row.id, name: row.name, time: row.slot.slice(11, 16) })),
);

export type DigestOutcome = 'queued' | 'nothing-due' | 'already-done';

/** Today's meetings as they stand, of `who`'s leads (a merged lead's meeting under the lead it joined). */
function meetingsOf(tx: Transaction, who: 'assigned' | 'unassigned', userId: number, day: string) {
  return dayMeetingRows(tx, who, userId, day, DIGEST_LIMIT);
}

async function dueFor(tx: Transaction, user: AdminUser, day: string): Promise<Digest> {
  const [followUps, meetings, unassigned] = await Promise.all([
    dueFollowUpRows(tx, user.id, day, DIGEST_LIMIT * 2),
    // Meetings as they stand (moved: their new slot; cancelled: gone). A meeting left on a merged lead (the
    // kept one had its own) is the kept lead's, and shows under it.
    meetingsOf(tx, 'assigned', user.id, day),
    // Admins also hear of the meetings nobody is assigned to: otherwise no one would.
    user.role === 'admin' ? meetingsOf(tx, 'unassigned', user.id, day) : Promise.resolve([]),
  ]);
  const steps = followUps.map(followUpRow);
  return {
    to: { id: user.id, name: user.name, email: user.email },
    day,
    overdue: steps.filter((step) => step.nextStepDate < day).slice(0, DIGEST_LIMIT),
    today: steps.filter((step) => step.nextStepDate === day).slice(0, DIGEST_LIMIT),
    meetings: meetings.map(meetingRow),
    unassignedMeetings: unassigned.map(meetingRow),
  };
}

export function createDigestStore(storage: Storage) {
  return {
    /** Queues `user`'s digest for `day` unless it was already decided today; `compose` builds the message. */
    sendFor(user: AdminUser, day: string, now: Date, compose: (digest: Digest) => OutboxDraft): Promise<DigestOutcome> {
      return storage.transaction(async (tx) => {
        await tx.lock(`pipeline-digest:${user.id}:${day}`);
        if (await tx.get('SELECT 1 AS done FROM pipeline_digests WHERE user_id = $1 AND day = $2', [user.id, day]))
          return 'already-done';
        const digest = await dueFor(tx, user, day);
        const leads = new Set(
          [...digest.overdue, ...digest.today, ...digest.meetings, ...digest.unassignedMeetings].map(
            (item) => item.leadId,
          ),
        );
        let outboxId: number | null = null;
        if (leads.size > 0) {
          const draft = compose(digest);
          outboxId = await createOutboxStore(tx).enqueue({ leadId: null, ...draft, now: now.toISOString() });
          for (const leadId of leads)
            await tx.run('INSERT INTO pipeline_digest_leads (outbox_id, lead_id) VALUES ($1, $2)', [outboxId, leadId]);
        }
        await tx.run('INSERT INTO pipeline_digests (user_id, day, outbox_id, created_at) VALUES ($1, $2, $3, $4)', [
          user.id,
          day,
          outboxId,
          now.toISOString(),
        ]);
        return outboxId === null ? 'nothing-due' : 'queued';
      });
    },
  };
}

export type DigestStore = ReturnType<typeof createDigestStore>;
