/**
 * Rate limits kept in the database, so every instance counts the same requests: one row per counted
 * request in `rate_events` (limit name, hashed client, time). `overLimit` never records and `record`
 * is called only for what was accepted, so a visitor fixing a typo is not locked out. Checked and
 * recorded inside one transaction holding the client's lock, a burst cannot slip past the count.
 */
import type { Queryable, Transaction } from '../db/storage.ts';

export interface RateLimit {
  /** Names the limit (`submission`, `schedule`): counts of different limits never mix. */
  scope: string;
  max: number;
  windowMs: number;
}

/** Seconds to wait when `key` has used up `limit` at `nowMs`, `undefined` when it may go on. */
export async function overLimit(
  db: Queryable,
  limit: RateLimit,
  key: string,
  nowMs: number,
): Promise<number | undefined> {
  // The max-th most recent hit inside the window: when it exists the limit is reached, and the wait
  // ends when that hit leaves the window.
  const row = await db.get<{ at_ms: number }>(
    'SELECT at_ms FROM rate_events WHERE scope = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms DESC LIMIT 1 OFFSET $4',
    [limit.scope, key, nowMs - limit.windowMs, limit.max - 1],
  );
  if (!row) return undefined;
  return Math.max(1, Math.ceil((row.at_ms + limit.windowMs - nowMs) / 1000));
}

export async function record(db: Queryable, limit: RateLimit, key: string, nowMs: number): Promise<void> {
  await db.run('INSERT INTO rate_events (scope, key, at_ms) VALUES ($1, $2, $3)', [limit.scope, key, nowMs]);
}

/** Within a transaction: holds the client's lock for this limit, then checks it. */
export async function lockAndCheck(
  tx: Transaction,
  limit: RateLimit,
  key: string,
  nowMs: number,
): Promise<number | undefined> {
  await tx.lock(`rate:${limit.scope}:${key}`);
  return overLimit(tx, limit, key, nowMs);
}

/** Checks and, when allowed, records one request in its own transaction. */
export async function consume(
  storage: { transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> },
  limit: RateLimit,
  key: string,
  nowMs: number,
): Promise<number | undefined> {
  return storage.transaction(async (tx) => {
    const wait = await lockAndCheck(tx, limit, key, nowMs);
    if (wait === undefined) await record(tx, limit, key, nowMs);
    return wait;
  });
}

/** Deletes hits older than `olderThanMs` (past every window); returns how many went. */
export async function pruneRateEvents(db: Queryable, olderThanMs: number): Promise<number> {
  return (await db.run('DELETE FROM rate_events WHERE at_ms < $1', [olderThanMs])).changes;
}
