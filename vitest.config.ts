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
    // One throwaway PostgreSQL cluster per run: the storage and API tests run on both engines.
    globalSetup: ['server/db/testing/global-setup.ts'],
  },
});
