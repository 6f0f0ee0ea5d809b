/**
 * The board: one column per status, each with its first cards (the nearest next step first, then the most
 * recent activity), how many leads it holds and what they are worth: one grouped query for the totals and one
 * short query per column; the inbox's filters (search, assignee, form, dates, due views) apply as in the list.
 * The queries are the lead's board store (server/lead/board-store.ts); this shapes their rows.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import { boardQueries } from '../../lead/board-store.ts';
import type { LeadFilter } from '../../lead/filter-store.ts';
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
  const queries = boardQueries(db, filter, today);
  // Totals from the summary when nothing is filtered, else grouped by the database; then each column's
  // first cards, a short query per column.
  const unfiltered = Object.entries(filter).every(([key, value]) => key === 'status' || value === undefined);
  const totals = unfiltered
    ? // The whole board's totals are the dashboard summary's, per status (./summary.ts).
      (await statusTotals(db)).map((row) => ({ status: row.status, n: row.leads, value: row.valueMxn }))
    : await queries.totals();
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
    column.cards = (await queries.cards(column.status, BOARD_CARDS_PER_COLUMN)).map(cardFromRow);
  }
  return [...columns.values()];
}
