/**
 * The board's queries over the leads: per status, how many leads the inbox's filter matches and what they
 * are worth, and each column's first cards. They return rows; the inbox shapes them into its columns
 * (server/admin/store/board.ts). The status and the deal's value are read from their copies on the lead
 * (server/admin/store/pipeline-migrations.ts), in the order of the leads_board_order index.
 */
import type { Queryable, Row } from '../db/storage.ts';
import { ACTIVITY_ORDER, filterSql, NEXT_STEP_ORDER, type LeadFilter } from './filter-store.ts';

/** One status's leads and the sum of their deal values (NULL without any). */
interface BoardTotalRow {
  status: string;
  n: number | string;
  value: number | string | null;
}

/** The board's two queries for `filter` (its status aside; `today` decides the due views). */
export function boardQueries(db: Queryable, filter: LeadFilter, today: string) {
  const { where, params, withMerged } = filterSql({ ...filter, status: undefined }, 0, today, db.dialect);
  // Only the tables the filter reads: the status and the deal's value are copied onto the lead.
  const joins = [
    /\bs\./.test(where) ? 'LEFT JOIN inbox_lead_state s ON s.lead_id = l.id' : '',
    /\bd\./.test(where) ? 'LEFT JOIN pipeline_deals d ON d.lead_id = l.id' : '',
  ].join(' ');
  return {
    /**
     * Grouped once: every lead the filter matches, less the merged ones among them, so no lead is checked
     * for a merge one by one.
     */
    totals: (): Promise<BoardTotalRow[]> =>
      db.all<BoardTotalRow>(
        `SELECT t.status, sum(t.n) AS n, CAST(sum(t.value) AS BIGINT) AS value FROM (
           SELECT l.work_status AS status, count(*) AS n, sum(l.deal_value) AS value
           FROM leads l ${joins} ${withMerged} GROUP BY l.work_status
           UNION ALL
           SELECT l.work_status AS status, -count(*) AS n, -sum(l.deal_value) AS value
           FROM leads l ${joins} ${withMerged} AND l.id IN (SELECT lead_id FROM pipeline_merges) GROUP BY l.work_status
         ) t GROUP BY t.status`,
        params,
      ),
    /**
     * A column's first `limit` cards with its own ORDER BY … LIMIT, the order of the leads_board_order
     * index: the database reads the top few of a column and stops (columns id, name, company, phone, status,
     * version, assignee_name, value_mxn, next_step_date, next_step).
     */
    cards: (status: string, limit: number): Promise<Row[]> =>
      db.all(
        `SELECT l.id, l.name, l.company, l.phone, l.work_status AS status, s.version, a.name AS assignee_name,
           d.value_mxn, d.next_step_date, d.next_step
         FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id LEFT JOIN inbox_users a ON a.id = s.assignee_id
           LEFT JOIN pipeline_deals d ON d.lead_id = l.id
         ${where} AND l.work_status = $${String(params.length + 1)}
         ORDER BY ${NEXT_STEP_ORDER}, ${ACTIVITY_ORDER} DESC, l.id DESC
         LIMIT $${String(params.length + 2)}`,
        [...params, status, limit],
      ),
  };
}
