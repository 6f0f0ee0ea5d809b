/**
 * The team's work on leads: status changes, assignments and notes, each one transaction under a lock on
 * its lead, checked against the version the person was looking at; with the list (./work-list.ts) and the
 * reads (./work-reads.ts) it is the inbox's `work` store.
 */
import type { Queryable, Transaction, Storage } from '../../db/storage.ts';
import { createLeadStore } from '../../lead/store.ts';
import { CONTACTED_STATUSES, lostReasonText, type StatusChange } from '../lifecycle.ts';
import type { LeadEvent, LeadState } from '../model.ts';
import { touchActivity } from './pipeline-events.ts';
import { refuse } from '../../errors.ts';
import { createLeadList } from './work-list.ts';
import { createWorkReads } from './work-reads.ts';
import { stateOf } from './work-rows.ts';

async function lockedState(tx: Transaction, leadId: number, expectedVersion: number | undefined): Promise<LeadState> {
  await tx.lock(`inbox-lead:${leadId}`);
  if (!(await createLeadStore(tx).exists(leadId))) throw refuse('inboxLeadNotFound');
  const state = stateOf(await tx.get('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
  // The lead changed since the form was shown: nothing is written.
  if (expectedVersion !== undefined && state.version !== expectedVersion) throw refuse('inboxLeadChanged', { leadId });
  return state;
}

async function saveState(tx: Transaction, leadId: number, state: LeadState): Promise<void> {
  await tx.run(
    `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, lost_reason, lost_detail, first_contact_at, proposal_at, updated_at, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (lead_id) DO UPDATE SET status = excluded.status, assignee_id = excluded.assignee_id, lost_reason = excluded.lost_reason,
       lost_detail = excluded.lost_detail, first_contact_at = excluded.first_contact_at, proposal_at = excluded.proposal_at,
       updated_at = excluded.updated_at, version = excluded.version`,
    [
      leadId,
      state.status,
      state.assigneeId,
      state.lostReason,
      state.lostDetail,
      state.firstContactAt,
      state.proposalAt,
      state.updatedAt,
      state.version,
    ],
  );
}

async function addEvent(
  tx: Queryable,
  event: {
    leadId: number;
    userId: number;
    kind: LeadEvent['kind'];
    at: string;
    fromValue?: string | null;
    toValue?: string | null;
    body?: string | null;
  },
): Promise<void> {
  await tx.run(
    'INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value, body) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      event.leadId,
      event.userId,
      event.kind,
      event.at,
      event.fromValue ?? null,
      event.toValue ?? null,
      event.body ?? null,
    ],
  );
  await touchActivity(tx, event.leadId, event.at);
}

export function createWorkStore(storage: Storage) {
  return {
    ...createLeadList(storage),
    ...createWorkReads(storage),
    /** A checked status change; refuses `inboxLeadChanged` (stale, or moved meanwhile) or `inboxLeadNotFound`. */
    changeStatus(
      leadId: number,
      change: StatusChange,
      userId: number,
      expectedVersion: number,
      now: Date,
      allowed: (from: LeadState['status']) => boolean,
    ): Promise<LeadState> {
      return storage.transaction(async (tx) => {
        const current = await lockedState(tx, leadId, expectedVersion);
        if (!allowed(current.status)) throw refuse('inboxLeadChanged', { leadId });
        const at = now.toISOString();
        const lost = change.to === 'perdido';
        const next: LeadState = {
          ...current,
          status: change.to,
          lostReason: lost ? (change.reason ?? null) : null,
          lostDetail: lost ? (change.detail ?? null) : null,
          firstContactAt: current.firstContactAt ?? (CONTACTED_STATUSES.has(change.to) ? at : null),
          proposalAt: current.proposalAt ?? (change.to === 'propuesta' ? at : null),
          updatedAt: at,
          version: current.version + 1,
        };
        await saveState(tx, leadId, next);
        await addEvent(tx, {
          leadId,
          userId,
          kind: 'status',
          at,
          fromValue: current.status,
          toValue: change.to,
          body: lost ? lostReasonText(change.reason, change.detail) : null,
        });
        return next;
      });
    },
    /** Assigns the lead (null: back to the team); `names` gives the names written in the history. */
    assign(
      leadId: number,
      assigneeId: number | null,
      userId: number,
      expectedVersion: number,
      now: Date,
      names: { from: string; to: string },
    ): Promise<LeadState | undefined> {
      return storage.transaction(async (tx) => {
        const current = await lockedState(tx, leadId, expectedVersion);
        if (current.assigneeId === assigneeId) return undefined;
        const at = now.toISOString();
        const next: LeadState = { ...current, assigneeId, updatedAt: at, version: current.version + 1 };
        await saveState(tx, leadId, next);
        await addEvent(tx, { leadId, userId, kind: 'assignee', at, fromValue: names.from, toValue: names.to });
        return next;
      });
    },
    async addNote(leadId: number, userId: number, body: string, now: Date): Promise<void> {
      await storage.transaction(async (tx) => {
        await lockedState(tx, leadId, undefined);
        await addEvent(tx, { leadId, userId, kind: 'note', at: now.toISOString(), body });
      });
    },
  };
}

export type WorkStore = ReturnType<typeof createWorkStore>;
