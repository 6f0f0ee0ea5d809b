/**
 * Secrets handed to browsers (session cookies). Only their SHA-256 is stored, so a copy of the database
 * does not let anyone sign in: the token has 256 random bits, which a fast hash protects as well as a slow one.
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The value when it has the shape of a token, else `undefined` (anything else is not even looked up). */
export function tokenShaped(value: string | undefined): string | undefined {
  return value !== undefined && TOKEN_PATTERN.test(value) ? value : undefined;
}

export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
