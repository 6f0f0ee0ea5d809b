/**
 * Identity and keyboard rules of the FAQ accordion, kept apart from React so they can be tested on
 * their own. Which answer is open is the browser's state: every question is a <details> of one named
 * group, so one is open at a time across every category. An item is identified by its category id and
 * its position in it.
 */
export interface FaqItemRef {
  category: string;
  index: number;
}

/** The `name` shared by every question's <details>: the browser keeps one of them open at a time. */
export const FAQ_GROUP = 'faq';

/** What every item's id starts with, so a link to one question is told apart from a link to a category. */
export const ITEM_ID_PREFIX = 'faq-';

/** Stable DOM ids of an item, its question and its answer (unique per page: category ids are unique). */
export function itemIds(item: FaqItemRef): { item: string; question: string; answer: string } {
  const base = `${ITEM_ID_PREFIX}${item.category}-${item.index + 1}`;
  return { item: base, question: `${base}-pregunta`, answer: `${base}-respuesta` };
}

/** The item a URL fragment points at (`#faq-<category>-<n>`, with `-pregunta` or `-respuesta` or not), if any. */
export function itemFromHash(
  hash: string,
  categories: ReadonlyArray<{ id: string; count: number }>,
): FaqItemRef | null {
  const match = /^#?faq-(.+)-(\d+)(?:-(?:pregunta|respuesta))?$/.exec(hash);
  if (!match) return null;
  const category = categories.find((entry) => entry.id === match[1]);
  const index = Number(match[2]) - 1;
  if (!category || index < 0 || index >= category.count) return null;
  return { category: category.id, index };
}

/** Keys that move focus between the question buttons, as the WAI-ARIA accordion pattern suggests. */
export const FOCUS_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'] as const;
export type FocusKey = (typeof FOCUS_KEYS)[number];

export function isFocusKey(key: string): key is FocusKey {
  return (FOCUS_KEYS as readonly string[]).includes(key);
}

/** Position of the button to focus among `total` buttons; Down and Up wrap around. */
export function focusTarget(current: number, total: number, key: FocusKey): number {
  if (total <= 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % total;
    case 'ArrowUp':
      return (current - 1 + total) % total;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
  }
}
