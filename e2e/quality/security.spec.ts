/**
 * Every page carries a Content-Security-Policy without 'unsafe-inline' for scripts, loads nothing from
 * another host, and the production server sends the security headers.
 */
import { createHash } from 'node:crypto';
import { test, expect } from '../support/fixtures.ts';
import { builtPages, parsePage, sitemapUrls } from '../support/built-site.ts';

const site = new URL(sitemapUrls()[0] ?? 'https://www.angram.mx/').origin;

for (const { path, file } of builtPages()) {
  test(`CSP and same-origin resources: ${path}`, () => {
    const root = parsePage(file);
    const csp = root.querySelector('meta[http-equiv="content-security-policy"]')?.getAttribute('content') ?? '';
    expect(csp, 'meta CSP').not.toBe('');
    const scriptSrc =
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/^script-src /);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // Every inline script is allowed by its own hash, wherever it sits relative to the CSP <meta>.
    const unhashed = root
      .querySelectorAll('script:not([src])')
      .filter((el) => (el.getAttribute('type') ?? 'text/javascript') !== 'application/ld+json')
      .map((el) => el.textContent)
      .filter((code) => !scriptSrc.includes(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`));
    expect(
      unhashed.map((code) => code.slice(0, 80)),
      'scripts en línea sin hash en la CSP',
    ).toEqual([]);

    const loaded = [
      ...root
        .querySelectorAll('script[src], img[src], iframe[src], audio[src], video[src], source[src]')
        .map((el) => el.getAttribute('src') ?? ''),
      ...root
        .querySelectorAll('link[href]')
        .filter((el) => !['canonical', 'alternate'].includes(el.getAttribute('rel') ?? ''))
        .map((el) => el.getAttribute('href') ?? ''),
    ];
    const foreign = loaded.filter(
      (ref) => ref && !ref.startsWith('data:') && new URL(ref, `${site}${path}`).origin !== site,
    );
    expect(foreign, 'recursos de otro dominio').toEqual([]);
    // Inline style attributes would be blocked by the hashed style-src.
    expect(
      root.querySelectorAll('[style]').map((el) => el.tagName),
      'atributos style en línea',
    ).toEqual([]);
  });
}

test('the production server sends the security headers on pages, assets, errors and the API', async ({ request }) => {
  for (const path of ['/', '/no-existe', '/robots.txt', '/api/webSite/contactFormSelects']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['strict-transport-security'], path).toMatch(/max-age=\d+/);
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
});
