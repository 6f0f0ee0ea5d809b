/**
 * Clients' replies in a lead's history (`inbox_replies`), written by the mailbox reader (server/inbox-email/replies/)
 * and shown on the lead page. A reply belongs to the lead whose outbox message it answers (In-Reply-To or
 * References), else to the newest lead with the sender's address; a merged lead's reply goes to the lead it
 * was merged into. Storing is idempotent: the reply's key is unique, so reading a message again (a retry
 * after a dropped connection, another instance) stores nothing more.
 */
import { z } from 'zod';
import { leadOfMessage } from '../../db/outbox-queries.ts';
import { rowParser } from '../../db/rows.ts';
import type { Queryable, Storage, Transaction } from '../../db/storage.ts';
import { newestUnmergedByEmail } from '../../lead/inbox-store.ts';
import type { LeadEvent } from '../model.ts';
import { touchActivity } from './pipeline-events.ts';

/** A reply as the reader hands it over: already parsed, addresses lower-cased, texts bounded. */
export interface IncomingReply {
  /** SHA-256 (hex) of the Message-ID, or of the message's place in the mailbox when it has none. */
  key: string;
  /** The Message-IDs it answers, In-Reply-To first, then References newest first. */
  answers: readonly string[];
  from: string;
  subject: string;
  body: string;
  /** ISO 8601: its Date header, or when it reached the mailbox. */
  sentAt: string;
}

export type ReplyOutcome =
  | { stored: true; leadId: number; matchedBy: 'thread' | 'sender' }
  | { stored: false; reason: 'duplicate' | 'unmatched' | 'team' };

/** What the next step says when a reply puts an open lead in "Hoy" and nobody had planned one. */
export const REPLY_NEXT_STEP = 'Contestar la respuesta del cliente';

/** How many merges are followed from a lead to the one that absorbed it. */
const MAX_MERGE_HOPS = 5;

const replyFromRow = rowParser(
  'inbox_replies',
  z
    .object({
      id: z.number().int(),
      lead_id: z.number().int(),
      from_address: z.string().nullable(),
      subject: z.string().nullable(),
      body: z.string().nullable(),
      sent_at: z.string(),
    })
    .transform((row): LeadEvent => ({
      id: row.id,
      leadId: row.lead_id,
      kind: 'reply',
      at: row.sent_at,
      userName: null,
      fromValue: row.from_address,
      toValue: row.subject,
      body: row.body,
    })),
);

async function absorbingLead(db: Queryable, leadId: number): Promise<number> {
  let current = leadId;
  for (let hop = 0; hop < MAX_MERGE_HOPS; hop += 1) {
    const row = await db.get<{ into_id: number }>('SELECT into_id FROM pipeline_merges WHERE lead_id = $1', [current]);
    if (!row) return current;
    current = row.into_id;
  }
  return current;
}

/** The lead a reply belongs to, and how it was found; `undefined` when nothing matches. */
async function matchLead(
  db: Queryable,
  reply: IncomingReply,
): Promise<{ leadId: number; matchedBy: 'thread' | 'sender' } | undefined> {
  for (const messageId of reply.answers) {
    const leadId = await leadOfMessage(db, messageId);
    if (leadId !== undefined) return { leadId: await absorbingLead(db, leadId), matchedBy: 'thread' };
  }
  if (!reply.from) return undefined;
  const leadId = await newestUnmergedByEmail(db, reply.from);
  return leadId === undefined ? undefined : { leadId, matchedBy: 'sender' };
}

