/**
 * Security headers of every response of the production server. `public/_headers` carries the same
 * values for CDN hosts (a unit test keeps the two equal). Script and style sources are restricted by the
 * per-page CSP <meta> that Astro writes with hashes; this header adds what a <meta> cannot say.
 */
export const CONTENT_SECURITY_POLICY = [
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * Pages whose address carries a secret (the manage link's `?t=`): they send no Referer at all, so neither
 * their own fonts and calls nor a link the client follows carry the token. By header, because a <meta>
 * comes too late for the requests the head starts before it.
 */
export const NO_REFERRER_PAGES: readonly string[] = ['/reunion', '/reunion.html'];

/** The headers of the response for `path`. */
export function securityHeadersFor(path: string): Readonly<Record<string, string>> {
  return NO_REFERRER_PAGES.includes(path)
    ? { ...SECURITY_HEADERS, 'Referrer-Policy': 'no-referrer' }
    : SECURITY_HEADERS;
}
