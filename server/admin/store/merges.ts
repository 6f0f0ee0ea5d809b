/**
 * Duplicates and merging. Two leads are duplicates when they share an e-mail (any capitals) or a phone (the
 * API stores phones normalised). Merging keeps one lead and moves the other's history, meetings and e-mails
 * to it, in one transaction under both leads' locks; the merged lead's row stays (nothing the visitor sent
 * is lost: the kept lead's page lists it) but leaves every list.
 */
import { z } from 'zod';
import { leadFromRow, type StoredLead } from '../../db/leads.ts';
import { rowParser } from '../../db/rows.ts';
import type { Queryable, Storage, Transaction } from '../../db/storage.ts';
import { referenceOf } from '../../lead/model.ts';
import { isLeadStatus, type LeadStatus } from '../lifecycle.ts';
import { addPipelineEvent } from './pipeline-events.ts';
import { refuse } from '../../errors.ts';

/**
 * Tables whose rows belong to one lead through `lead_id` and follow it into the kept lead (a meeting, one per
 * lead, moves apart below with its booking and its changes). A table another part of the inbox adds with a
 * `lead_id` joins this list.
 */
export const MERGED_TABLES = ['inbox_lead_events', 'pipeline_events', 'outbox'] as const;

/**
 * A lead has one meeting at most: the dropped lead's meeting follows (with its booking, its changes and the
 * lead's appointment) only when the kept lead has neither a meeting nor a booking; otherwise it
 * stays on the merged lead, which is kept, so moving or cancelling it still finds its own booking.
 */
async function moveMeeting(tx: Transaction, keepId: number, dropId: number): Promise<void> {
  const occupied = await tx.get(
    `SELECT 1 AS taken FROM meetings WHERE lead_id = $1 UNION ALL SELECT 1 AS taken FROM bookings WHERE lead_id = $1`,
    [keepId],
  );
  if (occupied) return;
  for (const table of ['meetings', 'meeting_events', 'bookings'])
    await tx.run(`UPDATE ${table} SET lead_id = $1 WHERE lead_id = $2`, [keepId, dropId]);
  await tx.run(
    `UPDATE leads SET appointment = (SELECT b.slot FROM bookings b WHERE b.lead_id = $1)
     WHERE id = $1 AND EXISTS (SELECT 1 FROM bookings b WHERE b.lead_id = $1)`,
    [keepId],
  );
}

export interface Duplicate {
  id: number;
  name: string;
  company: string | null;
  receivedAt: string;
  status: LeadStatus;
  assigneeId: number | null;
  /** What the two leads share. */
  sameEmail: boolean;
  samePhone: boolean;
}

const duplicateFromRow = rowParser(
  'leads',
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      company: z.string().nullable(),
      received_at: z.string(),
      status: z.string().nullable(),
      assignee_id: z.number().int().nullable(),
      same_email: z.number().int(),
      same_phone: z.number().int(),
    })
    .transform((row): Duplicate => ({
      id: row.id,
      name: row.name,
      company: row.company,
      receivedAt: row.received_at,
      status: isLeadStatus(row.status) ? row.status : 'nuevo',
      assigneeId: row.assignee_id,
      sameEmail: row.same_email === 1,
      samePhone: row.same_phone === 1,
    })),
);

/** A lead merged into another one. */
export interface MergedLead {
  lead: StoredLead;
  at: string;
  userName: string | null;
}

const mergedFromRow = rowParser(
  'pipeline_merges',
  z.object({ merged_at: z.string(), merged_by: z.string().nullable() }).loose(),
);

const NOT_MERGED = (alias: string) => `NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = ${alias}.id)`;

async function duplicatesOf(db: Queryable, leadId: number, limit = 20): Promise<Duplicate[]> {
  const rows = await db.all(
    `SELECT o.id, o.name, o.company, o.received_at, s.status, s.assignee_id,
       CASE WHEN lower(o.email) = lower(l.email) THEN 1 ELSE 0 END AS same_email,
       CASE WHEN o.phone IS NOT NULL AND o.phone = l.phone THEN 1 ELSE 0 END AS same_phone
     FROM leads l JOIN leads o ON o.id <> l.id AND (lower(o.email) = lower(l.email) OR (l.phone IS NOT NULL AND o.phone = l.phone))
       LEFT JOIN inbox_lead_state s ON s.lead_id = o.id
     WHERE l.id = $1 AND ${NOT_MERGED('o')}
     ORDER BY o.received_at DESC, o.id DESC LIMIT $2`,
    [leadId, limit],
  );
  return rows.map(duplicateFromRow);
}

async function lockBoth(tx: Transaction, a: number, b: number): Promise<void> {
  // Always the lower id first: two merges of the same pair in opposite directions cannot deadlock.
  for (const id of [Math.min(a, b), Math.max(a, b)]) await tx.lock(`inbox-lead:${id}`);
}

