/**
 * Between the two steps of a sign-in: after the password (or a one-time link) is accepted for an account
 * with two-step sign-in, the browser holds a short-lived signed cookie naming the account, until when, how
 * the first step was passed and a random value the code form's CSRF token is bound to. Nothing is stored;
 * the cookie alone signs nobody in, it only lets that browser type a code, which is throttled.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TWO_STEP_COOKIE = 'angram_admin_two_step';
/** How long the code may take to arrive after the first step. */
export const TWO_STEP_TTL_MS = 5 * 60 * 1000;

const PURPOSE = 'angram-admin-two-step-v1';
const PATTERN = /^(\d{1,15})\.(\d{1,15})\.(password|link)\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface PendingSignIn {
  userId: number;
  /** Epoch milliseconds. */
  expiresAt: number;
  via: 'password' | 'link';
  nonce: string;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\u0000${payload}`).digest('base64url');
}

export function pendingCookieValue(secret: string, pending: Omit<PendingSignIn, 'nonce'>): string {
  const payload = `${pending.userId}.${pending.expiresAt}.${pending.via}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The pending sign-in when the cookie is genuine and still valid at `nowMs`; otherwise `undefined`. */
export function readPendingSignIn(secret: string, value: string | undefined, nowMs: number): PendingSignIn | undefined {
  const match = value ? PATTERN.exec(value) : null;
  if (!match) return undefined;
  const [, userId = '', expiresAt = '', via = '', nonce = '', signature = ''] = match;
  const expected = Buffer.from(sign(secret, `${userId}.${expiresAt}.${via}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expiresAt) <= nowMs) return undefined;
  return { userId: Number(userId), expiresAt: Number(expiresAt), via: via as PendingSignIn['via'], nonce };
}
