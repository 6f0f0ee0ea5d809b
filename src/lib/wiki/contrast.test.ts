import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColorTokens, parseHex } from './contrast.ts';

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 on white is the classic 4.54:1 grey.
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#fff', '#767676')).toBe(contrastRatio('#767676', '#fff'));
  });

  it('rejects what is not a hex colour', () => {
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(() => parseHex('rgb(0 0 0)')).toThrow(/Color inválido/);
  });
});

describe('parseColorTokens', () => {
  it('reads the colour tokens of core/design/tokens.css', () => {
    const tokens = parseColorTokens(readFileSync('core/design/tokens.css', 'utf8'));
    const names = tokens.map((token) => token.name);
    expect(names).toContain('ink-900');
    expect(names).toContain('brand-600');
    expect(tokens.find((token) => token.name === 'fg-muted')?.value).toBe('#475569');
  });

  it('keeps the text colours of the design system at 4.5:1 or more on their surfaces', () => {
    const tokens = new Map(
      parseColorTokens(readFileSync('core/design/tokens.css', 'utf8')).map((token) => [token.name, token.value]),
    );
    const color = (name: string) => tokens.get(name) ?? '';
    expect(contrastRatio(color('fg-muted'), color('surface'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('fg-muted'), color('surface-muted'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('fg-inverse-muted'), color('ink-900'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(color('brand-700'), color('brand-50'))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('code highlighting colours', () => {
  it('keep every Prism token colour at 4.5:1 or more on the ink code background', () => {
    const css = readFileSync('src/styles/wiki.css', 'utf8');
    const rules = [...css.matchAll(/((?:\.token\.[\w-]+,?\s*)+)\{\s*color:\s*(#[0-9a-f]{6})/gi)];
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const [, selectors, color] of rules) {
      expect(contrastRatio(color as string, '#0b1020'), selectors?.trim()).toBeGreaterThanOrEqual(4.5);
    }
  });
});
