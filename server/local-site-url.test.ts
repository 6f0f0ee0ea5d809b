import { describe, expect, it } from 'vitest';
import { localOrigin, withLocalSiteUrl } from './local-site-url.ts';

describe('the links of a local run', () => {
  it('point at the local server when SITE_URL is not set', () => {
    expect(withLocalSiteUrl({}, '127.0.0.1', 4321).SITE_URL).toBe('http://127.0.0.1:4321');
    expect(withLocalSiteUrl({ SITE_URL: '  ' }, 'localhost', 8080).SITE_URL).toBe('http://localhost:8080');
  });

  it('keep a SITE_URL that is set, and the canonical default in production', () => {
    expect(withLocalSiteUrl({ SITE_URL: 'https://staging.angram.mx' }, '127.0.0.1', 4321).SITE_URL).toBe(
      'https://staging.angram.mx',
    );
    expect(withLocalSiteUrl({ SITE_ENV: 'production' }, '127.0.0.1', 4321).SITE_URL).toBeUndefined();
    // A port the system picks is only known after listening: nothing to point at yet.
    expect(withLocalSiteUrl({}, '127.0.0.1', 0).SITE_URL).toBeUndefined();
  });

  it('use an address a browser can open for a server listening on every interface', () => {
    expect(localOrigin('0.0.0.0', 4321)).toBe('http://127.0.0.1:4321');
    expect(localOrigin('::', 4321)).toBe('http://127.0.0.1:4321');
    expect(localOrigin('::1', 4321)).toBe('http://[::1]:4321');
  });
});
