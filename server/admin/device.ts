/**
 * The trusted-device cookie: after a good sign-in the browser keeps `<user id>.<nonce>.<signature>`. A
 * later sign-in to that same account from that browser is throttled on the device's own counter instead
 * of the account's, so somebody hammering an account from elsewhere cannot lock its owner out. The
 * signature (HMAC with the server's secret) means the cookie cannot be made up; a stolen one only buys
 * the device's counter, which throttles too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'angram-admin-device-v1';
const PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

function sign(secret: string, userId: number, nonce: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\u0000${userId}\u0000${nonce}`).digest('base64url');
}

export function deviceCookieValue(secret: string, userId: number): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${sign(secret, userId, nonce)}`;
}

/** The device's nonce (its throttle key) when the cookie is genuine and names `userId`; otherwise `undefined`. */
export function trustedDevice(secret: string, value: string | undefined, userId: number): string | undefined {
  const match = value ? PATTERN.exec(value) : null;
  if (!match || Number(match[1]) !== userId) return undefined;
  const nonce = match[2] as string;
  const expected = Buffer.from(sign(secret, userId, nonce));
  const given = Buffer.from(match[3] as string);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}
