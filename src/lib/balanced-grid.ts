/**
 * Tailwind classes that lay out a card grid on wide screens without a lonely card on the last row: up to
 * `perRow` cards share one row; longer lists go in rows of three on a six-column grid, and a short last
 * row widens its cards (5 → 3 + 2, 7 → 3 + 2 + 2, 4 → 2 + 2). Phones show one column, tablets two.
 * The class names are written out whole so Tailwind finds them in this file.
 */
export interface BalancedGrid {
  /** Classes of the grid container. */
  grid: string;
  /** Classes of the card at `index`. */
  item: (index: number) => string;
}

const ONE_ROW = { 1: 'lg:grid-cols-1', 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' } as const;

export function balancedGrid(count: number, perRow: 3 | 4 = 3): BalancedGrid {
  const base = 'grid gap-5 sm:grid-cols-2';
  if (count <= perRow) {
    const columns = Math.max(count, 1) as 1 | 2 | 3 | 4;
    return { grid: `${base} ${ONE_ROW[columns]}`, item: () => '' };
  }
  if (perRow === 4 && count % 4 === 0) return { grid: `${base} ${ONE_ROW[4]}`, item: () => '' };
  const remainder = count % 3;
  // Cards from this index on share rows of two (each spans half of the six columns).
  const wideFrom = remainder === 0 ? count : count - (remainder === 2 ? 2 : 4);
  return {
    grid: `${base} lg:grid-cols-6`,
    item: (index) => (index >= wideFrom ? 'lg:col-span-3' : 'lg:col-span-2'),
  };
}
