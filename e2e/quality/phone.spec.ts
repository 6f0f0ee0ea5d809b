/**
 * Every sitemap page outside the wiki, a sample of the wiki's pages holding every kind of element they use
 * (support/page-sample.ts) and the 404, on a phone, one visit each:
 * 1. First load, measured the way Lighthouse's mobile run measures it: a 412 x 823 screen at 1.75x, no
 *    scrolling, every response as it came over the wire from the production server (brotli, headers
 *    included). The total, the fonts and the JavaScript (scripts fetched plus inline ones) stay within
 *    the goals of src/lib/budgets.ts; the only fonts fetched are site subsets (a "rest" file would mean a
 *    page shows a character the subset lacks); nothing far below the fold loads eagerly. `npm run bench`
 *    reports the same figures from Lighthouse itself.
 * 2. Read top to bottom, the page requests no React nor island code (React waits for a first use); a form
 *    further down loads its island as the reader comes near it (support/reading.ts).
 * 3. Nothing runs past the box that holds it at 320 and 375 px, the narrowest phones the site supports
 *    (the layout is CSS, so resizing reflows it as a load would). A failure names the element, its text
 *    and the overshoot in px, so it can be fixed without a screenshot.
 * 4. The whole page, scrolled through and every island used once so that all of them load: the gzip bytes
 *    of its JavaScript and CSS (inline included) within the budgets of src/lib/budgets.ts, nothing
 *    fetched from another host, and no React on wiki pages.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures.ts';
import { builtPages } from '../support/built-site.ts';
import { slowCheckPaths } from '../support/page-sample.ts';
import { textOverflows } from '../support/overflow.ts';
import { expectReadingLoadsNoReact } from '../support/reading.ts';
import { watchIslandScripts } from '../support/throttle.ts';
import {
  eagerImagesFarBelow,
  inlineCode,
  useWholePage,
  restFontFiles,
  setLatency,
  watchPage,
} from '../support/page-weight.ts';
import { budgetOvershoots, FIRST_LOAD_LABELS, firstLoadOvershoots, formatKb } from '../../src/lib/budgets.ts';
import { inlineJavaScriptBytes } from '../../bench/lib/inline-javascript.ts';

const paths = slowCheckPaths();

test.use({
  allowedConsoleErrors: [/status of 404/],
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});

// The visits below see a sample of the wiki; what keeps React off the wiki holds for every page of it.
test('no wiki page holds an island', () => {
  const wiki = builtPages().filter((page) => page.path.startsWith('/wikiangram/'));
  expect(wiki.length).toBeGreaterThan(0);
  expect(
    wiki.filter((page) => readFileSync(page.file, 'utf8').includes('<astro-island')).map((page) => page.path),
  ).toEqual([]);
});

for (const path of paths) {
  test(`on a phone: ${path}`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const traffic = watchPage(page, origin);
    const scripts = watchIslandScripts(page);

    // 1. A page that believes it is on a slow mobile network (400 ms round trips), see setLatency.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await setLatency(cdp, 400);
    const response = await page.goto(path, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const received = await Promise.all([...traffic.transfers]);

    const total = received.reduce((sum, t) => sum + t.bytes, 0);
    const fonts = received.filter((t) => t.type === 'font');
    const fontBytes = fonts.reduce((sum, t) => sum + t.bytes, 0);
    const js =
      received.filter((t) => t.type === 'script').reduce((sum, t) => sum + t.bytes, 0) +
      inlineJavaScriptBytes((await response?.text()) ?? '');
    test.info().annotations.push({
      type: 'primera carga',
      description: `total ${formatKb(total)}, fuentes ${formatKb(fontBytes)}, JavaScript ${formatKb(js)}`,
    });
    const heaviest = [...received]
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 5)
      .map((t) => `${t.path} ${formatKb(t.bytes)}`);
    expect(
      firstLoadOvershoots(path, { total, fonts: fontBytes, js }).map(
        (o) => `${path}: ${FIRST_LOAD_LABELS[o.kind]} ${formatKb(o.bytes)} supera ${formatKb(o.budget)}`,
      ),
      `lo más pesado: ${heaviest.join(', ')}`,
    ).toEqual([]);

    const restFiles = await restFontFiles(page, origin);
    expect(restFiles.length, 'la página declara los archivos "rest" de sus fuentes').toBeGreaterThan(0);
    expect(
      fonts.map((t) => t.path).filter((font) => restFiles.includes(font)),
      'archivos "rest" descargados: la página muestra un carácter fuera del subconjunto',
    ).toEqual([]);
    // A page's main image may start just under a phone's fold (a case's cover does) and stay eager: it
    // is the desktop's LCP. Anything further down waits for the reader (loading="lazy").
    expect(await eagerImagesFarBelow(page), 'imágenes bajo el pliegue sin loading="lazy"').toEqual([]);

    // 2. Reading, on a fast network from here on (what is measured now is what loads, not how fast).
    await setLatency(cdp, 0);
    await expectReadingLoadsNoReact(page, path, scripts);

    // 3. The narrowest phones.
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await textOverflows(page), `${path} a ${width} px`).toEqual([]);
    }

    // 4. The code a visitor ends up with once every island has loaded.
    await useWholePage(page);
    await Promise.all(traffic.bodies);
    const inline = await inlineCode(page);
    const code = { js: traffic.code.js + inline.js, css: traffic.code.css + inline.css };
    const hasForm = (await page.locator('astro-island[component-url*="Form"]').count()) > 0;
    test.info().annotations.push({ type: 'peso', description: `JS ${formatKb(code.js)}, CSS ${formatKb(code.css)}` });
    expect(
      budgetOvershoots(code, hasForm).map(
        (o) =>
          `${path}: ${o.kind.toUpperCase()} ${formatKb(o.bytes)} supera ${formatKb(o.budget)} por ${formatKb(o.overshoot)}`,
      ),
    ).toEqual([]);
    expect(traffic.foreign, `${path} pide recursos a otro dominio`).toEqual([]);
    if (path.startsWith('/wikiangram')) {
      expect(
        traffic.scripts.filter((s) => /react|client\.|astro-island/i.test(s)),
        'la wiki no carga React',
      ).toEqual([]);
    }
  });
}
