/**
 * The `outbox` table seen from beside the worker: the inbox's delivery list, the reply matcher, the
 * alerts' counts, the meetings' withdrawn reminders and the erasure's own sends. With ./outbox.ts (the
 * worker's queue) it is the only place with SQL on `outbox` besides the privacy rights and the migrations
 * (server/table-owners.test.ts).
 */
import { z } from 'zod';
import { outboxRowSchema } from './outbox.ts';
import { rowParser } from './rows.ts';
import type { Queryable } from './storage.ts';

/** A message as the lead's page shows its delivery. */
export type OutboxDelivery = z.output<typeof deliveryRow>;

const deliveryRow = outboxRowSchema
  .pick({
    audience: true,
    recipient: true,
    subject: true,
    status: true,
    attempts: true,
    next_attempt_at: true,
    last_error: true,
    sent_at: true,
  })
  .extend({ sent_by: z.string().nullable() })
  .transform((row) => ({
    audience: row.audience,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    sentAt: row.sent_at,
    sentBy: row.sent_by,
  }));

const deliveryFromRow = rowParser('outbox', deliveryRow);

/** A lead's messages, oldest first; `sentBy` is the inbox account that wrote one from the lead's page. */
export async function deliveriesOf(db: Queryable, leadId: number): Promise<OutboxDelivery[]> {
  const rows = await db.all(
    `SELECT o.audience, o.recipient, o.subject, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at,
       CASE WHEN e.id IS NULL THEN NULL ELSE COALESCE(u.name, '') END AS sent_by
     FROM outbox o LEFT JOIN pipeline_events e ON e.outbox_id = o.id AND e.kind = 'email'
       LEFT JOIN inbox_users u ON u.id = e.user_id
     WHERE o.lead_id = $1 ORDER BY o.id`,
    [leadId],
  );
  return rows.map(deliveryFromRow);
}

/** The lead of the newest message sent with `messageId` (what a reply's In-Reply-To names). */
export async function leadOfMessage(db: Queryable, messageId: string): Promise<number | undefined> {
  const row = await db.get<{ lead_id: number }>(
    'SELECT lead_id FROM outbox WHERE message_id = $1 AND lead_id IS NOT NULL ORDER BY id DESC LIMIT 1',
    [messageId],
  );
  return row?.lead_id;
}

/** Messages still pending that were queued before `before` (ISO time). */
export async function pendingSince(db: Queryable, before: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT count(*) AS n FROM outbox WHERE status = 'pending' AND created_at < $1",
    [before],
  );
  return row?.n ?? 0;
}

/** Messages queued since `since` (ISO time) that failed for good. */
export async function failedSince(db: Queryable, since: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    "SELECT count(*) AS n FROM outbox WHERE status = 'failed' AND created_at >= $1",
    [since],
  );
  return row?.n ?? 0;
}

/** Holds a message for `owner` until `until`, so no worker takes it. */
export async function holdMessage(db: Queryable, id: number, owner: string, until: string): Promise<void> {
  await db.run('UPDATE outbox SET lease_owner = $1, lease_until = $2 WHERE id = $3', [owner, until, id]);
}

/** Of these messages, the ones still pending that no worker holds (none is being sent). */
export async function untaken(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: number }>(
    `SELECT id FROM outbox WHERE id IN (${ids.map((_, index) => `$${index + 1}`).join(', ')})
     AND status = 'pending' AND lease_owner IS NULL ORDER BY id`,
    [...ids],
  );
  return rows.map((row) => row.id);
}

/** Hands a lead's messages to another lead (a merge). */
export async function moveMessages(db: Queryable, fromLeadId: number, toLeadId: number): Promise<void> {
  await db.run('UPDATE outbox SET lead_id = $1 WHERE lead_id = $2', [toLeadId, fromLeadId]);
}

/** Withdraws a message nobody sent. */
export async function withdrawMessage(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM outbox WHERE id = $1', [id]);
}
