/**
 * The board: one column per status, each with its first cards (the nearest next step first, then the most
 * recent activity), how many leads it holds and what they are worth. One query with window functions, which
 * both engines run alike; the inbox's filters (search, assignee, form, dates, due views) apply as in the list.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { filterSql, type LeadFilter } from '../filters.ts';
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from '../lifecycle.ts';

/** Cards shown per column; the rest are a link to the list of that status. */
export const BOARD_CARDS_PER_COLUMN = 25;

export interface BoardCard {
  id: number;
  name: string;
  company: string | null;
  phone: string | null;
  status: LeadStatus;
  version: number;
  assigneeName: string | null;
  valueMxn: number | null;
  nextStepDate: string | null;
  nextStep: string | null;
}

export interface BoardColumn {
  status: LeadStatus;
  cards: BoardCard[];
  /** Leads in this status (the cards are the first of them). */
  total: number;
  /** Sum of their values, whole pesos. */
  valueMxn: number;
}

const cardFromRow = rowParser(
  'leads',
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      company: z.string().nullable(),
      phone: z.string().nullable(),
      status: z.string(),
      version: z.number().int().nullable(),
      assignee_name: z.string().nullable(),
      value_mxn: z.number().int().nullable(),
      next_step_date: z.string().nullable(),
      next_step: z.string().nullable(),
      in_status: z.number().int(),
      status_value: z.number().nullable(),
    })
    .transform((row) => ({
      card: {
        id: row.id,
        name: row.name,
        company: row.company,
        phone: row.phone,
        status: isLeadStatus(row.status) ? row.status : 'nuevo',
        version: row.version ?? 0,
        assigneeName: row.assignee_name,
        valueMxn: row.value_mxn,
        nextStepDate: row.next_step_date,
        nextStep: row.next_step,
      } satisfies BoardCard,
      total: row.in_status,
      value: row.status_value ?? 0,
    })),
);

export async function boardColumns(db: Queryable, filter: LeadFilter, today: string): Promise<BoardColumn[]> {
  const { where, params } = filterSql({ ...filter, status: undefined }, 0, today);
  const status = "COALESCE(s.status, 'nuevo')";
  const rows = await db.all(
    `SELECT * FROM (
       SELECT l.id, l.name, l.company, l.phone, ${status} AS status, s.version, a.name AS assignee_name,
         d.value_mxn, d.next_step_date, d.next_step,
         ROW_NUMBER() OVER (PARTITION BY ${status}
           ORDER BY CASE WHEN d.next_step_date IS NULL THEN 1 ELSE 0 END, d.next_step_date,
             COALESCE(d.activity_at, l.received_at) DESC, l.id DESC) AS position,
         COUNT(*) OVER (PARTITION BY ${status}) AS in_status,
         CAST(SUM(d.value_mxn) OVER (PARTITION BY ${status}) AS BIGINT) AS status_value
       FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id
         LEFT JOIN pipeline_deals d ON d.lead_id = l.id
       ${where}
     ) ranked WHERE position <= $${params.length + 1} ORDER BY position`,
    [...params, BOARD_CARDS_PER_COLUMN],
  );
  const columns = new Map<LeadStatus, BoardColumn>(
    LEAD_STATUSES.map((id) => [id, { status: id, cards: [], total: 0, valueMxn: 0 }]),
  );
  for (const row of rows) {
    const { card, total, value } = cardFromRow(row);
    const column = columns.get(card.status);
    if (!column) continue;
    column.cards.push(card);
    column.total = total;
    column.valueMxn = value;
  }
  return [...columns.values()];
}
