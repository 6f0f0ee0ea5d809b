/**
 * Static SEO checks over the built HTML of every sitemap page: one h1, unique title and description,
 * canonical equal to the sitemap URL, Open Graph image file 1200x630, JSON-LD that parses and carries
 * the types the page kind needs.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { fileForPath, imageSize, parsePage, sitemapUrls } from '../support/built-site.ts';
import { languageOfPath, TRANSLATIONS } from '../support/languages.ts';

const urls = sitemapUrls();

/** schema.org types each kind of page must carry, so search engines can describe it. */
function requiredTypes(path: string): string[] {
  // Every language's home (/ and /en) is the root of its trail, so it has no BreadcrumbList.
  if (TRANSLATIONS.routes.get(languageOfPath(path))?.home === path) return ['Organization'];
  const types = ['BreadcrumbList'];
  if (path === '/faq') types.push('FAQPage');
  if (path === '/aviso-de-privacidad') types.push('WebPage');
  if (/^\/portfolio\/[^/]+$/.test(path)) types.push('CreativeWork');
  if (
    /^\/servicios\/|^\/(consultoria-tecnologica|auditoria-infraestructura|migracion-cloud|consultoria-integraciones|cms-a-codigo)$/.test(
      path,
    )
  ) {
    types.push('Service');
  }
  return types;
}

function jsonLdTypes(file: string): string[] {
  const types: string[] = [];
  for (const script of parsePage(file).querySelectorAll('script[type="application/ld+json"]')) {
    const doc = JSON.parse(script.textContent) as { '@graph'?: Array<{ '@type': string }>; '@type'?: string };
    for (const node of doc['@graph'] ?? [doc]) if (node['@type']) types.push(node['@type']);
  }
  return types;
}

for (const url of urls) {
  const path = new URL(url).pathname;
  test(`SEO of ${path}`, () => {
    const file = fileForPath(path);
    expect(file, `${path} no está en dist`).toBeTruthy();
    const root = parsePage(file as string);

    expect(root.querySelectorAll('h1'), 'exactamente un h1').toHaveLength(1);
    const title = root.querySelector('title')?.textContent.trim() ?? '';
    const description = root.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(title.length).toBeGreaterThan(10);
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description.length).toBeLessThanOrEqual(170);
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);

    const ogImage = root.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
    const imageFile = fileForPath(new URL(ogImage).pathname);
    expect(imageFile, `og:image ${ogImage}`).toBeTruthy();
    expect(imageSize(readFileSync(imageFile as string))).toEqual({ width: 1200, height: 630 });
    for (const property of ['og:title', 'og:description', 'og:url', 'og:locale', 'og:type']) {
      expect(root.querySelector(`meta[property="${property}"]`)?.getAttribute('content'), property).toBeTruthy();
    }

    const types = jsonLdTypes(file as string);
    for (const type of requiredTypes(path)) expect(types, `JSON-LD de ${path}`).toContain(type);
  });
}

test('titles and descriptions are unique across the site', () => {
  const titles = new Map<string, string[]>();
  const descriptions = new Map<string, string[]>();
  for (const url of urls) {
    const path = new URL(url).pathname;
    const root = parsePage(fileForPath(path) as string);
    const add = (map: Map<string, string[]>, key: string) => map.set(key, [...(map.get(key) ?? []), path]);
    add(titles, root.querySelector('title')?.textContent.trim() ?? '');
    add(descriptions, root.querySelector('meta[name="description"]')?.getAttribute('content') ?? '');
  }
  const duplicates = [...titles, ...descriptions].filter(([, paths]) => paths.length > 1);
  expect(duplicates).toEqual([]);
});
