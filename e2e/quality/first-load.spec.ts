/**
 * What a phone downloads on first load, measured the way Lighthouse's mobile run measures it: a 412 x 823
 * screen at 1.75x, no scrolling, every response as it came over the wire from the production server
 * (brotli, headers included). Every page stays within its total goal and its fonts within 40 KB, and
 * the only fonts fetched are site subsets: a "rest" file would mean a page shows a character the subset
 * lacks. `npm run bench` reports the same figures from Lighthouse itself.
 */
import { test, expect } from '../support/fixtures.ts';
import { sitemapPathsFromDist } from '../support/built-site.ts';
import { firstLoadOvershoots, formatKb } from '../../src/lib/budgets.ts';
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

for (const path of paths) {
  test(`first load: ${path}`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const transfers: Array<Promise<Transfer>> = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== origin) return;
      transfers.push(
        request.sizes().then((sizes) => ({
          path: url.pathname,
          type: request.resourceType(),
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
    });

    // A slow mobile network (400 ms round trips): Chrome then starts lazy images 2500 px ahead of the
    // screen instead of 1250 px, closer to what Lighthouse's run fetches. Bytes do not depend on speed.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });

    await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const received = await Promise.all(transfers);

    const total = received.reduce((sum, t) => sum + t.bytes, 0);
    const fonts = received.filter((t) => t.type === 'font');
    const fontBytes = fonts.reduce((sum, t) => sum + t.bytes, 0);
    test.info().annotations.push({ type: 'primera carga', description: `total ${formatKb(total)}, fuentes ${formatKb(fontBytes)}` });

    const overshoots = firstLoadOvershoots(path, { total, fonts: fontBytes });
    const heaviest = [...received].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map((t) => `${t.path} ${formatKb(t.bytes)}`);
    expect(
      overshoots.map((o) => `${path}: ${o.kind === 'fonts' ? 'fuentes' : 'total'} ${formatKb(o.bytes)} supera ${formatKb(o.budget)}`),
      `lo más pesado: ${heaviest.join(', ')}`,
    ).toEqual([]);

    // The fonts fetched are site subsets, never a "rest" file (only rest files have the code symbols).
    const faces = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules]
          .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
          .map((rule) => ({ src: rule.style.getPropertyValue('src'), range: rule.style.getPropertyValue('unicode-range') })),
      ),
    );
    const codeSymbol = CODE_ONLY_SYMBOLS.codePointAt(0) as number;
    const restFiles = faces
      .filter((face) => face.range !== '' && parseUnicodeRange(face.range.split(',')).has(codeSymbol))
      .map((face) => new URL(/url\("?([^")]+)"?\)/.exec(face.src)?.[1] ?? '', origin).pathname);
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
  });
}
