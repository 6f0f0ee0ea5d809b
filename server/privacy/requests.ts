/**
 * The register of ARCO requests (and revocations of consent): when each was received, its legal deadline,
 * when it was answered and by whom, so the company can show it answered in time. A request can be
 * registered when it arrives and answered later, or recorded at once when the operator acts on it. The
 * e-mail stays in clear until the person's data is cancelled; the mask and the keyed hash stay for good.
 */
import { z } from 'zod';
import { todayInMexicoCity } from '../../core/dates.ts';
import { rowParser } from '../db/rows.ts';
import type { Queryable, SqlValue } from '../db/storage.ts';
import type { Actor } from './audit.ts';
import { answerDeadline } from './deadline.ts';
import { emailHash, maskEmail, normalizeEmail } from './identity.ts';
import { REQUEST_KIND_LABELS } from './registry.ts';

export const REQUEST_KINDS = REQUEST_KIND_LABELS;

export type RequestKind = keyof typeof REQUEST_KINDS;

export function isRequestKind(value: unknown): value is RequestKind {
  return typeof value === 'string' && Object.hasOwn(REQUEST_KINDS, value);
}

export interface PrivacyRequest {
  id: number;
  kind: RequestKind;
  /** `YYYY-MM-DD`, Mexico City. */
  receivedOn: string;
  dueOn: string;
  /** In clear until the person's data is cancelled. */
  email: string | null;
  emailMask: string;
  detail: string | null;
  answeredAt: string | null;
  answeredBy: { kind: 'account' | 'terminal'; id: number | null; name: string | null } | null;
  /** What was done, in counts (no personal data). */
  outcome: Record<string, unknown> | null;
  createdAt: string;
}

const fromRow = rowParser(
  'privacy_requests',
  z
    .object({
      id: z.number().int(),
      kind: z.enum(['acceso', 'rectificacion', 'cancelacion', 'oposicion', 'revocacion']),
      received_on: z.string(),
      due_on: z.string(),
      email: z.string().nullable(),
      email_mask: z.string(),
      detail: z.string().nullable(),
      answered_at: z.string().nullable(),
      answered_by_kind: z.enum(['account', 'terminal']).nullable(),
      answered_by_id: z.number().int().nullable(),
      answered_by_name: z.string().nullable(),
      outcome: z.string().nullable(),
      created_at: z.string(),
    })
    .transform((row): PrivacyRequest => ({
      id: row.id,
      kind: row.kind,
      receivedOn: row.received_on,
      dueOn: row.due_on,
      email: row.email,
      emailMask: row.email_mask,
      detail: row.detail,
      answeredAt: row.answered_at,
      answeredBy: row.answered_by_kind
        ? { kind: row.answered_by_kind, id: row.answered_by_id, name: row.answered_by_name }
        : null,
      outcome: row.outcome ? (JSON.parse(row.outcome) as Record<string, unknown>) : null,
      createdAt: row.created_at,
    })),
);

const SELECT = `SELECT r.*, u.name AS answered_by_name FROM privacy_requests r LEFT JOIN inbox_users u ON u.id = r.answered_by_id`;

export const REQUESTS_PAGE_SIZE = 30;

export interface NewRequest {
  kind: RequestKind;
  email: string;
  /** `YYYY-MM-DD`; today in Mexico City when absent. */
  receivedOn?: string | undefined;
  detail?: string | undefined;
  now: Date;
}

export interface Answer {
  actor: Extract<Actor, { kind: 'account' } | { kind: 'terminal' }>;
  outcome: Readonly<Record<string, unknown>>;
  /** Keep the e-mail in clear (false once the person's data is cancelled). */
  keepEmail: boolean;
  now: Date;
}

function answerValues(answer: Answer): SqlValue[] {
  return [
    answer.now.toISOString(),
    answer.actor.kind,
    answer.actor.kind === 'account' ? answer.actor.id : null,
    JSON.stringify(answer.outcome),
  ];
}

export function createRequestStore(db: Queryable, hashKey: string) {
  const store = {
    async get(id: number): Promise<PrivacyRequest | undefined> {
      const row = await db.get(`${SELECT} WHERE r.id = $1`, [id]);
      return row ? fromRow(row) : undefined;
    },
    /** Registers a request as received, to be answered later. */
    async open(request: NewRequest): Promise<number> {
      const email = normalizeEmail(request.email);
      const receivedOn = request.receivedOn ?? todayInMexicoCity(request.now);
      const row = await db.get<{ id: number }>(
        `INSERT INTO privacy_requests (kind, received_on, due_on, email, email_mask, email_hash, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          request.kind,
          receivedOn,
          answerDeadline(receivedOn),
          email,
          maskEmail(email),
          emailHash(email, hashKey),
          request.detail ?? null,
          request.now.toISOString(),
        ],
      );
      return Number(row?.id);
    },
    /**
     * Answers the oldest open request of this kind from this e-mail, or records a new one answered now
     * (received `receivedOn`, or today). Returns its id.
     */
    async answer(request: NewRequest, answer: Answer): Promise<number> {
      const hash = emailHash(request.email, hashKey);
      const open = await db.get<{ id: number }>(
        'SELECT id FROM privacy_requests WHERE email_hash = $1 AND kind = $2 AND answered_at IS NULL ORDER BY received_on, id LIMIT 1',
        [hash, request.kind],
      );
      const id = open?.id ?? (await store.open(request));
      await db.run(
        `UPDATE privacy_requests SET answered_at = $1, answered_by_kind = $2, answered_by_id = $3, outcome = $4,
           detail = COALESCE($5, detail)${answer.keepEmail ? '' : ', email = NULL'} WHERE id = $6`,
        [...answerValues(answer), request.detail ?? null, id],
      );
      return id;
    },
    /** What was done, written again once the work after the answer's transaction (files, rewrite) ended. */
    async rewriteOutcome(id: number, outcome: Answer['outcome']): Promise<void> {
      await db.run('UPDATE privacy_requests SET outcome = $1 WHERE id = $2', [JSON.stringify(outcome), id]);
    },
    /** A page of the register: open ones by deadline first, then answered ones newest first. */
    async list(options: { open: boolean; page: number }): Promise<{ requests: PrivacyRequest[]; total: number }> {
      const where = options.open ? 'WHERE r.answered_at IS NULL' : '';
      const count = await db.get<{ n: number }>(`SELECT count(*) AS n FROM privacy_requests r ${where}`);
      const rows = await db.all(
        `${SELECT} ${where} ORDER BY CASE WHEN r.answered_at IS NULL THEN 0 ELSE 1 END, r.due_on, r.answered_at DESC, r.id DESC
         LIMIT $1 OFFSET $2`,
        [REQUESTS_PAGE_SIZE, (options.page - 1) * REQUESTS_PAGE_SIZE],
      );
      return { requests: rows.map(fromRow), total: count?.n ?? 0 };
    },
    /** The e-mail of requests answered before `before` is masked for good (retention). */
    async maskAnsweredBefore(before: Date): Promise<number> {
      return (
        await db.run('UPDATE privacy_requests SET email = NULL WHERE email IS NOT NULL AND answered_at < $1', [
          before.toISOString(),
        ])
      ).changes;
    },
  };
  return store;
}
