/**
 * Rows of the surrounding grid a portfolio card spans as a subgrid: cover, title, description,
 * metrics, technologies (only when the card lists them) and the link. Cards in one row of the grid
 * then share every one of those lines. Literal class names, so Tailwind finds them here.
 */
export function portfolioCardRowSpan(withTech: boolean): 'row-span-6' | 'row-span-5' {
  return withTech ? 'row-span-6' : 'row-span-5';
}
