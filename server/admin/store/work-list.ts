/**
 * The inbox list and its CSV export: one page of leads in the chosen order with the team's work on each,
 * counted and paged by the database through the lead's list store (server/lead/list-store.ts), shaped
 * here into the inbox's rows.
 */
import { z } from 'zod';
import { LEAD_KINDS } from '../../../core/forms/kinds.ts';
import type { Queryable, Row, Storage } from '../../db/storage.ts';
import type { WorkedLead } from '../../lead/csv.ts';
import type { LeadFilter, ListSort } from '../../lead/filter-store.ts';
import { encodeListKey, type ListKey } from '../../lead/keyset.ts';
import { countListed, exportBatchRows, listPageRows } from '../../lead/list-store.ts';
import { leadFromRow } from '../../lead/store.ts';
import { isEmptyFilter, PAGE_SIZE } from '../filters.ts';
import type { InboxRow } from '../model.ts';
import { summaryTotal } from './summary.ts';
import { listedFromRow, workFromRow } from './work-rows.ts';

/**
 * How many leads a filter lists: from the dashboard's summary when the filter is a status or a kind of form
 * at most (its counts are the same leads, merged ones left out), else counted by the database.
 */
async function listTotal(db: Queryable, filter: LeadFilter, today?: string): Promise<number> {
  const { status, kind, ...rest } = filter;
  if (isEmptyFilter(rest))
    return summaryTotal(db, { status, formType: kind === undefined ? undefined : LEAD_KINDS[kind].formType });
  return countListed(db, filter, today);
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

export function createLeadList(storage: Storage) {
  return {
    /** One page of the inbox in `sort` order, and how many leads match in all. */
    async list(
      filter: LeadFilter,
      page: number,
      sort: ListSort = 'recientes',
      today?: string,
      after?: ListKey,
    ): Promise<{ rows: InboxRow[]; total: number; nextKey?: string }> {
      const total = await listTotal(storage, filter, today);
      const rows = await listPageRows(storage, { filter, sort, page, size: PAGE_SIZE, today, after });
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
        const rows = (await exportBatchRows(storage, filter, after, EXPORT_BATCH, today)).map((row) => ({
          lead: leadFromRow(row),
          work: workFromRow(row),
        }));
        yield* rows;
        if (rows.length < EXPORT_BATCH) return;
        after = rows[rows.length - 1]?.lead.id ?? after;
      }
    },
  };
}
