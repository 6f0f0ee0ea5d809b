/**
 * CSRF tokens for every form of the inbox. A token is an HMAC of what the form is bound to: the session
 * (its stored digest) once signed in, or the sign-in form's own random cookie before. Nothing is stored
 * per form, a token from one session is worthless in another, and an attacker who can plant a cookie on
 * the domain still cannot compute the matching token without the server's secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'angram-admin-csrf-v1';

export function csrfToken(secret: string, binding: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\u0000${binding}`).digest('base64url');
}

export function isValidCsrfToken(secret: string, binding: string | undefined, submitted: unknown): boolean {
  if (!binding || typeof submitted !== 'string' || submitted.length > 100) return false;
  const expected = Buffer.from(csrfToken(secret, binding));
  const given = Buffer.from(submitted);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A signed-in form's token names its account: `<user id>.<HMAC of the session and the account>`. A form
 * posted after its session ended still proves whose it was, so it can be kept for that person alone until
 * they sign in again (server/admin/pending-forms.ts), and never applied for anyone else.
 */
export function sessionCsrfToken(secret: string, sessionId: string, userId: number): string {
  return `${userId}.${csrfToken(secret, `session:${sessionId}\u0000user:${userId}`)}`;
}

/** The account a session's token was issued to, when the token is genuine for that session; else undefined. */
export function csrfTokenOwner(secret: string, sessionId: string, submitted: unknown): number | undefined {
  if (typeof submitted !== 'string') return undefined;
  const match = /^([1-9]\d{0,14})\.([\w-]{43})$/.exec(submitted);
  if (!match) return undefined;
  const userId = Number(match[1]);
  return isValidCsrfToken(secret, `session:${sessionId}\u0000user:${userId}`, match[2]) ? userId : undefined;
}
