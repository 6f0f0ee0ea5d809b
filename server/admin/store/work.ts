/**
 * The team's work on leads: the inbox list and its filters, status changes, assignments, notes and their
 * history, the e-mails' delivery, upcoming meetings and the dashboard's rows. Every change is one
 * transaction under a lock on its lead, checked against the version the person was looking at.
 */
import { z } from 'zod';
import { fieldsColumn, formTypeColumn, leadFromRow, type StoredLead } from '../../db/leads.ts';
import { outboxRowSchema } from '../../db/outbox.ts';
import { optionalText, rowParser } from '../../db/rows.ts';
import type { Queryable, Row, SqlValue, Storage, Transaction } from '../../db/storage.ts';
import type { LeadWork, WorkedLead } from '../../lead/csv.ts';
import { LEAD_KINDS } from '../../../core/forms/kinds.ts';
import {
  countSql,
  filterSql,
  isEmptyFilter,
  orderSql,
  PAGE_SIZE,
  type LeadFilter,
  type ListSort,
  type SqlFragment,
} from '../filters.ts';
import {
  CONTACTED_STATUSES,
  isLeadStatus,
  lostReasonText,
  STATUS_LABELS,
  type LeadStatus,
  type StatusChange,
} from '../lifecycle.ts';
import {
  NEW_LEAD_STATE,
  type EmailDelivery,
  type InboxRow,
  type LeadEvent,
  type LeadState,
  type UpcomingMeeting,
} from '../model.ts';
import type { DashboardRow } from '../stats.ts';
import { dashboardTotals } from './dashboard.ts';
import type { OriginBreakdown } from '../attribution-stats.ts';
import { originBreakdownRows } from './origins.ts';
import { touchActivity } from './pipeline-events.ts';
import { summaryTotal } from './summary.ts';
import { afterKeySql, encodeListKey, sortKeySql, type ListKey } from '../keyset.ts';
import { parseSearch } from '../../lead/search.ts';

/** A status this code no longer knows reads as nuevo (a lead is never hidden for it). */
const statusColumn = z
  .string()
  .nullable()
  .transform((status): LeadStatus => (isLeadStatus(status) ? status : 'nuevo'));

const nullableText = z.string().nullable();

/** `inbox_lead_state`; no row means a new, unassigned lead. */
const stateFromRow = rowParser(
  'inbox_lead_state',
  z
    .object({
      status: statusColumn,
      assignee_id: z.number().nullable(),
      lost_reason: nullableText,
      lost_detail: nullableText,
      first_contact_at: nullableText,
      proposal_at: nullableText,
      updated_at: z.string(),
      version: z.number().int(),
    })
    .transform((row): LeadState => ({
      status: row.status,
      assigneeId: row.assignee_id,
      lostReason: row.lost_reason,
      lostDetail: row.lost_detail,
      firstContactAt: row.first_contact_at,
      proposalAt: row.proposal_at,
      updatedAt: row.updated_at,
      version: row.version,
    })),
);

const stateOf = (row: unknown): LeadState => (row === undefined ? NEW_LEAD_STATE : stateFromRow(row));

/** A `leads` row joined with its status, assignee and deal (the inbox list). */
const listedFromRow = rowParser(
  'leads',
  z
    .object({
      status: statusColumn,
      assignee_name: nullableText,
      assignee_id: z.number().int().nullable(),
      version: z.number().int().nullable(),
      value_mxn: z.number().int().nullable(),
      next_step_date: nullableText,
      next_step: nullableText,
    })
    .loose(),
);

/** What the CSV prints of the team's work on a lead. */
const workFromRow = rowParser(
  'leads',
  z
    .object({
      status: statusColumn,
      assignee_name: nullableText,
      lost_reason: nullableText,
      lost_detail: nullableText,
      value_mxn: z.number().int().nullable(),
      close_date: nullableText,
      next_step_date: nullableText,
      next_step: nullableText,
    })
    .loose()
    .transform((row): LeadWork => ({
      status: STATUS_LABELS[row.status],
      assignee: row.assignee_name ?? '',
      lostReason:
        row.status === 'perdido' ? lostReasonText(row.lost_reason ?? undefined, row.lost_detail ?? undefined) : '',
      valueMxn: row.value_mxn,
      closeDate: row.close_date,
      nextStepDate: row.next_step_date,
      nextStep: row.next_step,
    })),
);

