/**
 * Every internal link, asset and #anchor in the built HTML resolves; the sitemap lists every page
 * except error pages and the wiki redirect; robots.txt names the sitemap. Reads dist/ directly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { builtPages, DIST, fileForPath, isUnlistedPage, parsePage, sitemapUrls } from '../support/built-site.ts';

const pages = builtPages();
const site = new URL(sitemapUrls()[0] ?? 'https://www.angram.mx/').origin;

function idsOf(file: string): Set<string> {
  return new Set(
    parsePage(file)
      .querySelectorAll('[id]')
      .map((el) => el.getAttribute('id') ?? ''),
  );
}

test('the build has pages and a sitemap', () => {
  expect(pages.length).toBeGreaterThan(1);
  expect(sitemapUrls().length).toBeGreaterThan(0);
});

for (const { path, file } of pages) {
  test(`links and anchors resolve on ${path}`, () => {
    const root = parsePage(file);
    const broken: string[] = [];
    const references = [
      ...root.querySelectorAll('a[href], link[href]').map((el) => el.getAttribute('href') ?? ''),
      ...root
        .querySelectorAll('img[src], script[src], source[src], iframe[src]')
        .map((el) => el.getAttribute('src') ?? ''),
      ...root
        .querySelectorAll('img[srcset], source[srcset]')
        .flatMap((el) =>
          (el.getAttribute('srcset') ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? ''),
        ),
    ];
    for (const reference of references) {
      if (!reference || /^(mailto|tel|data|javascript):/i.test(reference)) continue;
      const url = new URL(reference, new URL(path, site));
      if (url.origin !== site) continue;
      const target = fileForPath(url.pathname);
      if (!target) {
        broken.push(`${reference} (no existe ${url.pathname})`);
        continue;
      }
      if (url.hash && target.endsWith('.html')) {
        const id = decodeURIComponent(url.hash.slice(1));
        if (!idsOf(target).has(id)) broken.push(`${reference} (no hay id="${id}")`);
      }
    }
    expect(broken, `enlaces rotos en ${path}`).toEqual([]);
  });
}

test('every page is in the sitemap except error pages and the wiki redirect, and nothing else is', () => {
  const listed = new Set(sitemapUrls().map((url) => new URL(url).pathname));
  const expected = pages.map((p) => p.path).filter((path) => !isUnlistedPage(path));
  expect([...listed].sort()).toEqual([...expected].sort());
  for (const url of sitemapUrls()) expect(url.startsWith(site)).toBe(true);
});

test('robots.txt names the sitemap', () => {
  const robots = readFileSync(join(DIST, 'robots.txt'), 'utf8');
  expect(robots).toContain(`Sitemap: ${site}/sitemap-index.xml`);
  expect(robots).toMatch(/^User-agent: \*/m);
});
