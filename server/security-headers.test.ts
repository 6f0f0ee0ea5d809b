import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_REFERRER_PAGES, SECURITY_HEADERS, securityHeadersFor } from './security-headers.ts';
import { IMMUTABLE } from './static/cache-policy.ts';

/** Parses the `path` blocks of a Netlify/Cloudflare `_headers` file. */
function parseHeadersFile(text: string): Map<string, Record<string, string>> {
  const blocks = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {};
      blocks.set(line.trim(), current);
      continue;
    }
    const separator = line.indexOf(':');
    if (current && separator > 0) current[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return blocks;
}

describe('public/_headers', () => {
  const blocks = parseHeadersFile(readFileSync(new URL('../public/_headers', import.meta.url), 'utf8'));

  it('carries exactly the security headers the production server sends', () => {
    expect(blocks.get('/*')).toEqual(SECURITY_HEADERS);
  });

  it('sends no Referer from the manage page, as the server does', () => {
    expect(blocks.get('/reunion')).toEqual({ 'Referrer-Policy': 'no-referrer' });
    for (const path of NO_REFERRER_PAGES) expect(securityHeadersFor(path)['Referrer-Policy'], path).toBe('no-referrer');
    expect(securityHeadersFor('/contacto')).toEqual(SECURITY_HEADERS);
  });

  it('caches hashed assets for a year, as the server does', () => {
    expect(blocks.get('/_astro/*')).toEqual({ 'Cache-Control': IMMUTABLE });
  });

  it('forbids framing and sets the headers the quality bar names', () => {
    expect(SECURITY_HEADERS['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    for (const name of [
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'Permissions-Policy',
    ]) {
      expect(SECURITY_HEADERS[name], name).toBeTruthy();
    }
  });
});
