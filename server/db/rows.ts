/**
 * Reading rows back: every table's store parses what the driver hands it with the table's own zod schema,
 * so a column that is missing, of another type or unreadable (a `fields` that is not a JSON object of
 * texts) stops with the table, the row and the column named, instead of travelling on as a wrong shape.
 * Both engines give the same JavaScript values (see storage.ts), so one schema serves SQLite and PostgreSQL.
 */
import { z } from 'zod';
import { DatabaseError } from './storage.ts';

/** A parser of one table's rows: `(row) => value`, throwing a `row` DatabaseError on a row that does not fit. */
export function rowParser<T extends z.ZodType>(table: string, schema: T): (row: unknown) => z.output<T> {
  return (row) => {
    const result = schema.safeParse(row);
    if (result.success) return result.data;
    const id = typeof row === 'object' && row !== null && 'id' in row ? ` (id ${String(row.id)})` : '';
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(fila)'}: ${issue.message}`);
    throw new DatabaseError('row', `Fila ilegible en ${table}${id}: ${problems.join('; ')}`);
  };
}

/** A nullable text column read as `undefined` when empty (NULL). */
export const optionalText = z
  .string()
  .nullable()
  .transform((value) => value ?? undefined);

/** A text column holding JSON. */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'no es JSON válido' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
