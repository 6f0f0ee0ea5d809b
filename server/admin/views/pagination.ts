/**
 * Numbered pagination: first and last, previous and next, and a window of pages around the current one,
 * with ellipses between. Plain links in a labelled navigation region: each number reads "Página 7" to a
 * screen reader, the current page is marked with `aria-current`, and the keyboard goes through them in order.
 */
import { attr, html, type Html } from '../html.ts';

/** The page numbers to show: 1, the window around `page`, the last, and `null` where pages are skipped. */
export function pageWindow(page: number, pages: number, radius = 2): Array<number | null> {
  const shown = new Set([1, pages]);
  for (let candidate = page - radius; candidate <= page + radius; candidate += 1)
    if (candidate >= 1 && candidate <= pages) shown.add(candidate);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    // A gap of exactly one page shows that page instead of an ellipsis that hides a single number.
    if (previous !== undefined && value - previous === 2) out.push(previous + 1);
    else if (previous !== undefined && value - previous > 2) out.push(null);
    out.push(value);
  });
  return out;
}

export function numberedPagination(
  page: number,
  pages: number,
  hrefFor: (page: number) => string,
  label: string,
): Html {
  if (pages <= 1) return html``;
  /** First, previous, next, last: a link, or the same words greyed out where there is nowhere to go. */
  const step = (target: number, text: string, arrow: string, before: boolean, rel?: string) => {
    const icon = html`<span aria-hidden="true">${arrow}</span>`;
    const content = before ? html`${icon} ${text}` : html`${text} ${icon}`;
    return target === page || target < 1 || target > pages
      ? html`<li><span class="page-edge">${content}</span></li>`
      : html`<li><a class="page-edge" href="${hrefFor(target)}"${attr('rel', rel)}>${content}</a></li>`;
  };
  return html`<nav class="pages" aria-label="${label}">
<p class="muted">Página ${page} de ${pages}</p>
<ul>
${step(1, 'Primera', '«', true)}${step(page - 1, 'Anterior', '‹', true, 'prev')}
${pageWindow(page, pages).map((number) =>
  number === null
    ? html`<li><span class="page-gap" aria-hidden="true">…</span></li>`
    : number === page
      ? html`<li><a class="page-number" href="${hrefFor(number)}" aria-current="page"><span class="visually-hidden">Página </span>${number}</a></li>`
      : html`<li><a class="page-number" href="${hrefFor(number)}"><span class="visually-hidden">Página </span>${number}</a></li>`,
)}
${step(page + 1, 'Siguiente', '›', false, 'next')}${step(pages, 'Última', '»', false)}
</ul>
</nav>`;
}
