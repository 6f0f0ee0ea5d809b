/**
 * The outbox: every e-mail to send, written in the same transaction as its lead. Workers on any number
 * of instances take messages by lease: `claim` marks due rows with the worker's name and a deadline in
 * one statement (PostgreSQL skips rows another worker is claiming), so no two live workers hold one
 * message; a worker that dies leaves a lease that simply expires.
 */
import { z } from 'zod';
import { rowParser } from './rows.ts';
import type { Queryable } from './storage.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** Who a message is for: the lead's client, the sales team about a lead, or one inbox account (no lead). */
export const OUTBOX_AUDIENCES = ['client', 'internal', 'account'] as const;
export type OutboxAudience = (typeof OUTBOX_AUDIENCES)[number];

export interface NewOutboxMessage {
  /** Null for a message about no lead (an inbox account's sign-in link). */
  leadId: number | null;
  audience: OutboxAudience;
  recipient: string;
  subject: string;
  /** The full message (from, to, subject, html, text, attachments), JSON. */
  message: string;
  /** `<…@domain>`, fixed for the life of the message. */
  messageId: string;
  now: string;
}

/** A row of `outbox` as the table holds it; `message` stays JSON text until the sender reads it. */
export const outboxRowSchema = z.object({
  id: z.number().int(),
  lead_id: z.number().int().nullable(),
  audience: z.enum(OUTBOX_AUDIENCES),
  recipient: z.string(),
  subject: z.string(),
  message: z.string(),
  message_id: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  next_attempt_at: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  lease_owner: z.string().nullable(),
  lease_until: z.string().nullable(),
  /** Set when its body was erased (server/privacy/): it is never sent or requeued again. */
  body_erased_at: z.string().nullable().optional(),
});

export type OutboxRow = z.output<typeof outboxRowSchema>;

const outboxFromRow = rowParser('outbox', outboxRowSchema);

