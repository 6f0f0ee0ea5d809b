/**
 * The environment is read in one place per program: the server's in server/process-config.ts (with the
 * settings modules it hands the variables to), the site build's in src/lib/build-env.ts. A module that
 * reads `process.env` itself escapes the validation and the Spanish refusal of a bad variable, and a test
 * cannot hand it another environment. Test support (`testing/` folders and test files) starts processes
 * with their own environments and is left out; so are the Astro config and the commands (scripts/,
 * bench/), which are where a program starts.
 */
import { globSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './testing/source-files.ts';

const ROOT = join(import.meta.dirname, '..');
const READERS = ['server/process-config.ts'];
const SITE_READERS = ['src/lib/build-env.ts'];
const readsEnv = (file: string) => /\bprocess\.env\b/.test(readFileSync(join(ROOT, file), 'utf8'));

describe('the environment', () => {
  it('is read by the process configuration alone in server/ and core/', () => {
    const readers = ['server', 'core']
      .flatMap((folder) => sourceFiles(join(ROOT, folder), ['testing']))
      .filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(readers).toEqual(READERS);
  });

  it('is read by the build environment module alone in src/', () => {
    const readers = globSync('src/**/*.{ts,tsx,astro,mjs}', { cwd: ROOT })
      .filter((file) => !/\.test\.tsx?$/.test(file) && readsEnv(file))
      .sort();
    expect(readers).toEqual(SITE_READERS);
  });
});
