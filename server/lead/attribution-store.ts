/**
 * The visit's origin kept with a lead (`leads.attribution`, JSON): written in the lead's own transaction,
 * read back through the same cleaning the API applied (core/attribution.ts), so a row edited by hand
 * cannot bring a control character or an unknown key into the inbox or the CSV.
 */
import { z } from 'zod';
import { cleanAttribution, type Attribution } from '../../core/attribution.ts';
import type { Queryable } from '../db/storage.ts';

/** `leads.attribution`: NULL (nothing known) or a JSON object; absent from a row that did not select it. */
export const attributionColumn = z
  .string()
  .nullable()
  .optional()
  .transform((text): Attribution | undefined => {
    if (!text) return undefined;
    try {
      return cleanAttribution(JSON.parse(text));
    } catch {
      return undefined;
    }
  });

export async function saveAttribution(db: Queryable, leadId: number, attribution: Attribution): Promise<void> {
  await db.run('UPDATE leads SET attribution = $1 WHERE id = $2', [JSON.stringify(attribution), leadId]);
}
