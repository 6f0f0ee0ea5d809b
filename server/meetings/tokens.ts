/**
 * Manage links: `{SITE_URL}/reunion?t=<token>` (`/en/meeting?t=…` for a client who wrote in English). A token is 256 random bits (base64url); only its SHA-256
 * is stored, so the database alone opens no meeting. Every message with a link gets a token of its own,
 * and all of a meeting's tokens work until the meeting ends.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ROUTES } from '../../core/routes.ts';

/** `/reunion`: the page a manage link opens in the default language. */
export const MANAGE_PATH = ROUTES.meeting;
const TOKEN_BYTES = 32;
/** base64url of 32 bytes; a longer or shorter string, or other characters, is never a token. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export function manageUrl(siteUrl: string, token: string, path: string = MANAGE_PATH): string {
  const url = new URL(path, siteUrl);
  url.searchParams.set('t', token);
  return url.href;
}
