/**
 * The voluntary purposes a visitor refused in the form: the form sends their ids in `X-Privacy-Refusals`
 * (core/privacy.ts); the API keeps only ids of the notice in force (content/privacy.yaml) and stores them
 * with the lead, in the lead's own transaction.
 */
import type { IncomingMessage } from 'node:http';
import { parseRefusalsHeader, PRIVACY_REFUSALS_HEADER, REFUSABLE_PURPOSES } from '../../core/privacy.ts';
import type { PrivacyNotice } from '../../core/content/privacy.ts';
import type { Queryable } from '../db/storage.ts';

/** The refused purposes a request names (a forged or oversized header records nothing else). */
export function refusalsOf(req: IncomingMessage, notice: PrivacyNotice): string[] {
  const header = req.headers[PRIVACY_REFUSALS_HEADER.toLowerCase()];
  const value = Array.isArray(header) ? header.join(',') : header;
  return parseRefusalsHeader(
    value,
    notice.purposes.voluntary.map((purpose) => purpose.id),
  );
}

export async function storeRefusals(db: Queryable, leadId: number, purposes: readonly string[]): Promise<void> {
  for (const purpose of purposes) {
    await db.run('INSERT INTO privacy_refusals (lead_id, purpose) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      leadId,
      purpose,
    ]);
  }
}

export async function refusalsFor(db: Queryable, leadId: number): Promise<string[]> {
  const rows = await db.all<{ purpose: string }>(
    'SELECT purpose FROM privacy_refusals WHERE lead_id = $1 ORDER BY purpose',
    [leadId],
  );
  return rows.map((row) => row.purpose);
}

/** The score of a lead whose author refused scoring: last when sorting by score, shown as no score. */
export const UNSCORED = -1;

/** Whether the lead's author refused to have it scored. */
export async function refusedScoring(db: Queryable, leadId: number): Promise<boolean> {
  const row = await db.get<{ found: number }>(
    'SELECT 1 AS found FROM privacy_refusals WHERE lead_id = $1 AND purpose = $2',
    [leadId, REFUSABLE_PURPOSES.scoring],
  );
  return row !== undefined;
}

/** Which of `leadIds` had their author refuse scoring. */
export async function refusedScoringAmong(db: Queryable, leadIds: readonly number[]): Promise<Set<number>> {
  if (leadIds.length === 0) return new Set();
  const rows = await db.all<{ lead_id: number }>(
    `SELECT lead_id FROM privacy_refusals WHERE purpose = $1 AND lead_id IN (${leadIds.map((_, index) => `$${index + 2}`).join(', ')})`,
    [REFUSABLE_PURPOSES.scoring, ...leadIds],
  );
  return new Set(rows.map((row) => row.lead_id));
}
