/** The outbox: every e-mail to send, written in the same transaction as its lead. */
import type { Database } from './database.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface NewOutboxMessage {
  leadId: number;
  audience: 'client' | 'internal';
  recipient: string;
  subject: string;
  /** The full message (from, to, subject, html, text, attachments), JSON. */
  message: string;
  now: string;
}

export interface OutboxRow {
  id: number;
  lead_id: number;
  audience: 'client' | 'internal';
  recipient: string;
  subject: string;
  message: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export function createOutboxStore(db: Database) {
  const insert = db.prepare(`
    INSERT INTO outbox (lead_id, audience, recipient, subject, message, status, attempts, next_attempt_at, created_at)
    VALUES ($leadId, $audience, $recipient, $subject, $message, 'pending', 0, $now, $now)
  `);
  const due = db.prepare(`
    SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?
  `);
  const nextDue = db.prepare("SELECT min(next_attempt_at) AS at FROM outbox WHERE status = 'pending'");
  const sent = db.prepare("UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE id = ?");
  const retry = db.prepare('UPDATE outbox SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?');
  const failed = db.prepare("UPDATE outbox SET status = 'failed', attempts = ?, last_error = ? WHERE id = ?");
  const byStatus = db.prepare('SELECT status, count(*) AS n FROM outbox GROUP BY status');
  const byLead = db.prepare('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id');

  return {
    enqueue(message: NewOutboxMessage): number {
      return Number(insert.run({ ...message }).lastInsertRowid);
    },
    due(now: string, limit: number): OutboxRow[] {
      return due.all(now, limit) as unknown as OutboxRow[];
    },
    /** When the next pending message is due, or `undefined` when none is pending. */
    nextDueAt(): string | undefined {
      const row = nextDue.get() as { at: string | null } | undefined;
      return row?.at ?? undefined;
    },
    markSent(id: number, now: string): void {
      sent.run(now, id);
    },
    scheduleRetry(id: number, attempts: number, nextAttemptAt: string, error: string): void {
      retry.run(attempts, nextAttemptAt, error, id);
    },
    markFailed(id: number, attempts: number, error: string): void {
      failed.run(attempts, error, id);
    },
    counts(): Record<OutboxStatus, number> {
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const row of byStatus.all() as Array<{ status: OutboxStatus; n: number }>) counts[row.status] = row.n;
      return counts;
    },
    forLead(leadId: number): OutboxRow[] {
      return byLead.all(leadId) as unknown as OutboxRow[];
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;
