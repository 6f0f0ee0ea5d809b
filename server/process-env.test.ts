/**
 * The environment is read in one place (server/process-config.ts, with the settings modules it hands the
 * variables to): a module that reads `process.env` itself escapes the validation and the Spanish refusal
 * of a bad variable, and a test cannot hand it another environment. Test support (`testing/` folders and
 * test files) starts processes with their own environments and is left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const READERS = ['server/process-config.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the environment', () => {
  it('is read by the process configuration alone in server/ and core/', () => {
    const readers = ['server', 'core']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .filter((file) => /\bprocess\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(readers).toEqual(READERS);
  });
});
