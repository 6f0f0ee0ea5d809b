/**
 * A lead's deal (`pipeline_deals`): value, expected close and next step. Each change is one transaction
 * under the lead's lock (the same key as status changes), checked against the version the person saw, and
 * written to the history.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable, Storage, Transaction } from '../../db/storage.ts';
import { createLeadStore } from '../../lead/store.ts';
import { dealSummary, EMPTY_DEAL, nextStepSummary, type Deal, type DealChange } from '../deal.ts';
import { addPipelineEvent, pipelineEvents } from './pipeline-events.ts';
import { leadReplies } from './replies.ts';
import { refuse } from '../../errors.ts';

const dealFromRow = rowParser(
  'pipeline_deals',
  z
    .object({
      value_mxn: z.number().int().nullable(),
      close_date: z.string().nullable(),
      next_step_date: z.string().nullable(),
      next_step: z.string().nullable(),
      activity_at: z.string().nullable(),
      version: z.number().int(),
    })
    .transform((row): Deal => ({
      valueMxn: row.value_mxn,
      closeDate: row.close_date,
      nextStepDate: row.next_step_date,
      nextStep: row.next_step,
      activityAt: row.activity_at,
      version: row.version,
    })),
);

export async function dealOf(db: Queryable, leadId: number): Promise<Deal> {
  const row = await db.get(
    'SELECT value_mxn, close_date, next_step_date, next_step, activity_at, version FROM pipeline_deals WHERE lead_id = $1',
    [leadId],
  );
  return row ? dealFromRow(row) : EMPTY_DEAL;
}

/** Holds the lead (the key status changes take too) and checks it exists. */
export async function lockLead(tx: Transaction, leadId: number): Promise<void> {
  await tx.lock(`inbox-lead:${leadId}`);
  if (!(await createLeadStore(tx).exists(leadId))) throw refuse('inboxLeadNotFound');
}

async function writeDeal(
  tx: Transaction,
  leadId: number,
  deal: DealChange,
  version: number,
  at: string,
): Promise<void> {
  await tx.run(
    `INSERT INTO pipeline_deals (lead_id, value_mxn, close_date, next_step_date, next_step, activity_at, updated_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7)
     ON CONFLICT (lead_id) DO UPDATE SET value_mxn = excluded.value_mxn, close_date = excluded.close_date,
       next_step_date = excluded.next_step_date, next_step = excluded.next_step, updated_at = excluded.updated_at,
       version = excluded.version`,
    [leadId, deal.valueMxn, deal.closeDate, deal.nextStepDate, deal.nextStep, at, version],
  );
}

export function createDealStore(storage: Storage) {
  return {
    deal: (leadId: number) => dealOf(storage, leadId),
    /** The pipeline's part of the lead's history with the client's replies (read from the mailbox). */
    events: async (leadId: number) => [
      ...(await pipelineEvents(storage, leadId)),
      ...(await leadReplies(storage, leadId)),
    ],
    /**
     * Saves the deal form; records what changed in the history. Returns false when nothing changed.
     * Refuses `inboxLeadChanged` (another change since the form was shown) or `inboxLeadNotFound`.
     */
    save(leadId: number, change: DealChange, userId: number, expectedVersion: number, now: Date): Promise<boolean> {
      return storage.transaction(async (tx) => {
        await lockLead(tx, leadId);
        const current = await dealOf(tx, leadId);
        if (current.version !== expectedVersion) throw refuse('inboxLeadChanged', { leadId });
        const at = now.toISOString();
        const deal = dealSummary(current, change);
        const step = nextStepSummary(current, change);
        if (!deal && !step) return false;
        await writeDeal(tx, leadId, change, current.version + 1, at);
        if (deal) await addPipelineEvent(tx, { leadId, userId, kind: 'deal', at, summary: deal });
        if (step) await addPipelineEvent(tx, { leadId, userId, kind: 'next_step', at, summary: step });
        return true;
      });
    },
    /** The next step was done: it is cleared and the history says what it was. */
    completeNextStep(leadId: number, userId: number, expectedVersion: number, now: Date): Promise<void> {
      return storage.transaction(async (tx) => {
        await lockLead(tx, leadId);
        const current = await dealOf(tx, leadId);
        if (current.version !== expectedVersion) throw refuse('inboxLeadChanged', { leadId });
        if (!current.nextStep) return;
        const at = now.toISOString();
        await writeDeal(tx, leadId, { ...current, nextStepDate: null, nextStep: null }, current.version + 1, at);
        await addPipelineEvent(tx, { leadId, userId, kind: 'next_step', at, summary: `hecho: ${current.nextStep}` });
      });
    },
  };
}

export type DealStore = ReturnType<typeof createDealStore>;
