/**
 * Forms kept while their session had ended (`pipeline_pending_forms`), until their owner signs in again.
 * Taking one deletes it, so a kept form is applied at most once, on any instance. The fields are kept
 * exactly as typed, URL-encoded inside a JSON string: PostgreSQL's jsonb (the column's check) refuses a NUL
 * (`\u0000`) anywhere in a document, and a form holding one must reach its action to be refused there with
 * a Spanish message, not fail here.
 */
import { z } from 'zod';
import { jsonText, rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';

export interface PendingForm {
  userId: number;
  /** The inbox path the form was posted to. */
  path: string;
  /** Its fields, without the CSRF token. */
  form: Record<string, string>;
}

const pendingFromRow = rowParser(
  'pipeline_pending_forms',
  z
    .object({
      user_id: z.number().int(),
      path: z.string(),
      form: jsonText(z.string()).transform((encoded) => Object.fromEntries(new URLSearchParams(encoded))),
      expires_at: z.string(),
    })
    .transform((row) => ({
      pending: { userId: row.user_id, path: row.path, form: row.form } satisfies PendingForm,
      expiresAt: row.expires_at,
    })),
);

export function createPendingFormStore(db: Queryable) {
  return {
    async save(id: string, pending: PendingForm, now: Date, ttlMs: number): Promise<void> {
      await db.run('DELETE FROM pipeline_pending_forms WHERE expires_at <= $1', [now.toISOString()]);
      await db.run(
        `INSERT INTO pipeline_pending_forms (id, user_id, path, form, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, path = excluded.path, form = excluded.form,
           created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [
          id,
          pending.userId,
          pending.path,
          JSON.stringify(new URLSearchParams(Object.entries(pending.form)).toString()),
          now.toISOString(),
          new Date(now.getTime() + ttlMs).toISOString(),
        ],
      );
    },
    /** The kept form, deleted as it is read; undefined when there is none or it expired. */
    async take(id: string, now: Date): Promise<PendingForm | undefined> {
      const row = await db.get(
        'DELETE FROM pipeline_pending_forms WHERE id = $1 RETURNING user_id, path, form, expires_at',
        [id],
      );
      if (!row) return undefined;
      const { pending, expiresAt } = pendingFromRow(row);
      return expiresAt > now.toISOString() ? pending : undefined;
    },
    async prune(now: Date): Promise<number> {
      return (await db.run('DELETE FROM pipeline_pending_forms WHERE expires_at <= $1', [now.toISOString()])).changes;
    },
  };
}

export type PendingFormStore = ReturnType<typeof createPendingFormStore>;