/** `inbox_lead_events` with the author's name. */
const eventFromRow = rowParser(
  'inbox_lead_events',
  z
    .object({
      id: z.number().int(),
      lead_id: z.number().int(),
      kind: z.enum(['status', 'assignee', 'note']),
      at: z.string(),
      user_name: nullableText,
      from_value: nullableText,
      to_value: nullableText,
      body: nullableText,
    })
    .transform((row): LeadEvent => ({
      id: row.id,
      leadId: row.lead_id,
      kind: row.kind,
      at: row.at,
      userName: row.user_name,
      fromValue: row.from_value,
      toValue: row.to_value,
      body: row.body,
    })),
);

/** An outbox row as the lead's page shows its delivery. */
const deliveryFromRow = rowParser(
  'outbox',
  outboxRowSchema
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
    .extend({ sent_by: nullableText })
    .transform((row): EmailDelivery => ({
      audience: row.audience,
      recipient: row.recipient,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastError: row.last_error,
      sentAt: row.sent_at,
      sentBy: row.sent_by,
    })),
);

/** A booking joined with its lead, its status and its assignee (the meetings page). */
const meetingFromRow = rowParser(
  'bookings',
  z
    .object({
      slot: z.string(),
      id: z.number().int(),
      form_type: formTypeColumn,
      name: z.string(),
      company: optionalText,
      fields: fieldsColumn,
      status: statusColumn,
      assignee_name: nullableText,
    })
    .transform((row): UpcomingMeeting => ({
      leadId: row.id,
      slot: row.slot,
      kind: row.form_type,
      name: row.name,
      company: row.company ?? null,
      fields: row.fields,
      status: row.status,
      assigneeName: row.assignee_name,
    })),
);

/** What the dashboard needs of a lead. */
const dashboardFromRow = rowParser(
  'leads',
  z
    .object({
      received_at: z.string(),
      form_type: formTypeColumn,
      status: statusColumn,
      first_contact_at: nullableText,
      proposal_at: nullableText,
    })
    .transform((row): DashboardRow => ({
      receivedAt: row.received_at,
      kind: row.form_type,
      status: row.status,
      firstContactAt: row.first_contact_at,
      proposalAt: row.proposal_at,
    })),
);

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
  'FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id LEFT JOIN pipeline_deals d ON d.lead_id = l.id';

/**
 * The list's FROM for counting: only the tables the filter reads. Each LEFT JOIN matches at most one row, so
 * leaving out one the WHERE does not name changes no count, and saves a lookup per lead (most of the count's
 * time at 100,000 leads).
 */
function countFrom(where: string): string {
  const state = /\bs\./.test(where) ? ' LEFT JOIN inbox_lead_state s ON s.lead_id = l.id' : '';
  const deal = /\bd\./.test(where) ? ' LEFT JOIN pipeline_deals d ON d.lead_id = l.id' : '';
  return `FROM leads l${state}${deal}`;
}

