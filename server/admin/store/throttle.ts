/**
 * The sign-in throttle's counters (policy in ../throttle.ts). Reading and bumping a counter happen in
 * one transaction under a lock on its key, so parallel guesses from several instances all count.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Storage } from '../../db/storage.ts';
import { recordFailure, retryAfterMs, THROTTLE_POLICIES, type ThrottleScope, type ThrottleState } from '../throttle.ts';

export interface ThrottleKey {
  scope: ThrottleScope;
  key: string;
}

/** `inbox_login_failures`: a counter per scope and key. */
const stateFromRow = rowParser(
  'inbox_login_failures',
  z
    .object({ failures: z.number().int(), last_failure_at: z.number() })
    .transform((row): ThrottleState => ({ failures: row.failures, lastFailureAt: row.last_failure_at })),
);

const FORGET_AFTER_MS = Math.max(...Object.values(THROTTLE_POLICIES).map((policy) => policy.forgetAfterMs));

export function createThrottleStore(storage: Storage) {
  async function state(db: Pick<Storage, 'get'>, { scope, key }: ThrottleKey): Promise<ThrottleState | undefined> {
    const row = await db.get(
      'SELECT failures, last_failure_at FROM inbox_login_failures WHERE scope = $1 AND key = $2',
      [scope, key],
    );
    return row ? stateFromRow(row) : undefined;
  }

  return {
    /** Milliseconds until every one of the keys may try again (the longest wait wins). */
    async waitMs(keys: readonly ThrottleKey[], now: number): Promise<number> {
      let wait = 0;
      for (const key of keys)
        wait = Math.max(wait, retryAfterMs(await state(storage, key), THROTTLE_POLICIES[key.scope], now));
      return wait;
    },
    async recordFailure(keys: readonly ThrottleKey[], now: number): Promise<void> {
      await storage.transaction(async (tx) => {
        for (const key of keys) {
          await tx.lock(`inbox-login:${key.scope}:${key.key}`);
          const next = recordFailure(await state(tx, key), THROTTLE_POLICIES[key.scope], now);
          await tx.run(
            `INSERT INTO inbox_login_failures (scope, key, failures, last_failure_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT (scope, key) DO UPDATE SET failures = excluded.failures, last_failure_at = excluded.last_failure_at`,
            [key.scope, key.key, next.failures, next.lastFailureAt],
          );
        }
      });
    },
    async clear(keys: readonly ThrottleKey[]): Promise<void> {
      for (const key of keys)
        await storage.run('DELETE FROM inbox_login_failures WHERE scope = $1 AND key = $2', [key.scope, key.key]);
    },
    /**
     * Accounts being guessed: an account counter (by e-mail) or code counter (by account id) past its free
     * failures and still remembered. What admins are told.
     */
    async underAttack(
      now: number,
    ): Promise<Array<{ scope: 'account' | 'code'; key: string; failures: number; lastFailureAt: number }>> {
      const rows = await storage.all<{
        scope: 'account' | 'code';
        key: string;
        failures: number;
        last_failure_at: number;
      }>(
        `SELECT scope, key, failures, last_failure_at FROM inbox_login_failures
         WHERE (scope = 'account' AND failures >= $1 AND last_failure_at > $2)
            OR (scope = 'code' AND failures >= $3 AND last_failure_at > $4)
         ORDER BY last_failure_at DESC LIMIT 50`,
        [
          THROTTLE_POLICIES.account.freeFailures,
          now - THROTTLE_POLICIES.account.forgetAfterMs,
          THROTTLE_POLICIES.code.freeFailures,
          now - THROTTLE_POLICIES.code.forgetAfterMs,
        ],
      );
      return rows.map((row) => ({
        scope: row.scope,
        key: row.key,
        failures: row.failures,
        lastFailureAt: row.last_failure_at,
      }));
    },
    /** Deletes counters nobody remembers any more. */
    async prune(now: number): Promise<number> {
      return (await storage.run('DELETE FROM inbox_login_failures WHERE last_failure_at < $1', [now - FORGET_AFTER_MS]))
        .changes;
    },
  };
}

export type ThrottleStore = ReturnType<typeof createThrottleStore>;
