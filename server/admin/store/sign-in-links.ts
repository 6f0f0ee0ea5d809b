/**
 * One-time sign-in links (`inbox_sign_in_links`): only the token's SHA-256 is stored, with the digest of
 * the cookie of the browser that asked (the link signs in that browser only), the hashed address, when it
 * ends and when it was used. Creating a link and queueing its e-mail are one transaction; using it is one
 * conditional update, so it works once even with two instances racing.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable, Storage } from '../../db/storage.ts';

const linkRow = rowParser(
  'inbox_sign_in_links',
  z.object({ user_id: z.number().int(), browser: z.string(), expires_at: z.string(), used_at: z.string().nullable() }),
);

export type LinkRefusal = 'unknown' | 'used' | 'expired' | 'other-browser';

export interface LinkLimits {
  /** Links asked from one browser at one client address in `windowMs`. */
  perBrowser: number;
  /** Links per client address in `windowMs`. */
  perAddress: number;
  windowMs: number;
}

export function createSignInLinkStore(storage: Storage) {
  return {
    /**
     * Stores a link and runs `queue` in the same transaction; `false` (and nothing stored) when the browser
     * or the address asked too often lately.
     */
    create(
      link: { id: string; userId: number; browser: string; address: string; now: Date; ttlMs: number },
      limits: LinkLimits,
      queue: (tx: Queryable) => Promise<void>,
    ): Promise<boolean> {
      return storage.transaction(async (tx) => {
        await tx.lock(`inbox-sign-in-link:${link.address}`);
        const since = new Date(link.now.getTime() - limits.windowMs).toISOString();
        const recent = await tx.get<{ by_browser: number; by_address: number }>(
          `SELECT (SELECT count(*) FROM inbox_sign_in_links WHERE browser = $1 AND address = $2 AND created_at > $3) AS by_browser,
                  (SELECT count(*) FROM inbox_sign_in_links WHERE address = $2 AND created_at > $3) AS by_address`,
          [link.browser, link.address, since],
        );
        if ((recent?.by_browser ?? 0) >= limits.perBrowser || (recent?.by_address ?? 0) >= limits.perAddress)
          return false;
        await tx.run(
          'INSERT INTO inbox_sign_in_links (id, user_id, browser, address, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            link.id,
            link.userId,
            link.browser,
            link.address,
            link.now.toISOString(),
            new Date(link.now.getTime() + link.ttlMs).toISOString(),
          ],
        );
        await queue(tx);
        return true;
      });
    },
    /** Uses the link from `browser`: its account, or why it cannot be used (it stays unused then). */
    async use(
      id: string,
      browser: string | undefined,
      now: Date,
    ): Promise<{ userId: number } | { refused: LinkRefusal }> {
      const at = now.toISOString();
      if (browser !== undefined) {
        const used = await storage.get<{ user_id: number }>(
          `UPDATE inbox_sign_in_links SET used_at = $3
           WHERE id = $1 AND browser = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id`,
          [id, browser, at],
        );
        if (used) return { userId: used.user_id };
      }
      const found = await storage.get(
        'SELECT user_id, browser, expires_at, used_at FROM inbox_sign_in_links WHERE id = $1',
        [id],
      );
      if (!found) return { refused: 'unknown' };
      const row = linkRow(found);
      if (row.used_at !== null) return { refused: 'used' };
      if (row.expires_at <= at) return { refused: 'expired' };
      return { refused: 'other-browser' };
    },
    /** Deletes links that ended more than a day ago (kept that long so the limits can count them). */
    async prune(now: Date): Promise<number> {
      const before = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
      return (await storage.run('DELETE FROM inbox_sign_in_links WHERE expires_at < $1', [before])).changes;
    },
  };
}

export type SignInLinkStore = ReturnType<typeof createSignInLinkStore>;
