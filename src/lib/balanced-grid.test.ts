import { describe, expect, it } from 'vitest';
import { balancedGrid } from './balanced-grid.ts';

/** The number of six-column units each card takes, or the plain column count when there is no span. */
function spans(count: number, perRow: 3 | 4 = 3): string[] {
  const grid = balancedGrid(count, perRow);
  return Array.from({ length: count }, (_, index) => grid.item(index).replace('lg:col-span-', '') || '-');
}

describe('balancedGrid', () => {
  it('puts a short list on one row', () => {
    expect(balancedGrid(3).grid).toContain('lg:grid-cols-3');
    expect(balancedGrid(4, 4).grid).toContain('lg:grid-cols-4');
    expect(spans(3)).toEqual(['-', '-', '-']);
  });

  it('splits five cards into three and two wider ones', () => {
    expect(balancedGrid(5).grid).toContain('lg:grid-cols-6');
    expect(spans(5)).toEqual(['2', '2', '2', '3', '3']);
  });

  it('lays out four cards as two rows of two when a row holds three', () => {
    expect(spans(4)).toEqual(['3', '3', '3', '3']);
  });

  it('never leaves a single card on the last row', () => {
    expect(spans(7)).toEqual(['2', '2', '2', '3', '3', '3', '3']);
    expect(spans(6)).toEqual(['2', '2', '2', '2', '2', '2']);
    expect(spans(5, 4)).toEqual(['2', '2', '2', '3', '3']);
  });

  it('keeps four per row for eight cards when a row holds four', () => {
    expect(balancedGrid(8, 4).grid).toContain('lg:grid-cols-4');
    expect(spans(8, 4).every((span) => span === '-')).toBe(true);
  });
});
