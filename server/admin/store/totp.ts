/**
 * Two-step sign-in per account (`inbox_totp`, `inbox_recovery_codes`): a secret waiting for its first code,
 * then confirmed; the last time step accepted, so a code is refused the second time (the update only
 * succeeds for a later step, atomically, even with two instances racing); recovery codes, each usable once.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Storage } from '../../db/storage.ts';

const totpRow = rowParser(
  'inbox_totp',
  z.object({ secret: z.string(), confirmed_at: z.string().nullable(), last_step: z.number().nullable() }),
);

export type TwoStepState =
  | { kind: 'off' }
  | { kind: 'pending'; sealedSecret: string }
  | { kind: 'on'; sealedSecret: string; lastStep: number | null; recoveryCodesLeft: number };

export function createTotpStore(storage: Storage) {
  return {
    async state(userId: number): Promise<TwoStepState> {
      const found = await storage.get('SELECT secret, confirmed_at, last_step FROM inbox_totp WHERE user_id = $1', [
        userId,
      ]);
      if (!found) return { kind: 'off' };
      const row = totpRow(found);
      if (row.confirmed_at === null) return { kind: 'pending', sealedSecret: row.secret };
      const left = await storage.get<{ n: number }>(
        'SELECT count(*) AS n FROM inbox_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
        [userId],
      );
      return { kind: 'on', sealedSecret: row.secret, lastStep: row.last_step, recoveryCodesLeft: left?.n ?? 0 };
    },
    async isEnabled(userId: number): Promise<boolean> {
      const row = await storage.get(
        'SELECT 1 AS found FROM inbox_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL',
        [userId],
      );
      return row !== undefined;
    },
    /** A new secret waiting for its first code; `false` when two-step sign-in is already on. */
    async begin(userId: number, sealedSecret: string, now: Date): Promise<boolean> {
      const result = await storage.run(
        `INSERT INTO inbox_totp (user_id, secret, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at
         WHERE inbox_totp.confirmed_at IS NULL`,
        [userId, sealedSecret, now.toISOString()],
      );
      return result.changes === 1;
    },
    /** Turns it on with the step of the first code and a fresh set of recovery codes (digests). */
    confirm(userId: number, step: number, codeDigests: readonly string[], now: Date): Promise<boolean> {
      return storage.transaction(async (tx) => {
        const at = now.toISOString();
        const result = await tx.run(
          'UPDATE inbox_totp SET confirmed_at = $1, last_step = $2 WHERE user_id = $3 AND confirmed_at IS NULL',
          [at, step, userId],
        );
        if (result.changes !== 1) return false;
        await tx.run('DELETE FROM inbox_recovery_codes WHERE user_id = $1', [userId]);
        for (const digest of codeDigests)
          await tx.run('INSERT INTO inbox_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [
            userId,
            digest,
            at,
          ]);
        return true;
      });
    },
    /** Records `step` as used; `false` when it (or a later one) already was: a replayed code. */
    async useStep(userId: number, step: number): Promise<boolean> {
      const result = await storage.run(
        `UPDATE inbox_totp SET last_step = $2
         WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)`,
        [userId, step],
      );
      return result.changes === 1;
    },
    /** Spends a recovery code; `false` when it is not one of the account's unused ones. */
    async useRecoveryCode(userId: number, digest: string, now: Date): Promise<boolean> {
      const result = await storage.run(
        'UPDATE inbox_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
        [userId, digest, now.toISOString()],
      );
      return result.changes === 1;
    },
    /** Turns it off (by its owner, or reset by an admin): secret and recovery codes are deleted. */
    async disable(userId: number): Promise<void> {
      await storage.transaction(async (tx) => {
        await tx.run('DELETE FROM inbox_recovery_codes WHERE user_id = $1', [userId]);
        await tx.run('DELETE FROM inbox_totp WHERE user_id = $1', [userId]);
      });
    },
  };
}

export type TotpStore = ReturnType<typeof createTotpStore>;
