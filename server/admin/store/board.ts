/**
 * The board: one column per status, each with its first cards (the nearest next step first, then the most
 * recent activity), how many leads it holds and what they are worth: one grouped query for the totals and one
 * short query per column; the inbox's filters (search, assignee, form, dates, due views) apply as in the list.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { ACTIVITY_ORDER, filterSql, NEXT_STEP_ORDER, type LeadFilter } from '../../lead/filter-store.ts';
import { isLeadStatus, LEAD_STATUSES, type LeadStatus } from '../lifecycle.ts';
import { statusTotals } from './summary.ts';

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
    })
    .transform((row): BoardCard => ({
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
    })),
);

export async function boardColumns(db: Queryable, filter: LeadFilter, today: string): Promise<BoardColumn[]> {
  const { where, params, withMerged } = filterSql({ ...filter, status: undefined }, 0, today, db.dialect);
  // Only the tables the filter reads: the status and the deal's value are copied onto the lead.
  const joins = [
    /\bs\./.test(where) ? 'LEFT JOIN inbox_lead_state s ON s.lead_id = l.id' : '',
    /\bd\./.test(where) ? 'LEFT JOIN pipeline_deals d ON d.lead_id = l.id' : '',
  ].join(' ');
  // Totals from the summary when nothing is filtered, else grouped once (every lead the filter matches, less
  // the merged ones among them, so no lead is
  // checked for a merge one by one), then each column's first cards with its own ORDER BY … LIMIT, the
  // order of the leads_board_order index: the database reads the top few of a column and stops.
  const unfiltered = Object.entries(filter).every(([key, value]) => key === 'status' || value === undefined);
  const totals = unfiltered
    ? // The whole board's totals are the dashboard summary's, per status (./summary.ts).
      (await statusTotals(db)).map((row) => ({ status: row.status, n: row.leads, value: row.valueMxn }))
    : await db.all<{ status: string; n: number | string; value: number | string | null }>(
        `SELECT t.status, sum(t.n) AS n, CAST(sum(t.value) AS BIGINT) AS value FROM (
           SELECT l.work_status AS status, count(*) AS n, sum(l.deal_value) AS value
           FROM leads l ${joins} ${withMerged} GROUP BY l.work_status
           UNION ALL
           SELECT l.work_status AS status, -count(*) AS n, -sum(l.deal_value) AS value
           FROM leads l ${joins} ${withMerged} AND l.id IN (SELECT lead_id FROM pipeline_merges) GROUP BY l.work_status
         ) t GROUP BY t.status`,
        params,
      );
  const columns = new Map<LeadStatus, BoardColumn>(
    LEAD_STATUSES.map((id) => [id, { status: id, cards: [], total: 0, valueMxn: 0 }]),
  );
  for (const row of totals) {
    const column = isLeadStatus(row.status) ? columns.get(row.status) : undefined;
    if (!column) continue;
    column.total = Number(row.n);
    column.valueMxn = Number(row.value ?? 0);
  }
  for (const column of columns.values()) {
    if (column.total === 0) continue;
    const rows = await db.all(
      `SELECT l.id, l.name, l.company, l.phone, l.work_status AS status, s.version, a.name AS assignee_name,
         d.value_mxn, d.next_step_date, d.next_step
       FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id
         LEFT JOIN pipeline_deals d ON d.lead_id = l.id
       ${where} AND l.work_status = $${String(params.length + 1)}
       ORDER BY ${NEXT_STEP_ORDER}, ${ACTIVITY_ORDER} DESC, l.id DESC
       LIMIT $${String(params.length + 2)}`,
      [...params, column.status, BOARD_CARDS_PER_COLUMN],
    );
    column.cards = rows.map(cardFromRow);
  }
  return [...columns.values()];
}
