import { describe, expect, it } from 'vitest';
import { parseUnicodeRange, toUnicodeRange } from './unicode-range.ts';

describe('unicode-range', () => {
  it('merges consecutive code points into ranges, sorted and without duplicates', () => {
    expect(toUnicodeRange([0x62, 0x20, 0x61, 0x63, 0xf1, 0x61])).toEqual(['U+0020', 'U+0061-0063', 'U+00F1']);
  });

  it('round-trips', () => {
    const points = new Set([0x20, 0x21, 0x22, 0xe1, 0x2026, 0x1f600]);
    expect(parseUnicodeRange(toUnicodeRange(points))).toEqual(points);
  });

  it('gives an empty list for no code points and rejects malformed ranges', () => {
    expect(toUnicodeRange([])).toEqual([]);
    expect(() => parseUnicodeRange(['U+4??'])).toThrow(/no válido/);
    expect(() => parseUnicodeRange(['20-7E'])).toThrow(/no válido/);
  });
});
