/**
 * Technologies grouped by category in the site's fixed order (Frontend, Backend, Cloud, Mobile), as the
 * home's stack and /tecnologias show them. Within a group the content file's order is kept.
 */
import { TECHNOLOGY_CATEGORIES, type TechnologyCategory } from '../schemas/technologies.ts';
import type { IconName } from './icons.ts';

export function groupByCategory<T extends { category: TechnologyCategory }>(
  items: readonly T[],
): Array<{ category: TechnologyCategory; items: T[] }> {
  return TECHNOLOGY_CATEGORIES.map((category) => ({
    category,
    items: items.filter((item) => item.category === category),
  }));
}

/** The icon of each stack column. */
export const CATEGORY_ICONS = {
  Frontend: 'globe',
  Backend: 'server',
  Cloud: 'cloud',
  Mobile: 'smartphone',
} as const satisfies Record<TechnologyCategory, IconName>;
