/**
 * Server-side sessions. A session is valid while now is before its absolute end and within the idle
 * limit of its last use; the account must still be active. `lastSeenAt` is written at most once a
 * minute per session, so browsing does not turn every page view into a write.
 */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import type { Queryable } from '../../db/storage.ts';
import type { AdminUser, Session } from '../model.ts';
import { isRole } from '../roles.ts';

const TOUCH_EVERY_MS = 60_000;

/** `inbox_sessions` joined with its account. */
const sessionRow = rowParser(
  'inbox_sessions',
  z.object({
    id: z.string(),
    user_id: z.number().int(),
    created_at: z.string(),
    last_seen_at: z.string(),
    expires_at: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    active: z.number().int(),
    user_created_at: z.string(),
    last_login_at: z.string().nullable(),
  }),
);

export interface SessionWithUser {
  session: Session;
  user: AdminUser;
}

export function createSessionStore(db: Queryable, limits: { idleMs: number; maxMs: number }) {
  return {
    async create(id: string, userId: number, now: Date): Promise<Session> {
      const session: Session = {
        id,
        userId,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + limits.maxMs).toISOString(),
      };
      await db.run(
        'INSERT INTO inbox_sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [session.id, session.userId, session.createdAt, session.lastSeenAt, session.expiresAt],
      );
      return session;
    },
    /** The live session and its active account, touching it; `undefined` (and the row deleted) when it ended. */
    async resume(id: string, now: Date): Promise<SessionWithUser | undefined> {
      const found = await db.get(
        `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at,
                u.email, u.name, u.role, u.active, u.created_at AS user_created_at, u.last_login_at
         FROM inbox_sessions s JOIN inbox_users u ON u.id = s.user_id WHERE s.id = $1`,
        [id],
      );
      if (!found) return undefined;
      const row = sessionRow(found);
      const lastSeen = new Date(row.last_seen_at).getTime();
      const ended =
        now.toISOString() >= row.expires_at ||
        now.getTime() - lastSeen >= limits.idleMs ||
        row.active !== 1 ||
        !isRole(row.role);
      if (ended) {
        await db.run('DELETE FROM inbox_sessions WHERE id = $1', [id]);
        return undefined;
      }
      let lastSeenAt = row.last_seen_at;
      if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
        lastSeenAt = now.toISOString();
        await db.run('UPDATE inbox_sessions SET last_seen_at = $1 WHERE id = $2', [lastSeenAt, id]);
      }
      return {
        session: { id: row.id, userId: row.user_id, createdAt: row.created_at, lastSeenAt, expiresAt: row.expires_at },
        user: {
          id: row.user_id,
          email: row.email,
          name: row.name,
          role: isRole(row.role) ? row.role : 'sales',
          active: true,
          createdAt: row.user_created_at,
          lastLoginAt: row.last_login_at,
        },
      };
    },
    async delete(id: string): Promise<void> {
      await db.run('DELETE FROM inbox_sessions WHERE id = $1', [id]);
    },
    /** Signs an account out everywhere (sign-out everywhere, a new password, a disabled account). */
    async deleteForUser(userId: number): Promise<number> {
      return (await db.run('DELETE FROM inbox_sessions WHERE user_id = $1', [userId])).changes;
    },
    /** Signs an account out of every other browser (after changing its own password). */
    async deleteOthers(userId: number, keepId: string): Promise<number> {
      return (await db.run('DELETE FROM inbox_sessions WHERE user_id = $1 AND id <> $2', [userId, keepId])).changes;
    },
    async countForUser(userId: number, now: Date): Promise<number> {
      const row = await db.get<{ n: number }>(
        'SELECT count(*) AS n FROM inbox_sessions WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3',
        [userId, now.toISOString(), new Date(now.getTime() - limits.idleMs).toISOString()],
      );
      return row?.n ?? 0;
    },
    /** Deletes sessions that ended; returns how many. */
    async prune(now: Date): Promise<number> {
      const result = await db.run('DELETE FROM inbox_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [
        now.toISOString(),
        new Date(now.getTime() - limits.idleMs).toISOString(),
      ]);
      return result.changes;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
