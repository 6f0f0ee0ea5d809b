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
