/** The pipeline's read-only views over the inbox's tables: the board, the money, a person's due counts. */
import type { Storage } from '../../db/storage.ts';
import type { LeadFilter } from '../filters.ts';
import type { DayCounts } from '../views/views-nav.ts';
import { boardColumns } from './board.ts';
import { moneyRows } from './money.ts';

export function createPipelineQueries(storage: Storage) {
  return {
    board: (filter: LeadFilter, today: string) => boardColumns(storage, filter, today),
    money: (receivedSince: string) => moneyRows(storage, receivedSince),
    /** How many of `userId`'s open leads have their next step today, and before today. */
    async dueCounts(userId: number, today: string): Promise<DayCounts> {
      const row = await storage.get<{ due_today: number | null; overdue: number | null }>(
        `SELECT sum(CASE WHEN d.next_step_date = $2 THEN 1 ELSE 0 END) AS due_today,
           sum(CASE WHEN d.next_step_date < $2 THEN 1 ELSE 0 END) AS overdue
         FROM pipeline_deals d JOIN inbox_lead_state s ON s.lead_id = d.lead_id
         WHERE s.assignee_id = $1 AND d.next_step_date <= $2 AND s.status NOT IN ('ganado', 'perdido')
           AND NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = d.lead_id)`,
        [userId, today],
      );
      return { today: row?.due_today ?? 0, overdue: row?.overdue ?? 0 };
    },
  };
}

export type PipelineQueries = ReturnType<typeof createPipelineQueries>;
