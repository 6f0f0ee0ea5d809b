/**
 * The team's work on leads: the inbox list and its filters, status changes, assignments, notes and their
 * history, the e-mails' delivery, upcoming meetings and the dashboard's rows. Every change is one
 * transaction under a lock on its lead, checked against the version the person was looking at.
 */
import type { StoredLead } from '../../db/leads.ts';
import type { Queryable, Storage, Transaction } from '../../db/storage.ts';
import { filterSql, PAGE_SIZE, type LeadFilter } from '../filters.ts';
import { CONTACTED_STATUSES, isLeadStatus, lostReasonText, type StatusChange } from '../lifecycle.ts';
import {
  NEW_LEAD_STATE,
  type EmailDelivery,
  type InboxRow,
  type LeadEvent,
  type LeadState,
  type UpcomingMeeting,
} from '../model.ts';
import type { DashboardRow } from '../stats.ts';

interface StateRow {
  status: string;
  assignee_id: number | null;
  lost_reason: string | null;
  lost_detail: string | null;
  first_contact_at: string | null;
  proposal_at: string | null;
  updated_at: string;
  version: number;
}

function stateFromRow(row: StateRow | undefined): LeadState {
  if (!row) return NEW_LEAD_STATE;
  return {
    status: isLeadStatus(row.status) ? row.status : 'nuevo',
    assigneeId: row.assignee_id,
    lostReason: row.lost_reason,
    lostDetail: row.lost_detail,
    firstContactAt: row.first_contact_at,
    proposalAt: row.proposal_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The lead's row of `leads` as the API stored it (the same shape its store reads). */
interface LeadRow {
  id: number;
  form_type: number;
  service_type: string | null;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  appointment: string | null;
  fields: string;
  origin_page: string;
  received_at: string;
  client_hash: string;
}

function parseFields(text: string): Record<string, string | undefined> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function leadFromRow(row: LeadRow): StoredLead {
  return {
    id: row.id,
    formType: row.form_type as StoredLead['formType'],
    serviceType: row.service_type ?? undefined,
    name: row.name,
    email: row.email,
    company: row.company ?? undefined,
    phone: row.phone ?? undefined,
    appointment: row.appointment ?? undefined,
    fields: parseFields(row.fields),
    originPage: row.origin_page,
    receivedAt: row.received_at,
    clientHash: row.client_hash,
  };
}

/** The lead changed since the form was shown: nothing was written. */
export class StaleLeadError extends Error {
  override name = 'StaleLeadError';
}

/** The change is not allowed from the lead's current status (someone moved it meanwhile). */
export class TransitionError extends Error {
  override name = 'TransitionError';
}

export class LeadNotFoundError extends Error {
  override name = 'LeadNotFoundError';
}

const FROM =
  'FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id';

async function lockedState(tx: Transaction, leadId: number, expectedVersion: number | undefined): Promise<LeadState> {
  await tx.lock(`inbox-lead:${leadId}`);
  const exists = await tx.get('SELECT 1 AS found FROM leads WHERE id = $1', [leadId]);
  if (!exists) throw new LeadNotFoundError(`No existe el lead ${leadId}.`);
  const state = stateFromRow(await tx.get<StateRow>('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
  if (expectedVersion !== undefined && state.version !== expectedVersion)
    throw new StaleLeadError('El lead cambió mientras lo veías.');
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
}

/** Rows read per round trip when streaming an export. */
const EXPORT_BATCH = 500;

export function createWorkStore(storage: Storage) {
  return {
    /** One page of the inbox, newest first, and how many leads match in all. */
    async list(filter: LeadFilter, page: number): Promise<{ rows: InboxRow[]; total: number }> {
      const { where, params } = filterSql(filter);
      const count = await storage.get<{ n: number }>(`SELECT count(*) AS n ${FROM} ${where}`, params);
      const offset = (page - 1) * PAGE_SIZE;
      const rows = await storage.all<LeadRow & { status: string | null; assignee_name: string | null }>(
        `SELECT l.*, s.status, a.name AS assignee_name ${FROM} ${where}
         ORDER BY l.received_at DESC, l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, PAGE_SIZE, offset],
      );
      return {
        total: count?.n ?? 0,
        rows: rows.map((row) => {
          const lead = leadFromRow(row);
          return {
            id: lead.id,
            formType: lead.formType,
            name: lead.name,
            email: lead.email,
            company: lead.company ?? null,
            receivedAt: lead.receivedAt,
            appointment: lead.appointment ?? null,
            fields: lead.fields,
            status: isLeadStatus(row.status) ? row.status : 'nuevo',
            assigneeName: row.assignee_name,
          };
        }),
      };
    },
    /** Every lead of a filter, oldest first, a batch at a time (the CSV export). */
    async *matching(filter: LeadFilter): AsyncGenerator<StoredLead> {
      let after = 0;
      for (;;) {
        const { where, params } = filterSql(filter, 1);
        const condition = where ? `${where} AND l.id > $1` : 'WHERE l.id > $1';
        const rows = await storage.all<LeadRow>(`SELECT l.* ${FROM} ${condition} ORDER BY l.id LIMIT ${EXPORT_BATCH}`, [
          after,
          ...params,
        ]);
        for (const row of rows) yield leadFromRow(row);
        if (rows.length < EXPORT_BATCH) return;
        after = Number(rows[rows.length - 1]?.id);
      }
    },
    async lead(id: number): Promise<StoredLead | undefined> {
      const row = await storage.get<LeadRow>('SELECT * FROM leads WHERE id = $1', [id]);
      return row ? leadFromRow(row) : undefined;
    },
    async state(leadId: number): Promise<LeadState> {
      return stateFromRow(await storage.get<StateRow>('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
    },
    /** Applies a checked status change; throws StaleLeadError, TransitionError or LeadNotFoundError. */
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
        if (!allowed(current.status)) throw new TransitionError('Ese cambio ya no es posible desde el estado actual.');
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
    /** The history, newest first. */
    async events(leadId: number): Promise<LeadEvent[]> {
      const rows = await storage.all<{
        id: number;
        lead_id: number;
        kind: LeadEvent['kind'];
        at: string;
        user_name: string | null;
        from_value: string | null;
        to_value: string | null;
        body: string | null;
      }>(
        `SELECT e.id, e.lead_id, e.kind, e.at, u.name AS user_name, e.from_value, e.to_value, e.body
         FROM inbox_lead_events e LEFT JOIN inbox_users u ON u.id = e.user_id WHERE e.lead_id = $1 ORDER BY e.id DESC`,
        [leadId],
      );
      return rows.map((row) => ({
        id: row.id,
        leadId: row.lead_id,
        kind: row.kind,
        at: row.at,
        userName: row.user_name,
        fromValue: row.from_value,
        toValue: row.to_value,
        body: row.body,
      }));
    },
    async emails(leadId: number): Promise<EmailDelivery[]> {
      const rows = await storage.all<{
        audience: string;
        recipient: string;
        subject: string;
        status: string;
        attempts: number;
        next_attempt_at: string | null;
        last_error: string | null;
        sent_at: string | null;
      }>(
        'SELECT audience, recipient, subject, status, attempts, next_attempt_at, last_error, sent_at FROM outbox WHERE lead_id = $1 ORDER BY id',
        [leadId],
      );
      return rows.map((row) => ({
        audience: row.audience === 'client' ? 'client' : 'internal',
        recipient: row.recipient,
        subject: row.subject,
        status: row.status === 'sent' || row.status === 'failed' ? row.status : 'pending',
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
        sentAt: row.sent_at,
      }));
    },
    /** Booked meetings from `fromSlot` to `toSlot` (Mexico City `YYYY-MM-DDTHH:mm`), soonest first. */
    async meetings(fromSlot: string, toSlot: string): Promise<UpcomingMeeting[]> {
      const rows = await storage.all<{
        slot: string;
        id: number;
        form_type: number;
        name: string;
        company: string | null;
        fields: string;
        status: string | null;
        assignee_name: string | null;
      }>(
        `SELECT b.slot, l.id, l.form_type, l.name, l.company, l.fields, s.status, a.name AS assignee_name
         FROM bookings b JOIN leads l ON l.id = b.lead_id LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id
         WHERE b.slot >= $1 AND b.slot <= $2 ORDER BY b.slot LIMIT 500`,
        [fromSlot, toSlot],
      );
      return rows.map((row) => ({
        leadId: row.id,
        slot: row.slot,
        formType: row.form_type,
        name: row.name,
        company: row.company,
        fields: parseFields(row.fields),
        status: isLeadStatus(row.status) ? row.status : 'nuevo',
        assigneeName: row.assignee_name,
      }));
    },
    /** What the dashboard needs of each lead received since `since` (ISO time). */
    async dashboardRows(since: string): Promise<DashboardRow[]> {
      const rows = await storage.all<{
        received_at: string;
        form_type: number;
        status: string | null;
        first_contact_at: string | null;
        proposal_at: string | null;
      }>(
        `SELECT l.received_at, l.form_type, s.status, s.first_contact_at, s.proposal_at
         FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id WHERE l.received_at >= $1`,
        [since],
      );
      return rows.map((row) => ({
        receivedAt: row.received_at,
        formType: row.form_type,
        status: row.status ?? 'nuevo',
        firstContactAt: row.first_contact_at,
        proposalAt: row.proposal_at,
      }));
    },
  };
}

export type WorkStore = ReturnType<typeof createWorkStore>;
