/** Reading a registry table's rows that belong to a person, or whose text quotes them. */
import type { Queryable, Row, SqlValue } from '../db/storage.ts';
import { quotes } from './identity.ts';
import type { RegistryTable } from './registry.ts';
import { linkCondition, type Subject } from './subject.ts';

/** Rows read per round trip when every row of a table is searched for quotes. */
const SCAN_PAGE = 500;

export const keyOf = (entry: RegistryTable, row: Row): string =>
  JSON.stringify(entry.key.map((column) => row[column] ?? null));

/** `a = $n AND b = $n+1` for a row's key, with its values. */
export function keyCondition(entry: RegistryTable, row: Row, offset: number): { sql: string; params: SqlValue[] } {
  return {
    sql: entry.key.map((column, index) => `${column} = $${offset + index + 1}`).join(' AND '),
    params: entry.key.map((column) => row[column] as SqlValue),
  };
}

/** The rows linked to the subject, in key order. */
export async function linkedRows(db: Queryable, entry: RegistryTable, subject: Subject): Promise<Row[]> {
  const condition = linkCondition(entry.link, subject);
  if (!condition) return [];
  return db.all(
    `SELECT * FROM ${entry.table} WHERE ${condition.where} ORDER BY ${entry.key.join(', ')}`,
    condition.params,
  );
}

/** Columns of free text that may quote anyone. */
export const quoteColumns = (entry: RegistryTable): string[] =>
  Object.entries(entry.personal)
    .filter(([, column]) => column.quotes)
    .map(([name]) => name);

/** Rows (not among `skip`) whose free text quotes the person, searched through the whole table. */
export async function quotingRows(
  db: Queryable,
  entry: RegistryTable,
  patterns: readonly RegExp[],
  skip: ReadonlySet<string>,
): Promise<Row[]> {
  const columns = quoteColumns(entry);
  if (columns.length === 0 || patterns.length === 0) return [];
  const found: Row[] = [];
  const order = entry.key.join(', ');
  const notNull = columns.map((column) => `${column} IS NOT NULL`).join(' OR ');
  for (let offset = 0; ; offset += SCAN_PAGE) {
    const page = await db.all(`SELECT * FROM ${entry.table} WHERE ${notNull} ORDER BY ${order} LIMIT $1 OFFSET $2`, [
      SCAN_PAGE,
      offset,
    ]);
    for (const row of page) {
      if (skip.has(keyOf(entry, row))) continue;
      if (columns.some((column) => quotes(typeof row[column] === 'string' ? row[column] : null, patterns)))
        found.push(row);
    }
    if (page.length < SCAN_PAGE) return found;
  }
}