export function createMergeStore(storage: Storage) {
  return {
    duplicates: (leadId: number) => duplicatesOf(storage, leadId),
    /** The lead a merged lead went into, or undefined when it was never merged. */
    async mergedInto(leadId: number): Promise<number | undefined> {
      const row = await storage.get<{ into_id: number }>('SELECT into_id FROM pipeline_merges WHERE lead_id = $1', [
        leadId,
      ]);
      return row?.into_id;
    },
    /** The leads merged into this one, oldest first, with what each visitor sent. */
    async mergedLeads(leadId: number): Promise<MergedLead[]> {
      const rows = await storage.all(
        `SELECT l.*, m.at AS merged_at, u.name AS merged_by FROM pipeline_merges m JOIN leads l ON l.id = m.lead_id
         LEFT JOIN inbox_users u ON u.id = m.user_id WHERE m.into_id = $1 ORDER BY l.id`,
        [leadId],
      );
      return rows.map((row) => {
        const merged = mergedFromRow(row);
        return { lead: leadFromRow(row), at: merged.merged_at, userName: merged.merged_by };
      });
    },
    /**
     * Merges `dropId` into `keepId` for `userId`. `allowed` decides, from both leads' assignees, whether this
     * person may (admin, or whoever works the kept lead). Refuses with the reason (`inboxMerge…`),
     * or `inboxLeadNotFound`.
     */
    merge(
      keepId: number,
      dropId: number,
      userId: number,
      now: Date,
      allowed: (assignees: { keep: number | null; drop: number | null }) => boolean,
    ): Promise<void> {
      return storage.transaction(async (tx) => {
        if (keepId === dropId) throw refuse('inboxMergeSelf', { leadId: keepId });
        await lockBoth(tx, keepId, dropId);
        const leads = await tx.all<{ id: number; name: string; merged: number; assignee_id: number | null }>(
          `SELECT l.id, l.name, s.assignee_id,
             CASE WHEN EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id) THEN 1 ELSE 0 END AS merged
           FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id WHERE l.id IN ($1, $2)`,
          [keepId, dropId],
        );
        const keep = leads.find((lead) => lead.id === keepId);
        const drop = leads.find((lead) => lead.id === dropId);
        if (!keep || !drop) throw refuse('inboxLeadNotFound');
        if (keep.merged || drop.merged) throw refuse('inboxMergeAlreadyMerged', { leadId: keepId });
        if (!(await duplicatesOf(tx, keepId, 1000)).some((duplicate) => duplicate.id === dropId))
          throw refuse('inboxMergeNotDuplicates', { leadId: keepId });
        if (!allowed({ keep: keep.assignee_id, drop: drop.assignee_id }))
          throw refuse('inboxMergeNotAllowed', { leadId: keepId });
        const at = now.toISOString();
        for (const table of MERGED_TABLES)
          await tx.run(`UPDATE ${table} SET lead_id = $1 WHERE lead_id = $2`, [keepId, dropId]);
        await moveMeeting(tx, keepId, dropId);
        // Leads merged into the dropped one before now belong to the kept one.
        await tx.run('UPDATE pipeline_merges SET into_id = $1 WHERE into_id = $2', [keepId, dropId]);
        await tx.run('INSERT INTO pipeline_merges (lead_id, into_id, user_id, at) VALUES ($1, $2, $3, $4)', [
          dropId,
          keepId,
          userId,
          at,
        ]);
        // What the kept lead lacks (an assignee, a value, a next step) it takes from the other.
        await tx.run(
          `UPDATE inbox_lead_state SET assignee_id = COALESCE(assignee_id, (SELECT o.assignee_id FROM inbox_lead_state o WHERE o.lead_id = $2)),
             version = version + 1, updated_at = $3 WHERE lead_id = $1`,
          [keepId, dropId, at],
        );
        await tx.run(
          `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, updated_at, version)
           SELECT $1, 'nuevo', o.assignee_id, $3, 1 FROM inbox_lead_state o
           WHERE o.lead_id = $2 AND o.assignee_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM inbox_lead_state k WHERE k.lead_id = $1)`,
          [keepId, dropId, at],
        );
        await tx.run(
          `INSERT INTO pipeline_deals (lead_id, value_mxn, close_date, next_step_date, next_step, updated_at, version)
           SELECT $1, o.value_mxn, o.close_date, o.next_step_date, o.next_step, $3, 1 FROM pipeline_deals o WHERE o.lead_id = $2
           ON CONFLICT (lead_id) DO UPDATE SET
             value_mxn = COALESCE(pipeline_deals.value_mxn, excluded.value_mxn),
             close_date = COALESCE(pipeline_deals.close_date, excluded.close_date),
             next_step_date = CASE WHEN pipeline_deals.next_step IS NULL THEN excluded.next_step_date ELSE pipeline_deals.next_step_date END,
             next_step = COALESCE(pipeline_deals.next_step, excluded.next_step),
             updated_at = excluded.updated_at, version = pipeline_deals.version + 1`,
          [keepId, dropId, at],
        );
        await addPipelineEvent(tx, {
          leadId: keepId,
          userId,
          kind: 'merge',
          at,
          summary: `${referenceOf(dropId)} (${drop.name})`,
        });
      });
    },
  };
}

export type MergeStore = ReturnType<typeof createMergeStore>;
