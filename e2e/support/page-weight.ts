import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from '@playwright/test';
import { parseUnicodeRange } from '../../src/integrations/fonts/unicode-range.ts';
import { CODE_ONLY_SYMBOLS } from '../../src/integrations/fonts/site-characters.ts';

/** One response from the site, as it came over the wire (body and headers). */
export interface Transfer {
  path: string;
  type: string;
  bytes: number;
}

/** What a page fetched, recorded from the moment `watchPage` is called. */
export interface PageTraffic {
  /** Same-origin responses, in the order they finished. */
  transfers: Array<Promise<Transfer>>;
  /** Requests to another host. */
  foreign: string[];
  /** Gzip bytes of every script and stylesheet received (whatever the server's encoding). */
  code: { js: number; css: number };
  /** Paths of the scripts received. */
  scripts: string[];
  /** Pending reads of script and stylesheet bodies: await them before reading `code`. */
  bodies: Array<Promise<void>>;
}

export function watchPage(page: Page, origin: string): PageTraffic {
  const traffic: PageTraffic = { transfers: [], foreign: [], code: { js: 0, css: 0 }, scripts: [], bodies: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) traffic.foreign.push(request.url());
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    traffic.transfers.push(
      request.sizes().then((sizes) => ({
        path: url.pathname,
        type: request.resourceType(),
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
      })),
    );
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    traffic.bodies.push(
      response.body().then((body) => {
        // Measured as gzip, whatever encoding the server chose, so budgets compare like with like.
        const size = gzipSync(body, { level: 9 }).length;
        if (type === 'script') {
          traffic.code.js += size;
          traffic.scripts.push(new URL(response.url()).pathname);
        } else traffic.code.css += size;
      }),
    );
  });
  return traffic;
}

/**
 * The network the page believes it is on (`navigator.connection`: a round trip of `latency` ms), without
 * delaying a single request. What Chrome loads ahead depends on that belief, not on real delays: with a
 * 400 ms round trip it counts as 3G and starts lazy images 2500 px ahead of the screen instead of 1250 px,
 * closer to what Lighthouse's mobile run fetches. The bytes are the same either way, and real delays
 * cost the suite about two seconds a page.
 */
export async function setLatency(cdp: CDPSession, latency: number): Promise<void> {
  await cdp.send('Network.overrideNetworkState', {
    offline: false,
    latency,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** The "rest" font files the page declares (only rest files cover the code-only symbols). */
export async function restFontFiles(page: Page, origin: string): Promise<string[]> {
  const faces = await page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules]
        .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
        .map((rule) => ({
          src: rule.style.getPropertyValue('src'),
          range: rule.style.getPropertyValue('unicode-range'),
        })),
    ),
  );
  const codeSymbol = CODE_ONLY_SYMBOLS.codePointAt(0) as number;
  return faces
    .filter((face) => face.range !== '' && parseUnicodeRange(face.range.split(',')).has(codeSymbol))
    .map((face) => new URL(/url\("?([^")]+)"?\)/.exec(face.src)?.[1] ?? '', origin).pathname);
}

/** Images that load eagerly although they start more than half a screen below the fold. */
export function eagerImagesFarBelow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter((image) => image.loading !== 'lazy' && image.getBoundingClientRect().top > window.innerHeight * 1.5)
      .map((image) => image.currentSrc || image.src),
  );
}

/**
 * Scrolls through the page and uses each island once (focus on its first control: the menu toggle, a
 * question, a form field), so that every island loads as it does for a visitor who uses them all, and
 * waits until all of them have hydrated.
 */
export async function useWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A screen at a time: every part of the page is on screen for at least one frame.
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    for (const island of document.querySelectorAll('astro-island[ssr]')) {
      island.querySelector<HTMLElement>('button, summary, input:not([type="hidden"]), select, textarea')?.focus();
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.waitForLoadState('networkidle');
}

/** Gzip bytes of the page's inline scripts (JSON-LD aside) and styles: they travel inside the HTML. */
export async function inlineCode(page: Page): Promise<{ js: number; css: number }> {
  const inline = await page.evaluate(() => ({
    js: [...document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')]
      .map((s) => s.textContent)
      .join(''),
    css: [...document.querySelectorAll('style')].map((s) => s.textContent).join(''),
  }));
  return { js: inline.js ? gzipSync(inline.js).length : 0, css: inline.css ? gzipSync(inline.css).length : 0 };
}
