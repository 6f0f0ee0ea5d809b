/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

/** Tests that copy the project and run Astro's CLI in it, the longest files of the suite. */
const PROJECT_COPY_TESTS = ['src/schemas/build-errors.test.ts', 'src/schemas/editor-additions.test.ts'];

/** Tests that run the API, the inbox and its jobs in their own process (see 'server-shared' below). */
const IN_PROCESS_API_TESTS = [
  'server/api/**/*.test.ts',
  'server/admin/**/*.test.ts',
  'server/meetings/**/*.test.ts',
  'server/monitoring/**/*.test.ts',
  'server/translations/**/*.test.ts',
  'server/lead/**/*.test.ts',
];

// Unit and API tests sit beside the code they test; Playwright's specs live in e2e/ and are not Vitest's.
export default getViteConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one; on CI's two cores that is a single file at a time
    // while most API tests wait on servers, timers and PostgreSQL (the run used 0.9 of a core). Three
    // files at a time keep both cores busy.
    maxWorkers: 3,
    // Vitest starts the projects' files in the order of their names, and with no timings of a previous run
    // (a clean clone) the larger files of a project first. The two Astro files, small files with half a
    // minute of builds each, start first, beside the server's files, instead of last and alone.
    projects: [
      {
        extends: true,
        test: { name: 'astro', include: PROJECT_COPY_TESTS },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure functions over content and data: no servers, no processes. One worker runs file after file
          // without a fresh process and module graph for each (those files alone: 29 s here instead of 77),
          // so a test here puts back any global it changes, as the two that stub fetch do after each test.
          include: ['src/**/*.test.{ts,tsx}', 'core/**/*.test.ts'],
          exclude: PROJECT_COPY_TESTS,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: IN_PROCESS_API_TESTS,
          // One throwaway PostgreSQL cluster per run: the storage and API tests run on both engines.
          globalSetup: ['server/db/testing/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-shared',
          include: IN_PROCESS_API_TESTS,
          // These files start the API in the test's own process and close all they open (the two that spawn a
          // command wait for it to end). A worker runs them one after the other on one module graph instead of
          // a fresh process each: loading Fastify, pg and the server's modules was a quarter of their time
          // (server/api alone: 55 s of CPU isolated, 30 s shared). Shared, the whole server project left a
          // worker that never exited, so the Vitest run never ended: files that signal processes, hold mail
          // servers or leave a handle to the end of their process stay in 'server', one process each.
          isolate: false,
          // The same cluster as the server project's (global-setup.ts shares it).
          globalSetup: ['server/db/testing/global-setup.ts'],
        },
      },
    ],
  },
});
