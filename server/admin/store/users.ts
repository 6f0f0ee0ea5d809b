/** Inbox accounts (`inbox_users`). Works on the storage or inside a transaction. */
import { z } from 'zod';
import { rowParser } from '../../db/rows.ts';
import { isUniqueViolation, type Queryable } from '../../db/storage.ts';
import { refuse } from '../../errors.ts';
import type { AdminUser } from '../model.ts';
import { isRole, type Role } from '../roles.ts';

export interface UserWithPassword extends AdminUser {
  passwordHash: string;
}

const COLUMNS = 'id, email, name, role, active, created_at, last_login_at, password_hash';

const fromRow = rowParser(
  'inbox_users',
  z
    .object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      active: z.number().int(),
      created_at: z.string(),
      last_login_at: z.string().nullable(),
      password_hash: z.string(),
    })
    .transform((row): UserWithPassword => ({
      id: row.id,
      email: row.email,
      name: row.name,
      // A role this code no longer knows gets the least power.
      role: isRole(row.role) ? row.role : 'sales',
      active: row.active === 1,
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
      passwordHash: row.password_hash,
    })),
);

function withoutPassword({ passwordHash: _hash, ...user }: UserWithPassword): AdminUser {
  return user;
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  now: string;
}

export function createUserStore(db: Queryable) {
  return {
    /** Refuses `inboxAccountExists` when the e-mail has an account. */
    async create(user: NewUser): Promise<number> {
      try {
        const row = await db.get<{ id: number }>(
          `INSERT INTO inbox_users (email, name, role, password_hash, active, created_at, updated_at, password_changed_at)
           VALUES ($1, $2, $3, $4, 1, $5, $5, $5) RETURNING id`,
          [user.email, user.name, user.role, user.passwordHash, user.now],
        );
        return Number(row?.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw refuse('inboxAccountExists', { email: user.email });
        throw error;
      }
    },
    async byEmail(email: string): Promise<UserWithPassword | undefined> {
      const row = await db.get(`SELECT ${COLUMNS} FROM inbox_users WHERE email = $1`, [email]);
      return row ? fromRow(row) : undefined;
    },
    async byId(id: number): Promise<AdminUser | undefined> {
      const row = await db.get(`SELECT ${COLUMNS} FROM inbox_users WHERE id = $1`, [id]);
      return row ? withoutPassword(fromRow(row)) : undefined;
    },
    async byIdWithPassword(id: number): Promise<UserWithPassword | undefined> {
      const row = await db.get(`SELECT ${COLUMNS} FROM inbox_users WHERE id = $1`, [id]);
      return row ? fromRow(row) : undefined;
    },
    /** Every account, active first, then by name. */
    async list(): Promise<AdminUser[]> {
      const rows = await db.all(`SELECT ${COLUMNS} FROM inbox_users ORDER BY active DESC, lower(name), id`);
      return rows.map((row) => withoutPassword(fromRow(row)));
    },
    async update(id: number, changes: { name: string; role: Role }, now: string): Promise<void> {
      await db.run('UPDATE inbox_users SET name = $1, role = $2, updated_at = $3 WHERE id = $4', [
        changes.name,
        changes.role,
        now,
        id,
      ]);
    },
    async setActive(id: number, active: boolean, now: string): Promise<void> {
      await db.run('UPDATE inbox_users SET active = $1, updated_at = $2 WHERE id = $3', [active ? 1 : 0, now, id]);
    },
    async setPassword(id: number, passwordHash: string, now: string): Promise<void> {
      await db.run(
        'UPDATE inbox_users SET password_hash = $1, password_changed_at = $2, updated_at = $2 WHERE id = $3',
        [passwordHash, now, id],
      );
    },
    async recordLogin(id: number, now: string): Promise<void> {
      await db.run('UPDATE inbox_users SET last_login_at = $1 WHERE id = $2', [now, id]);
    },
    async activeAdmins(): Promise<number> {
      const row = await db.get<{ n: number }>(
        "SELECT count(*) AS n FROM inbox_users WHERE role = 'admin' AND active = 1",
      );
      return row?.n ?? 0;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
