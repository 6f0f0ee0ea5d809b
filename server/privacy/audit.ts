/**
 * The audit trail: sign-ins (and failed ones), exports, ARCO actions and account changes, from the inbox
 * and from the terminal. Each entry says who (an account by id, "terminal", or nobody signed in), when,
 * what, on which lead, request or account (by number), and from where (the client address hashed with the
 * inbox's secret, as the sign-in throttle does). It never copies the data itself: a lead is `lead:12`.
 */
import { userInfo } from 'node:os';
import { z } from 'zod';
import { rowParser } from '../db/rows.ts';
import type { Queryable } from '../db/storage.ts';

export const AUDIT_ACTIONS = {
  login: 'Inicio de sesión',
  login_failed: 'Inicio de sesión fallido',
  login_throttled: 'Inicio de sesión frenado por intentos',
  csv_export: 'Exportación de leads (CSV)',
  arco_find: 'Consulta de datos personales',
  arco_access: 'Acceso: datos entregados',
  arco_rectify: 'Rectificación de datos',
  arco_cancel: 'Cancelación de datos',
  arco_objection: 'Oposición o revocación',
  arco_request: 'Solicitud ARCO registrada',
  account_created: 'Cuenta creada',
  account_updated: 'Cuenta cambiada (nombre o rol)',
  account_disabled: 'Cuenta desactivada',
  account_enabled: 'Cuenta reactivada',
  account_password: 'Contraseña restablecida',
  own_password: 'Cambio de la propia contraseña',
  retention: 'Conservación: anonimización programada',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && Object.hasOwn(AUDIT_ACTIONS, value);
}

/** Who acted: a signed-in account, an operator at the terminal, the server itself, or someone not signed in. */
export type Actor =
  | { kind: 'account'; id: number; addressHash?: string }
  | { kind: 'terminal' }
  | { kind: 'system' }
  | { kind: 'unknown'; addressHash?: string };

export const TERMINAL = { kind: 'terminal' } as const satisfies Actor;

export interface AuditEntryInput {
  actor: Actor;
  action: AuditAction;
  /** `lead:12`, `request:3`, `account:5`. */
  target?: string;
  /** Counts and choices; never a name, an e-mail or a typed text. */
  detail?: Readonly<Record<string, string | number | boolean | null>>;
  at: Date;
}

export interface AuditEntry {
  id: number;
  at: string;
  actorKind: Actor['kind'];
  actorId: number | null;
  /** The account's current name, when it was one. */
  actorName: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  addressHash: string | null;
}

export interface AuditFilter {
  action?: AuditAction;
  accountId?: number;
  /** Mexico City dates `YYYY-MM-DD`, turned into instants by the caller. */
  fromAt?: string;
  toAt?: string;
}

export const AUDIT_PAGE_SIZE = 50;

const fromRow = rowParser(
  'audit_log',
  z
    .object({
      id: z.number().int(),
      at: z.string(),
      actor_kind: z.enum(['account', 'terminal', 'system', 'unknown']),
      actor_id: z.number().int().nullable(),
      actor_name: z.string().nullable(),
      action: z.string(),
      target: z.string().nullable(),
      detail: z.string().nullable(),
      address_hash: z.string().nullable(),
    })
    .transform((row): AuditEntry => ({
      id: row.id,
      at: row.at,
      actorKind: row.actor_kind,
      actorId: row.actor_id,
      actorName: row.actor_name,
      action: row.action,
      target: row.target,
      detail: parseDetail(row.detail),
      addressHash: row.address_hash,
    })),
);

function parseDetail(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function filterSql(filter: AuditFilter): { where: string; params: Array<string | number> } {
  const conditions: string[] = [];
  const params: Array<string | number> = [];
  const add = (sql: string, value: string | number) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.action) add('e.action = ?', filter.action);
  if (filter.accountId !== undefined) add("e.actor_kind = 'account' AND e.actor_id = ?", filter.accountId);
  if (filter.fromAt) add('e.at >= ?', filter.fromAt);
  if (filter.toAt) add('e.at < ?', filter.toAt);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/**
 * The operating-system user running this process (`npm run privacy`, `leads:export`), or `desconocido`.
 * Asked of the system, not of the environment: a variable anyone can set names no one for certain.
 */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'desconocido';
  }
}

/**
 * An export's filter as the audit trail keeps it: each choice as chosen, and for the free-text search only
 * that there was one (it may be a name or an e-mail).
 */
export function filterDetail(
  filter: Readonly<Record<string, string | number | undefined>>,
): Record<string, string | number | boolean> {
  const detail: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === '') continue;
    detail[`filtro_${key}`] = key === 'text' ? true : value;
  }
  return detail;
}

export function createAuditLog(db: Queryable) {
  return {
    async record(entry: AuditEntryInput): Promise<void> {
      const { actor } = entry;
      // At the terminal there is no account: the operating-system user says who typed the command.
      const detail = actor.kind === 'terminal' ? { ...entry.detail, usuarioSO: osUser() } : entry.detail;
      await db.run(
        'INSERT INTO audit_log (at, actor_kind, actor_id, action, target, detail, address_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          entry.at.toISOString(),
          actor.kind,
          actor.kind === 'account' ? actor.id : null,
          entry.action,
          entry.target ?? null,
          detail ? JSON.stringify(detail) : null,
          'addressHash' in actor ? (actor.addressHash ?? null) : null,
        ],
      );
    },
    /** A page of entries, newest first, and how many match. */
    async list(filter: AuditFilter, page: number): Promise<{ entries: AuditEntry[]; total: number }> {
      const { where, params } = filterSql(filter);
      const count = await db.get<{ n: number }>(`SELECT count(*) AS n FROM audit_log e ${where}`, params);
      const rows = await db.all(
        `SELECT e.*, u.name AS actor_name FROM audit_log e LEFT JOIN inbox_users u ON u.id = e.actor_id ${where}
         ORDER BY e.at DESC, e.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE],
      );
      return { entries: rows.map(fromRow), total: count?.n ?? 0 };
    },
    /** Entries older than `before` go (the retention job). */
    async prune(before: Date): Promise<number> {
      return (await db.run('DELETE FROM audit_log WHERE at < $1', [before.toISOString()])).changes;
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
