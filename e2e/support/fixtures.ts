import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test runs against the server started by global-setup.ts and fails if the page logs a console
 * error or throws, unless the test declares the errors it provokes on purpose.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleGuard: undefined }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL no está definido: global-setup no arrancó el servidor.');
    await use(url);
  },
  allowedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
        errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'errores en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Paths listed in the built sitemap, read from the running server. */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const index = await page.request.get('/sitemap-index.xml');
  const sitemapUrls = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] as string).pathname,
  );
  const paths: string[] = [];
  for (const sitemapPath of sitemapUrls) {
    const xml = await (await page.request.get(sitemapPath)).text();
    for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(match[1] as string).pathname);
  }
  return paths;
}

/**
 * Waits until the islands have hydrated (Astro removes `ssr` once one has). A `client:visible` island
 * (the home page's contact form) waits for the visitor to scroll near it, so it is only awaited with
 * `{ includeVisible: true }`, after the test has brought it into view.
 */
export async function waitForHydration(page: Page, options: { includeVisible?: boolean } = {}): Promise<void> {
  await page.waitForFunction(
    (includeVisible) =>
      [...document.querySelectorAll('astro-island[ssr]')].every(
        (island) => !includeVisible && island.getAttribute('client') === 'visible',
      ),
    options.includeVisible ?? false,
  );
}
