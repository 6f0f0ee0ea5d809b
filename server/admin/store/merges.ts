/**
 * Duplicates and merging. Two leads are duplicates when they share an e-mail (any capitals) or a phone (the
 * API stores phones normalised). Merging keeps one lead and moves the other's history, meetings and e-mails
 * to it, in one transaction under both leads' locks; the merged lead's row stays (nothing the visitor sent
 * is lost: the kept lead's page lists it) but leaves every list.
 */
import { z } from 'zod';
import { moveMessages } from '../../db/outbox-queries.ts';
import { rowParser } from '../../db/rows.ts';
import type { Queryable, Storage, Transaction } from '../../db/storage.ts';
import { createBookingStore } from '../../lead/bookings-store.ts';
import { duplicateRows, mergedLeadRows, mergePairRows } from '../../lead/merge-store.ts';
import { createLeadStore, leadFromRow, type StoredLead } from '../../lead/store.ts';
import { createMeetingStore } from '../../meetings/store.ts';
import { referenceOf } from '../../lead/model.ts';
import { isLeadStatus, type LeadStatus } from '../lifecycle.ts';
import { addPipelineEvent } from './pipeline-events.ts';
import { refuse } from '../../errors.ts';

/**
 * The inbox's tables whose rows belong to one lead through `lead_id` and follow it into the kept lead, as
 * its e-mails do (through the outbox's store); a meeting, one per lead, moves apart below with its booking
 * and its changes. A table another part of the inbox adds with a `lead_id` joins this list.
 */
export const MERGED_TABLES = ['inbox_lead_events', 'pipeline_events'] as const;

/**
 * A lead has one meeting at most: the dropped lead's meeting follows (with its booking, its changes and the
 * lead's appointment) only when the kept lead has neither a meeting nor a booking; otherwise it
 * stays on the merged lead, which is kept, so moving or cancelling it still finds its own booking.
 */
async function moveMeeting(tx: Transaction, keepId: number, dropId: number): Promise<void> {
  const bookings = createBookingStore(tx);
  if ((await createMeetingStore(tx).byLead(keepId)) || (await bookings.slotOf(keepId)) !== undefined) return;
  for (const table of ['meetings', 'meeting_events'])
    await tx.run(`UPDATE ${table} SET lead_id = $1 WHERE lead_id = $2`, [keepId, dropId]);
  await bookings.reassign(dropId, keepId);
  const slot = await bookings.slotOf(keepId);
  if (slot !== undefined) await createLeadStore(tx).setAppointment(keepId, slot);
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

async function duplicatesOf(db: Queryable, leadId: number, limit = 20): Promise<Duplicate[]> {
  return (await duplicateRows(db, leadId, limit)).map(duplicateFromRow);
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
      return (await mergedLeadRows(storage, leadId)).map((row) => {
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
        const leads = await mergePairRows(tx, keepId, dropId);
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
        await moveMessages(tx, dropId, keepId);
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
