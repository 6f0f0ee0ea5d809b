/**
 * The inbox list's queries over the leads: how many leads a filter lists, one page of them in the chosen
 * order with the team's work on each, and the export's batches. They return rows; the inbox shapes them
 * (server/admin/store/work-list.ts). The filter's SQL comes from ./filter-store.ts, the page keys from
 * ./keyset.ts.
 */
import type { Queryable, Row, SqlValue } from '../db/storage.ts';
import { countSql, filterSql, orderSql, type LeadFilter, type ListSort } from './filter-store.ts';
import { afterKeySql, sortKeySql, type ListKey } from './keyset.ts';
import { parseSearch } from './search.ts';

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

/** How many leads `filter` lists (merged ones left out), counted by the database; `today` decides due views. */
export async function countListed(db: Queryable, filter: LeadFilter, today?: string): Promise<number> {
  const fragment = filterSql(filter, 0, today, db.dialect);
  const count = await db.get<{ n: number | string }>(countSql(fragment, countFrom(fragment.where)), fragment.params);
  return Number(count?.n ?? 0);
}

/** Which page of the list: by number, or right after the key of the page before. */
export interface ListPage {
  filter: LeadFilter;
  sort: ListSort;
  /** From 1. */
  page: number;
  size: number;
  /** Mexico City date of the due views; today when absent. */
  today?: string;
  after?: ListKey;
}

/**
 * One page of the list in its sort order: every column of the lead, its `sort_key` (./keyset.ts), and
 * the team's status, assignee_id, version, assignee_name, value_mxn, next_step_date and next_step.
 */
export function listPageRows(db: Queryable, { filter, sort, page, size, today, after }: ListPage): Promise<Row[]> {
  const { where, params } = filterSql(filter, 0, today, db.dialect);
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
  const limit = `LIMIT ${param(size)}${keyed ? '' : ` OFFSET ${param((page - 1) * size)}`}`;
  // The page's ids first, from the leads (and only the tables the filter reads), then their rows joined:
  // the database never joins, nor reads whole, the leads it sorts past (a search's thousands of matches).
  return db.all(
    `SELECT l.*, page.sort_key, s.status, s.assignee_id, s.version, a.name AS assignee_name, d.value_mxn,
       d.next_step_date, d.next_step
     FROM (SELECT l.id, ${sortKeySql(sort)} AS sort_key ${countFrom(where)} ${where}${since} ${order} ${limit}) page
       JOIN leads l ON l.id = page.id LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
       LEFT JOIN inbox_users a ON a.id = s.assignee_id LEFT JOIN pipeline_deals d ON d.lead_id = l.id
     ${order}`,
    pageParams,
  );
}

/**
 * The next `limit` leads of `filter` after the id `afterId`, oldest first: every column of the lead and the
 * team's status, lost_reason, lost_detail, assignee_name, value_mxn, close_date, next_step_date and
 * next_step (a batch of the CSV export).
 */
export function exportBatchRows(
  db: Queryable,
  filter: LeadFilter,
  afterId: number,
  limit: number,
  today?: string,
): Promise<Row[]> {
  const { where, params } = filterSql(filter, 1, today, db.dialect);
  return db.all(
    `SELECT l.*, s.status, s.lost_reason, s.lost_detail, a.name AS assignee_name, d.value_mxn, d.close_date,
       d.next_step_date, d.next_step
     ${FROM} ${where} AND l.id > $1 ORDER BY l.id LIMIT ${String(limit)}`,
    [afterId, ...params],
  );
}
