/**
 * Two-step sign-in with time-based one-time passwords (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1,
 * what every authenticator app reads) through the `otpauth` library. Pure functions over an injected time:
 * the secret and its `otpauth://` address, checking a code (one step either side for clocks that drift)
 * and which time step it belongs to (the store refuses a step already used: a code works once), recovery
 * codes (shown once, kept as keyed hashes), and the secret sealed with the inbox's key in the database.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { toString as qrSvg } from 'qrcode';
import { SITE } from '../../core/site.ts';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of now: a phone's clock a little off still works. */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** What the authenticator app shows the account under. */
export const TOTP_ISSUER = `${SITE.name} Ventas`;

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://totp/…` address the QR code holds. */
export function otpauthUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The secret as a person types it into an app: groups of four. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The QR code of the address as SVG markup (drawn on the server; no script, no inline style). */
export async function qrCodeSvg(uri: string): Promise<string> {
  return qrSvg(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#0b1020', light: '#ffffff' },
  });
}

/** The digits of a typed code (spaces and dashes ignored), or `undefined` when it is not six digits. */
export function typedCode(value: string | undefined): string | undefined {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** The time step of `now` (what a code made now belongs to). */
export function stepAt(now: Date): number {
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });
}

/** The time step `code` was made for when it is valid around `now`, else `undefined`. */
export function matchingStep(secret: string, code: string | undefined, now: Date): number | undefined {
  const token = typedCode(code);
  if (!token) return undefined;
  const delta = totp(secret).validate({ token, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? undefined : stepAt(now) + delta;
}

/** The code of `secret` at `at` (tests, and the check that a person's app agrees before enabling). */
export function codeAt(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

// Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l/i), about 50 bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
  });
}

/** A typed recovery code in its stored form (lowercase, no spaces or dashes), or `undefined`. */
export function typedRecoveryCode(value: string | undefined): string | undefined {
  const code = (value ?? '').toLowerCase().replace(/[\s-]/g, '');
  // RECOVERY_ALPHABET as a character class.
  return /^[a-hjkmnp-z2-9]{10}$/.test(code) ? code : undefined;
}

/** What is stored of a recovery code: an HMAC with the inbox's key (a copy of the table reveals no code). */
export function recoveryCodeDigest(key: string, code: string): string {
  return createHmac('sha256', key)
    .update(`angram-admin-recovery-v1\u0000${code.replace(/-/g, '')}`)
    .digest('hex');
}

const SEAL_PURPOSE = 'angram-admin-totp-v1';

function sealKey(key: string): Buffer {
  return createHash('sha256').update(`${SEAL_PURPOSE}\u0000${key}`).digest();
}

/** The secret encrypted (AES-256-GCM) with a key derived from the inbox's: `v1.<iv>.<tag>.<data>`. */
export function sealSecret(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(key), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret back, or `undefined` when the sealed text was made with another key or altered. */
export function openSecret(key: string, sealed: string): string | undefined {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(key), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
