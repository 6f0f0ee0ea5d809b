/**
 * The inbox list and its CSV export: one page of leads in the chosen order with the team's work on each,
 * counted and paged by the database; the filters' SQL comes from ../filters.ts, the page keys from
 * ../keyset.ts.
 */
import { z } from 'zod';
import { LEAD_KINDS } from '../../../core/forms/kinds.ts';
import type { Queryable, Row, SqlValue, Storage } from '../../db/storage.ts';
import type { WorkedLead } from '../../lead/csv.ts';
import { parseSearch } from '../../lead/search.ts';
import { leadFromRow } from '../../lead/store.ts';
import {
  countSql,
  filterSql,
  orderSql,
  type LeadFilter,
  type ListSort,
  type SqlFragment,
} from '../../lead/filter-store.ts';
import { isEmptyFilter, PAGE_SIZE } from '../filters.ts';
import { afterKeySql, encodeListKey, sortKeySql, type ListKey } from '../../lead/keyset.ts';
import type { InboxRow } from '../model.ts';
import { summaryTotal } from './summary.ts';
import { listedFromRow, workFromRow } from './work-rows.ts';

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
  };
}
