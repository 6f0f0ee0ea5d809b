import { test as base, expect, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test';

/**
 * The next test reuses this test's context and page (playwright.config.ts), and a CDP session outlives
 * its test there: the CPU throttling and network conditions a test set through one would slow the next
 * test's page. Detaching each session the test opened undoes what it emulated.
 */
function detachCdpSessionsLater(context: BrowserContext): () => Promise<void> {
  const sessions: CDPSession[] = [];
  const open = context.newCDPSession.bind(context);
  context.newCDPSession = async (target) => {
    const session = await open(target);
    sessions.push(session);
    return session;
  };
  return async () => {
    await Promise.all(sessions.map((session) => session.detach().catch(() => undefined)));
  };
}

/**
 * Every test runs against the server started by global-setup.ts and fails if the page logs a console
 * error or throws, unless the test declares the errors it provokes on purpose.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL no está definido: global-setup no arrancó el servidor.');
    await use(url);
  },
  allowedConsoleErrors: [[], { option: true }],
  // The guard rides on the page itself rather than on an automatic fixture: an automatic one that needs a
  // page opens a browser context for every test, also for the many that only read dist/ or call the API
  // (0.8 s each on the suite's busy two cores), while every test that has a page is still guarded.
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
      errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const detachCdpSessions = detachCdpSessionsLater(page.context());
    await use(page);
    await detachCdpSessions();
    expect(errors, 'errores en la consola del navegador').toEqual([]);
  },
});

export { expect };

/** Paths listed in the built sitemap, read from the running server. */
export async function sitemapPaths(page: Pick<Page, 'request'>): Promise<string[]> {
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
 * Waits until every island matched by `islands` (e.g. `page.locator('[data-form="big"] astro-island')`) or
 * rendering `component` ('Navbar', 'FaqAccordion', 'LeadForm') has hydrated: Astro removes `ssr` once one
 * has. Islands hydrate on the visitor's first use of them (`client:interact`), so a test uses the island
 * first, as a visitor would, and waits here only for what needs React (the island's own behaviour).
 */
export async function waitForIsland(page: Page, islands: string | Locator): Promise<void> {
  const locator = typeof islands === 'string' ? page.locator(`astro-island[component-url*="/${islands}."]`) : islands;
  await expect(locator.first()).toBeAttached();
  for (const island of await locator.all()) await expect(island).not.toHaveAttribute('ssr');
}
