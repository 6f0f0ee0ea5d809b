/**
 * The inbox list's "next page" by key: the link carries the sort key of the page's last lead (`tras=`), and
 * the next page starts right after it through the sort's index, instead of reading and skipping every lead
 * of the pages before (OFFSET). The page number stays in the URL, so a link without a key, or with one
 * that does not parse, still shows the same page by its number.
 */
import type { SqlValue } from '../db/storage.ts';
import { ACTIVITY_ORDER, NEXT_STEP_ORDER, type ListSort } from './filter-store.ts';

/** Where a page ended: the sort's first value, then the arrival time and id that break its ties. */
export interface ListKey {
  first: string | number;
  receivedAt: string;
  id: number;
}

/** Each sort's first ORDER BY term (see orderSql); ties always go newest first, then by id. */
const FIRST: Readonly<Record<ListSort, { sql: string; ascending: boolean; numeric: boolean }>> = {
  recientes: { sql: 'l.received_at', ascending: false, numeric: false },
  puntuacion: { sql: 'COALESCE(l.score, -1)', ascending: false, numeric: true },
  actividad: { sql: ACTIVITY_ORDER, ascending: false, numeric: false },
  seguimiento: { sql: NEXT_STEP_ORDER, ascending: true, numeric: false },
};

/** The SQL of a sort's first value, selected beside each listed lead to make the next page's key. */
export const sortKeySql = (sort: ListSort): string => FIRST[sort].sql;

/** Keys longer than this are someone typing: an ISO time and a date are far shorter. */
const KEY_MAX_LENGTH = 200;
const TEXT_MAX_LENGTH = 40;

export function encodeListKey(key: ListKey): string {
  return Buffer.from(JSON.stringify([key.first, key.receivedAt, key.id])).toString('base64url');
}

/** The key of a `tras=` value for `sort`, or undefined when it is not one this list wrote. */
export function decodeListKey(text: string, sort: ListSort): ListKey | undefined {
  if (!text || text.length > KEY_MAX_LENGTH || !/^[\w-]+$/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [first, receivedAt, id] = parsed as unknown[];
  const firstOk = FIRST[sort].numeric
    ? typeof first === 'number' && Number.isSafeInteger(first)
    : typeof first === 'string' && first.length <= TEXT_MAX_LENGTH;
  if (!firstOk || typeof receivedAt !== 'string' || receivedAt.length > TEXT_MAX_LENGTH) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return { first: first as string | number, receivedAt, id };
}

/**
 * The leads after `key` in `sort` order, as a condition both engines run: the first term's range is what
 * the sort's index answers (`>=` or `<=` the key), the rest drops the leads before the key among its ties.
 */
export function afterKeySql(sort: ListSort, key: ListKey, param: (value: SqlValue) => string): string {
  const { sql, ascending } = FIRST[sort];
  const first = param(key.first);
  const receivedAt = param(key.receivedAt);
  const id = param(key.id);
  return `${sql} ${ascending ? '>=' : '<='} ${first} AND (${sql} ${ascending ? '>' : '<'} ${first}
    OR l.received_at < ${receivedAt} OR (l.received_at = ${receivedAt} AND l.id < ${id}))`;
}
