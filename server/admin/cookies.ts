/**
 * Reading the Cookie header and writing Set-Cookie for the inbox's own cookies. Parsing never throws: a
 * malformed pair is skipped, and the first value of a repeated name wins (the most specific path comes first).
 */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.slice(0, 8192).split(';')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) continue;
    const name = pair.slice(0, equals).trim();
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      // Not valid percent-encoding: not one of ours.
    }
  }
  return cookies;
}

export interface CookieOptions {
  /** Seconds; 0 deletes the cookie. Absent: a browser-session cookie. */
  maxAge?: number;
  path: string;
  secure: boolean;
  sameSite: 'Strict' | 'Lax';
}

const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** One Set-Cookie value; always HttpOnly (no script of any page ever needs these). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  if (!NAME_PATTERN.test(name)) throw new Error(`Nombre de cookie inválido: ${name}`);
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
  ];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${Math.max(0, Math.floor(options.maxAge))}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
