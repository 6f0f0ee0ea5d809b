/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit and API tests sit beside the code they test; Playwright's specs live in e2e/ and are not Vitest's.
export default getViteConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'core/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one; on CI's two cores that is a single file at a time
    // while most API tests wait on servers, timers and PostgreSQL (the run used 0.9 of a core). Three
    // files at a time keep both cores busy.
    maxWorkers: 3,
    // One throwaway PostgreSQL cluster per run: the storage and API tests run on both engines.
    globalSetup: ['server/db/testing/global-setup.ts'],
  },
});
