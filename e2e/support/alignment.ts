import type { Page } from '@playwright/test';

/**
 * Parts of cards that sit in one row but not on one line: for the cards matched by `cards`, grouped
 * into rows by their top edge, each selector in `parts` must start at the same height in every card
 * of a row (a title of one line beside one of two, a label that wraps); a part given with
 * `edge: 'bottom'` must end at the same height instead (figures that sit on one line above their
 * labels, whether they take one line or two). One line per offence:
 * `h3: 318 px vs 330 px (cards 1 and 3 of the row at 1240 px)`.
 */
export type CardPart = string | { selector: string; edge: 'top' | 'bottom' };

export async function misalignedParts(page: Page, cards: string, parts: readonly CardPart[]): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page.evaluate(
    async ({ cards, parts }) => {
      document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-visible'));
      await document.fonts.ready;
      const TOLERANCE = 1;
      const rows = new Map<number, Element[]>();
      for (const card of document.querySelectorAll(cards)) {
        const top = Math.round(card.getBoundingClientRect().top + window.scrollY);
        const row = [...rows.keys()].find((key) => Math.abs(key - top) <= TOLERANCE) ?? top;
        rows.set(row, [...(rows.get(row) ?? []), card]);
      }
      const problems: string[] = [];
      for (const [rowTop, row] of rows) {
        if (row.length < 2) continue;
        for (const entry of parts) {
          const part = typeof entry === 'string' ? entry : entry.selector;
          const edge = typeof entry === 'string' ? 'top' : entry.edge;
          const tops = row.map((card) => {
            const el = card.querySelector(part);
            return el ? Math.round(el.getBoundingClientRect()[edge] + window.scrollY) : null;
          });
          const present = tops.filter((top): top is number => top !== null);
          if (present.length < row.length) {
            problems.push(
              `${part}: falta en ${row.length - present.length} de ${row.length} tarjetas de la fila en ${rowTop} px`,
            );
            continue;
          }
          const min = Math.min(...present);
          const max = Math.max(...present);
          if (max - min > TOLERANCE) {
            problems.push(
              `${part} (${edge === 'top' ? 'arriba' : 'abajo'}): ${min} px vs ${max} px (tarjetas ${tops.indexOf(min) + 1} y ${tops.indexOf(max) + 1} de la fila en ${rowTop} px)`,
            );
          }
        }
      }
      if (rows.size === 0) problems.push(`ninguna tarjeta coincide con ${cards}`);
      return problems;
    },
    { cards, parts },
  );
}
