/**
 * For every page of the sitemap (plus the 404): the gzip bytes of the JavaScript and CSS the browser
 * downloads, islands below the fold included, against the budgets of src/lib/budgets.ts. Also: nothing is fetched
 * from another host, and wiki pages load no React.
 */
import { gzipSync } from 'node:zlib';
import { test, expect } from '../support/fixtures.ts';
import { sitemapPathsFromDist } from '../support/built-site.ts';
import { budgetOvershoots, formatKb } from '../../src/lib/budgets.ts';

const paths = [...sitemapPathsFromDist(), '/pagina-que-no-existe'];

test.use({ allowedConsoleErrors: [/status of 404/] });

for (const path of paths) {
  test(`transfer budget: ${path}`, async ({ page, baseURL }) => {
    const origin = new URL(baseURL as string).origin;
    const foreign: string[] = [];
    const weights = { js: 0, css: 0 };
    const scripts: string[] = [];
    const pending: Array<Promise<void>> = [];

    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
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

    await page.goto(path, { waitUntil: 'networkidle' });
    // Scroll through the page so client:visible islands load, as a reader's would.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    // A client:visible island starts loading only once scrolled to, after the first network idle: wait
    // until every island has hydrated, so its code has arrived and is counted.
    await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);

    // Inline scripts and styles count too: they travel inside the HTML.
    const inline = await page.evaluate(() => ({
      js: [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')].map((s) => s.textContent).join(''),
      css: [...document.querySelectorAll('style')].map((s) => s.textContent).join(''),
    }));
    weights.js += inline.js ? gzipSync(inline.js).length : 0;
    weights.css += inline.css ? gzipSync(inline.css).length : 0;

    const hasForm = (await page.locator('astro-island[component-url*="Form"]').count()) > 0;
    const overshoots = budgetOvershoots(weights, hasForm);
    test.info().annotations.push({ type: 'peso', description: `JS ${formatKb(weights.js)}, CSS ${formatKb(weights.css)}` });
    expect(
      overshoots.map((o) => `${path}: ${o.kind.toUpperCase()} ${formatKb(o.bytes)} supera ${formatKb(o.budget)} por ${formatKb(o.overshoot)}`),
    ).toEqual([]);
    expect(foreign, `${path} pide recursos a otro dominio`).toEqual([]);
    if (path.startsWith('/wikiangram')) {
      expect(scripts.filter((s) => /react|client\.|astro-island/i.test(s)), 'la wiki no carga React').toEqual([]);
    }
  });
}
