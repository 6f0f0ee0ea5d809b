/**
 * What every sitemap page (and the 404) costs a phone, in one visit per page:
 * - First load, measured the way Lighthouse's mobile run measures it: a 412 x 823 screen at 1.75x, no
 *   scrolling, every response as it came over the wire from the production server (brotli, headers
 *   included). The total stays within its goal and the fonts within 40 KB; the only fonts fetched are
 *   site subsets (a "rest" file would mean a page shows a character the subset lacks); nothing far below
 *   the fold is fetched eagerly. `npm run bench` reports the same figures from Lighthouse itself.
 * - Then the whole page, scrolled through as a reader would so client:visible islands load: the gzip bytes
 *   of its JavaScript and CSS (inline included) within the budgets of src/lib/budgets.ts, nothing fetched
 *   from another host, and no React on wiki pages.
 */
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures.ts';
import { sitemapPathsFromDist } from '../support/built-site.ts';
import { budgetOvershoots, firstLoadOvershoots, formatKb } from '../../src/lib/budgets.ts';
import { parseUnicodeRange } from '../../src/integrations/fonts/unicode-range.ts';
import { CODE_ONLY_SYMBOLS } from '../../src/integrations/fonts/site-characters.ts';

const paths = [...sitemapPathsFromDist(), '/pagina-que-no-existe'];

test.use({
  allowedConsoleErrors: [/status of 404/],
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});

interface Transfer {
  path: string;
  type: string;
  bytes: number;
}

/** Round-trip latency of the emulated mobile network during the first load. */
async function setLatency(cdp: CDPSession, latency: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
}

/** The "rest" font files the page declares (only rest files cover the code-only symbols). */
async function restFontFiles(page: Page, origin: string): Promise<string[]> {
  const faces = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
        .map((rule) => ({ src: rule.style.getPropertyValue('src'), range: rule.style.getPropertyValue('unicode-range') })),
    ),
  );
  const codeSymbol = CODE_ONLY_SYMBOLS.codePointAt(0) as number;
  return faces
    .filter((face) => face.range !== '' && parseUnicodeRange(face.range.split(',')).has(codeSymbol))
    .map((face) => new URL(/url\("?([^")]+)"?\)/.exec(face.src)?.[1] ?? '', origin).pathname);
}

/** Scrolls through the page so client:visible islands load, and waits until every island has hydrated. */
async function readWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
  // A client:visible island starts loading only once scrolled to, after the first network idle.
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.waitForLoadState('networkidle');
}

for (const path of paths) {
  test(`page weight: ${path}`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const transfers: Array<Promise<Transfer>> = [];
    const foreign: string[] = [];
    const weights = { js: 0, css: 0 };
    const scripts: string[] = [];
    const bodies: Array<Promise<void>> = [];

    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      transfers.push(
        request.sizes().then((sizes) => ({ path: url.pathname, type: request.resourceType(), bytes: sizes.responseBodySize + sizes.responseHeadersSize })),
      );
    });
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      bodies.push(
        response.body().then((body) => {
          // Measured as gzip, whatever encoding the server chose, so budgets compare like with like.
          const size = gzipSync(body, { level: 9 }).length;
          if (type === 'script') {
            weights.js += size;
            scripts.push(new URL(response.url()).pathname);
          } else weights.css += size;
        }),
      );
    });

    // A slow mobile network (400 ms round trips): Chrome then starts lazy images 2500 px ahead of the
    // screen instead of 1250 px, closer to what Lighthouse's run fetches. Bytes do not depend on speed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await setLatency(cdp, 400);

    // First load: what arrived by the first network idle, before any scrolling.
    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const received = await Promise.all([...transfers]);

    const total = received.reduce((sum, t) => sum + t.bytes, 0);
    const fonts = received.filter((t) => t.type === 'font');
    const fontBytes = fonts.reduce((sum, t) => sum + t.bytes, 0);
    test.info().annotations.push({ type: 'primera carga', description: `total ${formatKb(total)}, fuentes ${formatKb(fontBytes)}` });

    const firstLoad = firstLoadOvershoots(path, { total, fonts: fontBytes });
    const heaviest = [...received].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map((t) => `${t.path} ${formatKb(t.bytes)}`);
    expect(
      firstLoad.map((o) => `${path}: ${o.kind === 'fonts' ? 'fuentes' : 'total'} ${formatKb(o.bytes)} supera ${formatKb(o.budget)}`),
      `lo más pesado: ${heaviest.join(', ')}`,
    ).toEqual([]);

    const restFiles = await restFontFiles(page, origin);
    expect(restFiles.length, 'la página declara los archivos "rest" de sus fuentes').toBeGreaterThan(0);
    expect(fonts.map((t) => t.path).filter((font) => restFiles.includes(font)), 'archivos "rest" descargados: la página muestra un carácter fuera del subconjunto').toEqual([]);

    // Below the fold every image waits for the reader (loading="lazy"). A page's main image may start
    // just under a phone's fold (a case's cover does) and stay eager: it is the desktop's LCP.
    const eagerFarBelow = await page.evaluate(() =>
      [...document.images]
        .filter((image) => image.loading !== 'lazy' && image.getBoundingClientRect().top > window.innerHeight * 1.5)
        .map((image) => image.currentSrc || image.src),
    );
    expect(eagerFarBelow, 'imágenes bajo el pliegue sin loading="lazy"').toEqual([]);

    // The whole page: the code a reader ends up with once every island has loaded.
    await setLatency(cdp, 0);
    await readWholePage(page);
    await Promise.all(bodies);

    // Inline scripts and styles count too: they travel inside the HTML.
    const inline = await page.evaluate(() => ({
      js: [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((s) => s.textContent).join(''),
      css: [...document.querySelectorAll('style')].map((s) => s.textContent).join(''),
    }));
    weights.js += inline.js ? gzipSync(inline.js).length : 0;
    weights.css += inline.css ? gzipSync(inline.css).length : 0;

    const hasForm = (await page.locator('astro-island[component-url*="Form"]').count()) > 0;
    test.info().annotations.push({ type: 'peso', description: `JS ${formatKb(weights.js)}, CSS ${formatKb(weights.css)}` });
    expect(
      budgetOvershoots(weights, hasForm).map((o) => `${path}: ${o.kind.toUpperCase()} ${formatKb(o.bytes)} supera ${formatKb(o.budget)} por ${formatKb(o.overshoot)}`),
    ).toEqual([]);
    expect(foreign, `${path} pide recursos a otro dominio`).toEqual([]);
    if (path.startsWith('/wikiangram')) {
      expect(scripts.filter((s) => /react|client\.|astro-island/i.test(s)), 'la wiki no carga React').toEqual([]);
    }
  });
}
