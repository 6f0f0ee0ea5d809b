import { test, expect, sitemapPaths } from './support/fixtures.ts';
import { imageSize } from './support/built-site.ts';
import { languageOfPath, say } from './support/languages.ts';

// The head is static HTML: reading it needs no scripts, and islands cannot load from about:blank anyway.
test.use({ javaScriptEnabled: false });

test('every page has a complete head: title, description, keywords, canonical, Open Graph and Twitter', async ({
  page,
  request,
}) => {
  // One document per sitemap page, and the wiki alone adds 33: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(180_000);
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(0);
  const site = new URL(/<loc>([^<]+)<\/loc>/.exec(await (await request.get('/sitemap-index.xml')).text())?.[1] ?? '')
    .origin;
  const checkedImages = new Set<string>();

  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // A fresh document per page: a CSP <meta> outlives setContent, so the next page's inline scripts and
    // styles would be checked against the previous page's hashes.
    await page.goto('about:blank');
    await page.setContent(await response.text(), { waitUntil: 'domcontentloaded' });
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');

    // Each page in its own language: es-MX at today's addresses, English under /en/.
    const locale = languageOfPath(path);
    expect(await page.locator('html').getAttribute('lang'), path).toBe(locale);
    expect(await page.title(), path).toMatch(/\S.* \| Angram$|Angram/);
    expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThanOrEqual(50);
    expect(await meta('meta[name="keywords"]'), path).toBeTruthy();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical, path).toBe(new URL(path, site).href);
    expect(await meta('meta[property="og:url"]'), path).toBe(canonical);
    expect(await meta('meta[property="og:locale"]'), path).toBe(say(locale, 'seo', 'ogLocale'));
    expect(await meta('meta[property="og:title"]'), path).toBeTruthy();
    expect(await meta('meta[property="og:description"]'), path).toBeTruthy();
    expect(await meta('meta[name="twitter:card"]'), path).toBe('summary_large_image');

    const ogImage = new URL((await meta('meta[property="og:image"]')) ?? '');
    expect(ogImage.origin, path).toBe(site);
    if (!checkedImages.has(ogImage.pathname)) {
      checkedImages.add(ogImage.pathname);
      const image = await request.get(ogImage.pathname);
      expect(image.status(), ogImage.pathname).toBe(200);
      expect(imageSize(await image.body()), ogImage.pathname).toEqual({ width: 1200, height: 630 });
    }
  }
});
