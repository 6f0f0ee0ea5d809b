/**
 * State of the FAQ accordion, kept apart from React so it can be tested on its own. One item is open at
 * a time across every category; an item is identified by its category id and its position in it.
 */
export interface FaqItemRef {
  category: string;
  index: number;
}

/** The open item, or `null` when every answer is closed. */
export type AccordionState = FaqItemRef | null;

export const CLOSED: AccordionState = null;

export function isOpen(state: AccordionState, item: FaqItemRef): boolean {
  return state !== null && state.category === item.category && state.index === item.index;
}

/** Opening an item closes the one that was open; activating the open item closes it. */
export function toggle(state: AccordionState, item: FaqItemRef): AccordionState {
  return isOpen(state, item) ? CLOSED : { category: item.category, index: item.index };
}

/** Stable DOM ids of an item's button and panel (unique per page: category ids are unique). */
export function itemIds(item: FaqItemRef): { button: string; panel: string } {
  const base = `faq-${item.category}-${item.index + 1}`;
  return { button: `${base}-pregunta`, panel: `${base}-respuesta` };
}

/** The item a URL fragment points at (`#faq-<category>-<n>-pregunta` or `-respuesta`), if any. */
export function itemFromHash(hash: string, categories: ReadonlyArray<{ id: string; count: number }>): AccordionState {
  const match = /^#?faq-(.+)-(\d+)-(pregunta|respuesta)$/.exec(hash);
  if (!match) return CLOSED;
  const category = categories.find((entry) => entry.id === match[1]);
  const index = Number(match[2]) - 1;
  if (!category || index < 0 || index >= category.count) return CLOSED;
  return { category: category.id, index };
}

/** Keys that move focus between the question buttons, as the WAI-ARIA accordion pattern suggests. */
export type FocusKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

export function isFocusKey(key: string): key is FocusKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
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
