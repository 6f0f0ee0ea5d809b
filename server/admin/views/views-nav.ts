/**
 * The views a salesperson starts the day from, one click each, above the list and the board: everything,
 * «Mis leads», what is due «Hoy» and what is «Vencidos» (their own, with how many), their open leads with no
 * next step, and the other layout.
 */
import { isEmptyFilter, listQueryString, type LeadFilter } from '../filters.ts';
import { attr, html, type Html } from '../html.ts';
import { ADMIN_PATHS } from '../paths.ts';

export interface DayCounts {
  /** The person's open leads whose next step is today, and before today. */
  today: number;
  overdue: number;
}

type ViewKey = 'all' | 'mine' | 'hoy' | 'vencidos' | 'sin-paso';

function currentView(userId: number, filter: LeadFilter): ViewKey | undefined {
  const { view, assignee, ...rest } = filter;
  if (!isEmptyFilter(rest)) return undefined;
  if (view && assignee === userId) return view;
  if (!view && assignee === userId) return 'mine';
  if (!view && assignee === undefined) return 'all';
  return undefined;
}

export function dayViews(userId: number, filter: LeadFilter, counts: DayCounts, layout: 'list' | 'board'): Html {
  const base = layout === 'list' ? ADMIN_PATHS.contacts : ADMIN_PATHS.board;
  const current = currentView(userId, filter);
  const link = (key: ViewKey, label: Html | string, target: LeadFilter) =>
    html`<li><a href="${base}${listQueryString(target)}"${attr('aria-current', current === key ? 'page' : undefined)}>${label}</a></li>`;
  const counted = (label: string, count: number, tone: string) =>
    html`${label} <span class="count ${count > 0 ? tone : ''}">${count}</span>`;
  return html`<nav class="day-views" aria-label="Vistas del día"><ul>
${link('all', 'Todos', {})}
${link('mine', 'Mis leads', { assignee: userId })}
${link('hoy', counted('Hoy', counts.today, 'count-today'), { assignee: userId, view: 'hoy' })}
${link('vencidos', counted('Vencidos', counts.overdue, 'count-overdue'), { assignee: userId, view: 'vencidos' })}
${link('sin-paso', 'Sin siguiente paso', { assignee: userId, view: 'sin-paso' })}
</ul>
<a class="layout-switch" href="${layout === 'list' ? ADMIN_PATHS.board : ADMIN_PATHS.contacts}${listQueryString({ ...filter, status: undefined })}">${layout === 'list' ? 'Ver como tablero' : 'Ver como lista'}</a>
</nav>`;
}
