/**
 * The readers of the inbox's rows about a lead's work: its state, its history, and the lead joined with
 * them for the list, the CSV, the meetings page and the dashboard's reference.
 */
import { z } from 'zod';
import { optionalText, rowParser } from '../../db/rows.ts';
import type { LeadWork } from '../../lead/csv.ts';
import { fieldsColumn, formTypeColumn } from '../../lead/store.ts';
import { isLeadStatus, lostReasonText, STATUS_LABELS, type LeadStatus } from '../lifecycle.ts';
import { NEW_LEAD_STATE, type LeadEvent, type LeadState, type UpcomingMeeting } from '../model.ts';
import type { DashboardRow } from '../stats.ts';

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

export const stateOf = (row: unknown): LeadState => (row === undefined ? NEW_LEAD_STATE : stateFromRow(row));

/** A `leads` row joined with its status, assignee and deal (the inbox list). */
export const listedFromRow = rowParser(
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
export const workFromRow = rowParser(
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
export const eventFromRow = rowParser(
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

/** A booking joined with its lead, its status and its assignee (the meetings page). */
export const meetingFromRow = rowParser(
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
export const dashboardFromRow = rowParser(
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