/** An open lead with a reply is due today: its next step moves to today unless it is already due. */
async function dueToday(tx: Transaction, leadId: number, today: string, at: string): Promise<void> {
  const state = await tx.get<{ status: string }>('SELECT status FROM inbox_lead_state WHERE lead_id = $1', [leadId]);
  if (state?.status === 'ganado' || state?.status === 'perdido') return;
  await tx.run(
    `INSERT INTO pipeline_deals (lead_id, next_step_date, next_step, updated_at, version) VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT (lead_id) DO UPDATE SET
       next_step_date = CASE WHEN pipeline_deals.next_step_date IS NULL OR pipeline_deals.next_step_date > excluded.next_step_date
         THEN excluded.next_step_date ELSE pipeline_deals.next_step_date END,
       next_step = COALESCE(pipeline_deals.next_step, excluded.next_step),
       updated_at = excluded.updated_at, version = pipeline_deals.version + 1`,
    [leadId, today, REPLY_NEXT_STEP, at],
  );
}

export function createReplyStore(storage: Storage) {
  return {
    /**
     * Stores `reply` once in its lead's history and puts the lead in "Hoy" (`today`, Mexico City). Replies
     * from the team's own accounts are not a client's and are skipped.
     */
    record(reply: IncomingReply, today: string, now: string): Promise<ReplyOutcome> {
      return storage.transaction(async (tx): Promise<ReplyOutcome> => {
        const team = await tx.get('SELECT 1 AS one FROM inbox_users WHERE lower(email) = $1', [reply.from]);
        if (team) return { stored: false, reason: 'team' };
        const match = await matchLead(tx, reply);
        if (!match) return { stored: false, reason: 'unmatched' };
        await tx.lock(`inbox-lead:${match.leadId}`);
        const inserted = await tx.get(
          `INSERT INTO inbox_replies (lead_id, message_key, matched_by, from_address, subject, body, sent_at, captured_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (message_key) DO NOTHING RETURNING id`,
          [match.leadId, reply.key, match.matchedBy, reply.from, reply.subject, reply.body, reply.sentAt, now],
        );
        if (!inserted) return { stored: false, reason: 'duplicate' };
        await dueToday(tx, match.leadId, today, now);
        await touchActivity(tx, match.leadId, reply.sentAt > now ? now : reply.sentAt);
        return { stored: true, ...match };
      });
    },
    /** How far `mailbox` was read: its UIDVALIDITY and the highest UID handled. */
    async cursor(mailbox: string): Promise<{ uidValidity: string; lastUid: number } | undefined> {
      const row = await storage.get<{ uid_validity: number | string; last_uid: number | string }>(
        'SELECT uid_validity, last_uid FROM inbox_reply_cursors WHERE mailbox = $1',
        [mailbox],
      );
      return row ? { uidValidity: String(row.uid_validity), lastUid: Number(row.last_uid) } : undefined;
    },
    /**
     * Records that every message of `mailbox` up to `lastUid` is handled. Never moves back (two instances
     * reading at once), except when the mailbox's UIDVALIDITY changed: then its UIDs start over.
     */
    async advance(mailbox: string, uidValidity: string, lastUid: number, now: string): Promise<void> {
      await storage.run(
        `INSERT INTO inbox_reply_cursors (mailbox, uid_validity, last_uid, updated_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (mailbox) DO UPDATE SET last_uid = CASE
             WHEN inbox_reply_cursors.uid_validity <> excluded.uid_validity THEN excluded.last_uid
             WHEN inbox_reply_cursors.last_uid > excluded.last_uid THEN inbox_reply_cursors.last_uid
             ELSE excluded.last_uid END,
           uid_validity = excluded.uid_validity, updated_at = excluded.updated_at`,
        [mailbox, uidValidity, lastUid, now],
      );
    },
  };
}

export type ReplyStore = ReturnType<typeof createReplyStore>;

/** The lead's replies, newest first, as history events (`fromValue` the sender, `toValue` the subject). */
export async function leadReplies(db: Queryable, leadId: number): Promise<LeadEvent[]> {
  const rows = await db.all(
    'SELECT id, lead_id, from_address, subject, body, sent_at FROM inbox_replies WHERE lead_id = $1 ORDER BY id DESC',
    [leadId],
  );
  return rows.map(replyFromRow);
}
