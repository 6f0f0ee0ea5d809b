import { parse } from 'node-html-parser';
import { test, expect, sitemapPaths } from './support/fixtures.ts';
import { imageSize } from './support/built-site.ts';
import { languageOfPath, say } from './support/languages.ts';

// The head is static HTML as the server sends it: read from each response, no browser needed (opening every
// page in one took 18 s of the suite).
test('every page has a complete head: title, description, keywords, canonical, Open Graph and Twitter', async ({
  request,
}) => {
  // A request per sitemap page, over a hundred with English: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const paths = await sitemapPaths({ request });
  expect(paths.length).toBeGreaterThan(0);
  const site = new URL(/<loc>([^<]+)<\/loc>/.exec(await (await request.get('/sitemap-index.xml')).text())?.[1] ?? '')
    .origin;
  const checkedImages = new Set<string>();

  async function checkHead(path: string): Promise<void> {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = parse(await response.text());
    const head = html.querySelector('head');
    expect(head, path).not.toBeNull();
    const meta = (selector: string) => head?.querySelector(selector)?.getAttribute('content') ?? null;

    // Each page in its own language: es-MX at today's addresses, English under /en/.
    const locale = languageOfPath(path);
    expect(html.querySelector('html')?.getAttribute('lang'), path).toBe(locale);
    expect(head?.querySelector('title')?.text.trim(), path).toMatch(/\S.* \| Angram$|Angram/);
    expect(meta('meta[name="description"]')?.length, path).toBeGreaterThanOrEqual(50);
    expect(meta('meta[name="keywords"]'), path).toBeTruthy();
    const canonical = head?.querySelector('link[rel="canonical"]')?.getAttribute('href');
    expect(canonical, path).toBe(new URL(path, site).href);
    expect(meta('meta[property="og:url"]'), path).toBe(canonical);
    expect(meta('meta[property="og:locale"]'), path).toBe(say(locale, 'seo', 'ogLocale'));
    expect(meta('meta[property="og:title"]'), path).toBeTruthy();
    expect(meta('meta[property="og:description"]'), path).toBeTruthy();
    expect(meta('meta[name="twitter:card"]'), path).toBe('summary_large_image');

    const ogImage = new URL(meta('meta[property="og:image"]') ?? '');
    expect(ogImage.origin, path).toBe(site);
    if (!checkedImages.has(ogImage.pathname)) {
      checkedImages.add(ogImage.pathname);
      const image = await request.get(ogImage.pathname);
      expect(image.status(), ogImage.pathname).toBe(200);
      expect(imageSize(await image.body()), ogImage.pathname).toEqual({ width: 1200, height: 630 });
    }
  }
  // Eight pages at a time: one request after another left the worker and the server mostly waiting.
  for (let start = 0; start < paths.length; start += 8) {
    await Promise.all(paths.slice(start, start + 8).map(checkHead));
  }
});