async function lockedState(tx: Transaction, leadId: number, expectedVersion: number | undefined): Promise<LeadState> {
  await tx.lock(`inbox-lead:${leadId}`);
  const exists = await tx.get('SELECT 1 AS found FROM leads WHERE id = $1', [leadId]);
  if (!exists) throw new LeadNotFoundError(`No existe el lead ${leadId}.`);
  const state = stateOf(await tx.get('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
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
  await touchActivity(tx, event.leadId, event.at);
}

/**
 * How many leads a filter lists: from the dashboard's summary when the filter is a status or a kind of form
 * at most (its counts are the same leads, merged ones left out), else counted by the database.
 */
async function listTotal(db: Queryable, filter: LeadFilter, fragment: SqlFragment, from: string): Promise<number> {
  const { status, kind, ...rest } = filter;
  if (isEmptyFilter(rest))
    return summaryTotal(db, { status, formType: kind === undefined ? undefined : LEAD_KINDS[kind].formType });
  const count = await db.get<{ n: number | string }>(countSql(fragment, from), fragment.params);
  return Number(count?.n ?? 0);
}

/** The list key of a listed row (its `sort_key`, arrival and id), for the next page's link. */
function keyOfRow(row: Row): ListKey | undefined {
  const parsed = keyRow.safeParse(row);
  return parsed.success
    ? { first: parsed.data.sort_key, receivedAt: parsed.data.received_at, id: parsed.data.id }
    : undefined;
}

const keyRow = z.object({
  sort_key: z.union([z.string(), z.number().int()]),
  received_at: z.string(),
  id: z.number().int(),
});

/** Rows read per round trip when streaming an export. */
const EXPORT_BATCH = 500;

/** One row of the list page: the lead and the team's work on it. */
function inboxRowOf(row: Record<string, unknown>): InboxRow {
  const lead = leadFromRow(row);
  const listed = listedFromRow(row);
  return {
    id: lead.id,
    kind: lead.kind,
    name: lead.name,
    email: lead.email,
    company: lead.company ?? null,
    receivedAt: lead.receivedAt,
    appointment: lead.appointment ?? null,
    fields: lead.fields,
    status: listed.status,
    assigneeName: listed.assignee_name,
    assigneeId: listed.assignee_id,
    version: listed.version ?? 0,
    phone: lead.phone ?? null,
    valueMxn: listed.value_mxn,
    nextStepDate: listed.next_step_date,
    nextStep: listed.next_step,
  };
}

export function createWorkStore(storage: Storage) {
  return {
    /** One page of the inbox in `sort` order, and how many leads match in all. */
    async list(
      filter: LeadFilter,
      page: number,
      sort: ListSort = 'recientes',
      today?: string,
      after?: ListKey,
    ): Promise<{ rows: InboxRow[]; total: number; nextKey?: string }> {
      const fragment = filterSql(filter, 0, today, storage.dialect);
      const { where, params } = fragment;
      const total = await listTotal(storage, filter, fragment, countFrom(where));
      const order = orderSql(sort, filter);
      // After a key, the page starts there through the sort's index (./keyset.ts); a search for a reference
      // lists that lead first, an order no key describes, so it pages by number.
      const keyed = after && (filter.text === undefined || parseSearch(filter.text).id === undefined);
      const pageParams: SqlValue[] = [...params];
      const param = (value: SqlValue) => {
        pageParams.push(value);
        return `$${String(pageParams.length)}`;
      };
      const since = keyed ? ` AND ${afterKeySql(sort, after, param)}` : '';
      const limit = `LIMIT ${param(PAGE_SIZE)}${keyed ? '' : ` OFFSET ${param((page - 1) * PAGE_SIZE)}`}`;
      // The page's ids first, from the leads (and only the tables the filter reads), then their rows joined:
      // the database never joins, nor reads whole, the leads it sorts past (a search's thousands of matches).
      const rows = await storage.all(
        `SELECT l.*, page.sort_key, s.status, s.assignee_id, s.version, a.name AS assignee_name, d.value_mxn,
           d.next_step_date, d.next_step
         FROM (SELECT l.id, ${sortKeySql(sort)} AS sort_key ${countFrom(where)} ${where}${since} ${order} ${limit}) page
           JOIN leads l ON l.id = page.id LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
           LEFT JOIN inbox_users a ON a.id = s.assignee_id LEFT JOIN pipeline_deals d ON d.lead_id = l.id
         ${order}`,
        pageParams,
      );
      const last = rows.length === PAGE_SIZE ? rows.at(-1) : undefined;
      const lastKey = last ? keyOfRow(last) : undefined;
      return {
        total,
        ...(lastKey ? { nextKey: encodeListKey(lastKey) } : {}),
        rows: rows.map(inboxRowOf),
      };
    },
    /** Every lead of a filter with the team's work on it, oldest first, a batch at a time (the CSV export). */
    async *matching(filter: LeadFilter, today?: string): AsyncGenerator<WorkedLead> {
      let after = 0;
      for (;;) {
        const { where, params } = filterSql(filter, 1, today, storage.dialect);
        const rows = (
          await storage.all(
            `SELECT l.*, s.status, s.lost_reason, s.lost_detail, a.name AS assignee_name, d.value_mxn, d.close_date,
               d.next_step_date, d.next_step
             ${FROM} ${where} AND l.id > $1 ORDER BY l.id LIMIT ${EXPORT_BATCH}`,
            [after, ...params],
          )
        ).map((row) => ({ lead: leadFromRow(row), work: workFromRow(row) }));
        yield* rows;
        if (rows.length < EXPORT_BATCH) return;
        after = rows[rows.length - 1]?.lead.id ?? after;
      }
    },
    async lead(id: number): Promise<StoredLead | undefined> {
      const row = await storage.get('SELECT * FROM leads WHERE id = $1', [id]);
      return row ? leadFromRow(row) : undefined;
    },
    async state(leadId: number): Promise<LeadState> {
      return stateOf(await storage.get('SELECT * FROM inbox_lead_state WHERE lead_id = $1', [leadId]));
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
      const rows = await storage.all(
        `SELECT e.id, e.lead_id, e.kind, e.at, u.name AS user_name, e.from_value, e.to_value, e.body
         FROM inbox_lead_events e LEFT JOIN inbox_users u ON u.id = e.user_id WHERE e.lead_id = $1 ORDER BY e.id DESC`,
        [leadId],
      );
      return rows.map(eventFromRow);
    },
    async emails(leadId: number): Promise<EmailDelivery[]> {
      const rows = await storage.all(
        `SELECT o.audience, o.recipient, o.subject, o.status, o.attempts, o.next_attempt_at, o.last_error, o.sent_at,
           CASE WHEN e.id IS NULL THEN NULL ELSE COALESCE(u.name, '') END AS sent_by
         FROM outbox o LEFT JOIN pipeline_events e ON e.outbox_id = o.id AND e.kind = 'email'
           LEFT JOIN inbox_users u ON u.id = e.user_id
         WHERE o.lead_id = $1 ORDER BY o.id`,
        [leadId],
      );
      return rows.map(deliveryFromRow);
    },
    /**
     * Booked meetings from `fromSlot` to `toSlot` (Mexico City `YYYY-MM-DDTHH:mm`), soonest first. A booking
     * holds a live meeting's slot (moved: the new one; cancelled: gone), including those booked before
     * meetings had their own table. A meeting left on a merged lead (the kept one had its own) is the kept
     * lead's, and shows under it, as in the morning digest.
     */
    async meetings(fromSlot: string, toSlot: string): Promise<UpcomingMeeting[]> {
      const rows = await storage.all(
        `SELECT b.slot, l.id, l.form_type, l.name, l.company, l.fields, s.status, a.name AS assignee_name
         FROM bookings b
           LEFT JOIN pipeline_merges pm ON pm.lead_id = b.lead_id
           JOIN leads l ON l.id = COALESCE(pm.into_id, b.lead_id)
           LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
           LEFT JOIN inbox_users a ON a.id = s.assignee_id
         WHERE b.slot >= $1 AND b.slot <= $2 ORDER BY b.slot LIMIT 500`,
        [fromSlot, toSlot],
      );
      return rows.map(meetingFromRow);
    },
    /** How many leads received since `since` were lost for each reason (counted by the database). */
    async lostReasons(since: string): Promise<Array<{ reason: string; leads: number }>> {
      const rows = await storage.all<{ reason: string | null; leads: number }>(
        `SELECT s.lost_reason AS reason, count(*) AS leads
         FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
         WHERE l.received_at >= $1 AND l.work_status = 'perdido' AND s.status = 'perdido'
           AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)
         GROUP BY s.lost_reason ORDER BY count(*) DESC, s.lost_reason`,
        [since],
      );
      return rows.map((row) => ({ reason: row.reason ?? 'otro', leads: row.leads }));
    },
    /** Leads received since `since` (ISO time) by source, campaign and landing page, grouped by the database. */
    async originGroups(since: string): Promise<OriginBreakdown> {
      const { source, campaign, landing } = await originBreakdownRows(storage, since);
      return { bySource: source, byCampaign: campaign, byLanding: landing };
    },
    /** What the dashboard needs of each lead received since `since` (ISO time). */
    /** The dashboard's numbers, counted by the database (./dashboard.ts). */
    dashboard: (weeks: readonly string[], since: string) => dashboardTotals(storage, weeks, since),
    /** Every lead of the period as the dashboard counts it: the reference the SQL totals are checked against. */
    async dashboardRows(since: string): Promise<DashboardRow[]> {
      const rows = await storage.all(
        `SELECT l.received_at, l.form_type, s.status, s.first_contact_at, s.proposal_at
         FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
         WHERE l.received_at >= $1 AND NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)`,
        [since],
      );
      return rows.map(dashboardFromRow);
    },
  };
}

export type WorkStore = ReturnType<typeof createWorkStore>;
