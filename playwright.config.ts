import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium when present (CI and this machine cannot download Playwright's browsers). Its headless
// shell first, the build Playwright itself runs headless tests in: without the full browser's window and
// profile machinery it used 30 % less CPU on the axe spec (43 s against 30 s) for the same pages.
const systemChromium = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

export default defineConfig({
  testDir: 'e2e',
  // Builds nothing: `npm run test:e2e` builds first (`npm test` builds beside the unit tests). Starts the
  // production server on a free port.
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  // Two on CI's two cores. A third fills the time tests spend waiting, but on a quiet machine the merged
  // suite took 10.8 min with three against 9.3 with two before it grew, and timing-sensitive specs (a
  // module download retried, a bar's state read at a scroll position) failed with three.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // A trace records every action of every test and costs a quarter of the suite's time (the axe spec:
    // 107 s with, 81 s without), so it is on demand: E2E_TRACE=1 keeps the trace of each failed test.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // A test's browser context is reset for the next test instead of closed: Playwright clears cookies, the
    // HTTP and memory caches, local and session storage of the origins visited, routes, extra pages, the clock,
    // emulated media and viewport, and opens a new context whenever a test's options (locale, isMobile,
    // JavaScript off...) differ from the last. A new context per test started a renderer each time: the
    // axe and label-in-name specs took 216 s of CPU with one and 139 s reset. CDP sessions are not reset:
    // support/fixtures.ts detaches those a test opened.
    reuseContext: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: systemChromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
});
