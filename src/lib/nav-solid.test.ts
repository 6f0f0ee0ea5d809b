import { describe, expect, it } from 'vitest';
import { isNavSolid, NAV_SOLID_SCROLL_RATIO } from './nav-solid.ts';

describe('the navbar turns solid', () => {
  it('at 80% of the window height, not a pixel before', () => {
    expect(NAV_SOLID_SCROLL_RATIO).toBe(0.8);
    expect(isNavSolid(0, 740)).toBe(false);
    expect(isNavSolid(591, 740)).toBe(false);
    expect(isNavSolid(592, 740)).toBe(true);
    expect(isNavSolid(5000, 740)).toBe(true);
  });
});
