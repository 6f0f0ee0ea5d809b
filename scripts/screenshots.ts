/**
 * Full-page screenshots of the running site at 320, 375 and 1440 px, for a visual review:
 *   node scripts/screenshots.ts http://127.0.0.1:4321 [/ruta ...]
 * Without paths it takes every page of the sitemap plus the 404 page. Files go to screenshots/.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';

const [base = 'http://127.0.0.1:4321', ...requested] = process.argv.slice(2);
const outDir = 'screenshots';

async function sitemapPaths(): Promise<string[]> {
  const index = await (await fetch(new URL('/sitemap-index.xml', base))).text();
  const paths: string[] = [];
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(new URL(new URL(loc as string).pathname, base))).text();
    for (const [, page] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(page as string).pathname);
  }
  return [...paths, '/pagina-inexistente'];
}

/**
 * Waits for what a screenshot shows: the page's load, then every image and font once scrolled through. Not
 * for "networkidle" (half a second without requests), which a page owes nobody: the full run stopped at
 * /contacto waiting for it. A page that fails is named at the end and the others are still taken.
 */
async function capture(page: Page, path: string, file: string): Promise<void> {
  await page.goto(new URL(path, base).href, { waitUntil: 'load' });
  // Scroll through the page so lazy images load, then show everything that fades in on scroll.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
    document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-visible'));
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.screenshot({ path: file, fullPage: true });
}

const paths = requested.length > 0 ? requested : await sitemapPaths();
const failed: string[] = [];
await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const width of [320, 375, 1440]) {
  const page = await browser.newPage({
    viewport: { width, height: width < 800 ? 740 : 900 },
    locale: 'es-MX',
    reducedMotion: 'reduce',
  });
  for (const path of paths) {
    const name = path === '/' ? 'inicio' : path.replace(/^\/|\/$/g, '').replace(/\//g, '_');
    try {
      await capture(page, path, `${outDir}/${name}-${width}.png`);
    } catch (error) {
      failed.push(`${path} a ${width} px: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  await page.close();
}
await browser.close();
process.stdout.write(`${paths.length * 3 - failed.length} capturas en ${outDir}/\n`);
if (failed.length > 0) {
  process.stderr.write(`Sin captura:\n${failed.map((line) => `  ${line}\n`).join('')}`);
  process.exitCode = 1;
}
