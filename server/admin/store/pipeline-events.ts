/**
 * The pipeline's part of a lead's history (`pipeline_events`): e-mails written from the inbox, merges and
 * changes of the deal or the next step. The lead page shows them among the inbox's own events, newest first.
 * Every write also marks the lead's last activity (sorting by activity).
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import type { LeadEvent } from '../model.ts';

export type PipelineEventKind = 'email' | 'merge' | 'deal' | 'next_step';

const eventFromRow = rowParser(
  'pipeline_events',
  z
    .object({
      id: z.number().int(),
      lead_id: z.number().int(),
      kind: z.enum(['email', 'merge', 'deal', 'next_step']),
      at: z.string(),
      user_name: z.string().nullable(),
      summary: z.string().nullable(),
      body: z.string().nullable(),
    })
    .transform((row): LeadEvent => ({
      id: row.id,
      leadId: row.lead_id,
      kind: row.kind,
      at: row.at,
      userName: row.user_name,
      fromValue: null,
      toValue: row.summary,
      body: row.body,
    })),
);

/** Marks `at` as the lead's last activity, unless a later one is already recorded. */
export async function touchActivity(db: Queryable, leadId: number, at: string): Promise<void> {
  await db.run(
    `INSERT INTO pipeline_deals (lead_id, activity_at, version) VALUES ($1, $2, 0)
     ON CONFLICT (lead_id) DO UPDATE SET activity_at = CASE
       WHEN pipeline_deals.activity_at IS NULL OR pipeline_deals.activity_at < excluded.activity_at
       THEN excluded.activity_at ELSE pipeline_deals.activity_at END`,
    [leadId, at],
  );
}

export async function addPipelineEvent(
  db: Queryable,
  event: {
    leadId: number;
    userId: number;
    kind: PipelineEventKind;
    at: string;
    summary?: string | null;
    body?: string | null;
    outboxId?: number | null;
  },
): Promise<void> {
  await db.run(
    'INSERT INTO pipeline_events (lead_id, user_id, kind, at, summary, body, outbox_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [
      event.leadId,
      event.userId,
      event.kind,
      event.at,
      event.summary ?? null,
      event.body ?? null,
      event.outboxId ?? null,
    ],
  );
  await touchActivity(db, event.leadId, event.at);
}

/** The lead's pipeline events, newest first (`toValue` holds the summary). */
export async function pipelineEvents(db: Queryable, leadId: number): Promise<LeadEvent[]> {
  const rows = await db.all(
    `SELECT e.id, e.lead_id, e.kind, e.at, u.name AS user_name, e.summary, e.body
     FROM pipeline_events e LEFT JOIN inbox_users u ON u.id = e.user_id WHERE e.lead_id = $1 ORDER BY e.id DESC`,
    [leadId],
  );
  return rows.map(eventFromRow);
}

/** Both histories in one list, newest first (by time, then by kind's table and id). */
export function mergeHistories(inbox: readonly LeadEvent[], pipeline: readonly LeadEvent[]): LeadEvent[] {
  return [...inbox, ...pipeline].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
}
