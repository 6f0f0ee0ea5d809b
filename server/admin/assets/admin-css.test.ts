import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inboxStylesheet, tokenDeclarations, usedProperties, withTokens } from '../stylesheet.ts';

const tokensCss = readFileSync(new URL('../../../core/design/tokens.css', import.meta.url), 'utf8');
const admin = readFileSync(new URL('./admin.css', import.meta.url), 'utf8');

describe('admin stylesheet', () => {
  it('is served with every design token it reads, from the one tokens file, with its values', () => {
    const served = inboxStylesheet().toString('utf8');
    const tokens = tokenDeclarations(tokensCss);
    const declaredHere = tokenDeclarations(admin);
    const fromTokens = [...usedProperties(admin)].filter((name) => !declaredHere.has(name));
    expect(fromTokens.length).toBeGreaterThan(10);
    for (const name of fromTokens) {
      expect(tokens.has(name), `${name} no está en core/design/tokens.css`).toBe(true);
      expect(served).toContain(`${name}: ${tokens.get(name)};`);
    }
    expect(served.endsWith(admin)).toBe(true);
  });

  it('declares none of the site tokens itself (a colour has one home)', () => {
    const tokens = tokenDeclarations(tokensCss);
    expect([...tokenDeclarations(admin).keys()].filter((name) => tokens.has(name))).toEqual([]);
  });

  it('follows a changed token', () => {
    const changed = tokensCss.replace(/--color-brand-700: #[0-9a-f]+;/, '--color-brand-700: #123456;');
    expect(withTokens(changed, admin)).toContain('--color-brand-700: #123456;');
    expect(withTokens(changed, '.a { color: red; }')).not.toContain('--color-brand-700');
  });

  it('loads nothing from elsewhere and needs no inline style', () => {
    expect(admin).not.toMatch(/url\(|@import/);
  });
});
