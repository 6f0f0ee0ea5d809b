/**
 * The site, the e-mails, the inbox, the CSV and /reunion name Mexico City's time zone one way
 * (SITE.timeZoneName); content written by hand must use the same words. Any other way of naming it is
 * flagged wherever it appears in the sources and the content.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE } from './site.ts';

const ROOTS = ['content', 'src', 'server', 'core', 'scripts', 'e2e'];
const EXTENSIONS = /\.(ts|tsx|astro|ya?ml|mdx?)$/;
const OTHER_NAMES = [/hora del centro/i, /centro de México/i, /\(CDMX\)/, /\bGMT ?[-+]\d/, /hora de México\b/i];
const SELF = 'core/time-zone-name.test.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return EXTENSIONS.test(entry.name) && path !== SELF ? [path] : [];
  });
}

describe('the name of the time zone', () => {
  it('is "hora de la Ciudad de México"', () => {
    expect(SITE.timeZoneName).toBe('hora de la Ciudad de México');
  });

  it('appears in no other form in the sources or the content', () => {
    const found = ROOTS.flatMap(files).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return OTHER_NAMES.filter((pattern) => pattern.test(text)).map((pattern) => `${path}: ${pattern.source}`);
    });
    expect(found).toEqual([]);
  });
});
