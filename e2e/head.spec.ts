import { test, expect, sitemapPaths } from './support/fixtures.ts';
import { imageSize } from './support/built-site.ts';

// The documents are loaded with setContent (about:blank as base URL), where islands cannot hydrate;
// the head needs no script, so scripts stay off and no hydration error reaches the console.
test.use({ javaScriptEnabled: false });


test('every page has a complete head: title, description, keywords, canonical, Open Graph and Twitter', async ({ page, request }) => {
  const paths = await sitemapPaths(page);
  expect(paths.length).toBeGreaterThan(0);
  const site = new URL(((await (await request.get('/sitemap-index.xml')).text()).match(/<loc>([^<]+)<\/loc>/)?.[1]) ?? '').origin;
  const checkedImages = new Set<string>();

  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    await page.setContent(await response.text(), { waitUntil: 'domcontentloaded' });
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');

    expect(await page.locator('html').getAttribute('lang'), path).toBe('es-MX');
    expect(await page.title(), path).toMatch(/\S.* \| Angram$|Angram/);
    expect((await meta('meta[name="description"]'))?.length, path).toBeGreaterThanOrEqual(50);
    expect(await meta('meta[name="keywords"]'), path).toBeTruthy();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical, path).toBe(new URL(path, site).href);
    expect(await meta('meta[property="og:url"]'), path).toBe(canonical);
    expect(await meta('meta[property="og:locale"]'), path).toBe('es_MX');
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
