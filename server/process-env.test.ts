/**
 * The environment is read in one place (server/process-config.ts, with the settings modules it hands the
 * variables to): a module that reads `process.env` itself escapes the validation and the Spanish refusal
 * of a bad variable, and a test cannot hand it another environment. Test support (`testing/` folders and
 * test files) starts processes with their own environments and is left out.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './testing/source-files.ts';

const ROOT = join(import.meta.dirname, '..');
const READERS = ['server/process-config.ts'];

describe('the environment', () => {
  it('is read by the process configuration alone in server/ and core/', () => {
    const readers = ['server', 'core']
      .flatMap((folder) => sourceFiles(join(ROOT, folder), ['testing']))
      .filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(readers).toEqual(READERS);
  });
});
