/**
 * Passwords of the inbox accounts, hashed with scrypt (memory-hard, in node:crypto, no native add-on).
 * A stored hash says its own parameters, `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so the cost
 * can be raised later without invalidating existing hashes: `needsRehash` tells when to upgrade one at
 * the next sign-in. Keys are compared with timingSafeEqual.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  /** log2 of N, the CPU/memory cost. 15 → 32 MiB per hash with r = 8. */
  logN: number;
  r: number;
  p: number;
}

/** OWASP's scrypt minimum (N = 2^17, r = 8, p = 1): 128 MiB and a few hundred ms per hash; older hashes are raised at sign-in. */
export const DEFAULT_COST: ScryptCost = { logN: 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Parameters a stored hash may ask for; anything outside is refused rather than run (a tampered row). */
const LIMITS = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const;

export const PASSWORD_MIN_LENGTH = 12;
/** Longer input is refused before hashing: nobody types 256 characters, and it bounds the work. */
export const PASSWORD_MAX_LENGTH = 256;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** cost.logN,
    r: cost.r,
    p: cost.p,
    // Node refuses more than 32 MiB by default; the hash needs 128 × N × r bytes plus a margin.
    maxmem: 128 * 2 ** cost.logN * cost.r * 2,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.logN, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const within = (value: number, [min, max]: readonly [number, number]) =>
  Number.isInteger(value) && value >= min && value <= max;

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (!within(logN, LIMITS.logN) || !within(r, LIMITS.r) || !within(p, LIMITS.p)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < SALT_BYTES || key.length !== KEY_BYTES) return undefined;
  return { cost: { logN, r, p }, salt, key };
}

/** A hash nobody's password matches, verified when the account does not exist so both cases take as long. */
const DECOY_SALT = randomBytes(SALT_BYTES);

/**
 * True when `password` matches `stored`. With `stored` undefined (no such account, or a disabled one)
 * it still runs one scrypt, so the answer time does not tell which e-mails have accounts.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
  decoyCost: ScryptCost = DEFAULT_COST,
): Promise<boolean> {
  const parsed = stored === undefined ? undefined : parseHash(stored);
  if (!parsed || password.length > PASSWORD_MAX_LENGTH) {
    await scrypt(password.slice(0, PASSWORD_MAX_LENGTH), DECOY_SALT, decoyCost);
    return false;
  }
  const key = await scrypt(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with a lower cost than `cost` (rehash it after a good sign-in). */
export function needsRehash(stored: string, cost: ScryptCost = DEFAULT_COST): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.cost.logN < cost.logN || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

/** Why a new password is refused, in Spanish, or `undefined` when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | undefined {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (length > PASSWORD_MAX_LENGTH) return `La contraseña puede tener como máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (password.trim() !== password) return 'La contraseña no puede empezar ni terminar con espacios.';
  if (new Set(password).size < 4) return 'La contraseña repite demasiado los mismos caracteres.';
  const user = email?.toLowerCase().split('@')[0] ?? '';
  if (user.length >= 4 && password.toLowerCase().includes(user))
    return 'La contraseña no puede contener tu usuario de correo.';
  return undefined;
}
