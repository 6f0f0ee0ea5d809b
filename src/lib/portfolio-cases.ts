/**
 * Ordering and navigation of the portfolio cases, independent of Astro so it can be unit tested.
 * Pages pass in the collection's entries; `order` in each case's front matter decides the sequence.
 */
import { CARD_METRICS } from '../schemas/portfolio.ts';

interface Ordered {
  id: string;
  data: { order: number };
}

/** Cases in display order (front matter `order`, then id so the result never depends on file order). */
export function byOrder<T extends Ordered>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** The previous and next case around `id`, wrapping around so every case page links to two others. */
export function neighbours<T extends Ordered>(ordered: readonly T[], id: string): { previous: T; next: T } {
  const index = ordered.findIndex((entry) => entry.id === id);
  if (index === -1) throw new Error(`No existe el caso "${id}" en el portfolio`);
  if (ordered.length < 2) throw new Error('Se necesitan al menos dos casos para enlazar anterior y siguiente');
  const at = (position: number) => ordered[(position + ordered.length) % ordered.length] as T;
  return { previous: at(index - 1), next: at(index + 1) };
}

/** The metrics a card shows: only the first ones, which editors keep for the strongest figures. */
export function cardMetrics<M>(metrics: readonly M[]): M[] {
  return metrics.slice(0, CARD_METRICS);
}
