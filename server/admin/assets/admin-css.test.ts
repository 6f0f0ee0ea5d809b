import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The site's design tokens are the source; the inbox's stylesheet repeats the ones it uses.
const site = readFileSync(new URL('../../../src/styles/global.css', import.meta.url), 'utf8');
const admin = readFileSync(new URL('./admin.css', import.meta.url), 'utf8');

function declarations(css: string, prefix: string): Map<string, string> {
  return new Map(
    [...css.matchAll(new RegExp(`(--${prefix}[\\w-]*):\\s*([^;]+);`, 'g'))].map((match) => [
      match[1] as string,
      (match[2] as string).trim(),
    ]),
  );
}

describe('admin stylesheet', () => {
  it('uses the site tokens with the site values', () => {
    const siteTokens = new Map([
      ...declarations(site, 'color-'),
      ...declarations(site, 'radius-'),
      ...declarations(site, 'spacing-'),
      ...declarations(site, 'motion-'),
    ]);
    const adminTokens = new Map([
      ...declarations(admin, 'color-'),
      ...declarations(admin, 'radius-'),
      ...declarations(admin, 'spacing-'),
      ...declarations(admin, 'motion-'),
    ]);
    expect(adminTokens.size).toBeGreaterThan(10);
    for (const [name, value] of adminTokens) expect(siteTokens.get(name), name).toBe(value);
  });

  it('loads nothing from elsewhere and needs no inline style', () => {
    expect(admin).not.toMatch(/url\(|@import/);
  });
});