export function createOutboxStore(db: Queryable) {
  return {
    async enqueue(message: NewOutboxMessage): Promise<number> {
      const row = await db.get<{ id: number }>(
        `INSERT INTO outbox (lead_id, audience, recipient, subject, message, message_id, status, attempts, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $7) RETURNING id`,
        [
          message.leadId,
          message.audience,
          message.recipient,
          message.subject,
          message.message,
          message.messageId,
          message.now,
        ],
      );
      return Number(row?.id);
    },
    /**
     * Takes up to `limit` due messages nobody holds for `owner` until `leaseUntil`; oldest first. A
     * lease that ran out is not taken here: `reclaimExpired` first gives its holder a grace.
     */
    async claim(owner: string, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
      const skipLocked = db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
      const rows = (
        await db.all(
          `UPDATE outbox SET lease_owner = $1, lease_until = $2
         WHERE id IN (
           SELECT id FROM outbox
           WHERE status = 'pending' AND next_attempt_at <= $3 AND lease_until IS NULL
           ORDER BY next_attempt_at, id LIMIT $4 ${skipLocked}
         )
         RETURNING *`,
          [owner, leaseUntil, now, limit],
        )
      ).map(outboxFromRow);
      return rows.sort((a, b) => a.next_attempt_at.localeCompare(b.next_attempt_at) || a.id - b.id);
    },
    /**
     * Extends `owner`'s lease on one message right before it is sent; `false` when the lease was lost
     * (it ran out and another worker claimed the message, or it is no longer pending): then it is not sent.
     */
    async renew(id: number, owner: string, leaseUntil: string): Promise<boolean> {
      const result = await db.run(
        "UPDATE outbox SET lease_until = $1 WHERE id = $2 AND lease_owner = $3 AND status = 'pending'",
        [leaseUntil, id, owner],
      );
      return result.changes === 1;
    },
    /**
     * Leases that ran out by `now` go back to the queue, due at `dueAt`. Their holder died, or it is
     * alive and lost the database for longer than a lease while holding an SMTP server's acceptance:
     * the wait until `dueAt` lets it record that first (its `markSent` needs no lease), so the message
     * is not sent again. Returns how many came back.
     */
    async reclaimExpired(now: string, dueAt: string): Promise<number> {
      const result = await db.run(
        `UPDATE outbox SET lease_owner = NULL, lease_until = NULL, next_attempt_at = $2
         WHERE status = 'pending' AND lease_until IS NOT NULL AND lease_until <= $1`,
        [now, dueAt],
      );
      return result.changes;
    },
    /** When a worker should look again: the earliest due time or lease end among pending messages. */
    async nextDueAt(): Promise<string | undefined> {
      const row = await db.get<{ at: string | null }>(
        `SELECT min(CASE WHEN lease_until IS NOT NULL AND lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) AS at
         FROM outbox WHERE status = 'pending'`,
      );
      return row?.at ?? undefined;
    },
    async markSent(id: number, attempts: number, now: string): Promise<void> {
      await db.run(
        "UPDATE outbox SET status = 'sent', attempts = $1, sent_at = $2, last_error = NULL, lease_owner = NULL, lease_until = NULL WHERE id = $3",
        [attempts, now, id],
      );
    },
    /** Whether the message's body was erased (or its row is gone): a privacy erasure reached it. */
    async bodyErased(id: number): Promise<boolean> {
      const row = await db.get<{ body_erased_at: string | null }>('SELECT body_erased_at FROM outbox WHERE id = $1', [
        id,
      ]);
      // No row reads as undefined, which is not null: gone counts as erased.
      return row?.body_erased_at !== null;
    },
    async scheduleRetry(id: number, attempts: number, nextAttemptAt: string, error: string): Promise<void> {
      await db.run(
        'UPDATE outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, lease_owner = NULL, lease_until = NULL WHERE id = $4',
        [attempts, nextAttemptAt, error, id],
      );
    },
    /** Gives a claimed message back untried (shutdown, or SMTP known to be down), due at `nextAttemptAt`. */
    async release(id: number, owner: string, nextAttemptAt: string): Promise<void> {
      await db.run(
        "UPDATE outbox SET lease_owner = NULL, lease_until = NULL, next_attempt_at = $1 WHERE id = $2 AND lease_owner = $3 AND status = 'pending'",
        [nextAttemptAt, id, owner],
      );
    },
    async markFailed(id: number, attempts: number, error: string): Promise<void> {
      await db.run(
        "UPDATE outbox SET status = 'failed', attempts = $1, last_error = $2, lease_owner = NULL, lease_until = NULL WHERE id = $3",
        [attempts, error, id],
      );
    },
    /** Failed messages, oldest first (the operator's `npm run outbox -- failed`). */
    async failed(): Promise<OutboxRow[]> {
      return (await db.all("SELECT * FROM outbox WHERE status = 'failed' ORDER BY id")).map(outboxFromRow);
    },
    /** Puts failed messages back in the queue, due now, with a fresh attempt count; all when `ids` is omitted. */
    async requeueFailed(now: string, ids?: readonly number[]): Promise<number> {
      if (ids?.length === 0) return 0;
      const only = ids ? ` AND id IN (${ids.map((_, index) => `$${index + 2}`).join(', ')})` : '';
      const result = await db.run(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, lease_owner = NULL, lease_until = NULL WHERE status = 'failed' AND body_erased_at IS NULL${only}`,
        [now, ...(ids ?? [])],
      );
      return result.changes;
    },
    async counts(): Promise<Record<OutboxStatus, number>> {
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const row of await db.all<{ status: OutboxStatus; n: number }>(
        'SELECT status, count(*) AS n FROM outbox GROUP BY status',
      )) {
        counts[row.status] = row.n;
      }
      return counts;
    },
    async forLead(leadId: number): Promise<OutboxRow[]> {
      return (await db.all('SELECT * FROM outbox WHERE lead_id = $1 ORDER BY id', [leadId])).map(outboxFromRow);
    },
  };
}
