/**
 * The inbox: 20 leads per page, newest first unless another order is chosen, with the day's views (Mis
 * leads, Hoy, Vencidos), a search, the other filters behind «Más filtros», numbered pages and the CSV of the
 * same filter. On a phone each lead is a compact card with its call and WhatsApp actions; the first one is
 * in the first screen.
 */
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../../core/forms/kinds.ts';
import { referenceOf } from '../../lead/model.ts';
import { SITE } from '../../../core/site.ts';
import { moneyText, shortDate } from '../deal.ts';
import {
  defaultSort,
  isEmptyFilter,
  LIST_SORTS,
  listQueryString,
  PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  type LeadFilter,
  type ListSort,
} from '../filters.ts';
import { attr, html, type Html } from '../html.ts';
import { LEAD_STATUSES, STATUS_LABELS } from '../lifecycle.ts';
import type { AdminUser, InboxRow } from '../model.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import { csrfInput, dateTime, inputField, selectField, slotText, statusBadge } from './components.ts';
import { adminPage, noticeBox, type Notice, type PageContext } from './layout.ts';
import { dueBadge } from './lead-pipeline.ts';
import { numberedPagination } from './pagination.ts';
import { dayViews, type DayCounts } from './views-nav.ts';
import { leadLanguageName } from '../../lead/language.ts';

export interface InboxView {
  rows: readonly InboxRow[];
  /** Lead score of each row (same analysis as the internal e-mail); null when its author refused scoring. */
  scores: ReadonlyMap<number, number | null>;
  total: number;
  page: number;
  /** The key of this page's last lead: the next page's link carries it (server/lead/keyset.ts). */
  nextKey?: string;
  filter: LeadFilter;
  sort: ListSort;
  problems: readonly string[];
  users: readonly AdminUser[];
  /** The codes of the languages leads arrive in, the default first; the filter shows with two or more. */
  languages?: readonly string[];
  /** Mexico City's date, for the due badges. */
  today: string;
  /** The signed-in person's leads due today and overdue (the views' counts). */
  counts: DayCounts;
  /** `tel:` and WhatsApp links per lead, when it left a phone. */
  phoneLinks: ReadonlyMap<number, { tel: string; whatsapp: string }>;
  notice?: Notice;
  /** The lead an action was just taken on: its row shows the notice. */
  noticeLead?: number;
}

export const UNASSIGNED_LABEL = 'Equipo de Ventas (sin asignar)';
/** What the list says of a lead whose author refused scoring. */
export const UNSCORED_LABEL = 'sin puntuación (el cliente se opuso)';

export function kindLabel(kind: LeadKind): string {
  return LEAD_KINDS[kind].label;
}

function searchForm(view: InboxView, context: PageContext): Html {
  const { filter } = view;
  // «Más filtros» opens by itself when one of its filters is in use, so nothing applied is hidden.
  const open = Boolean(filter.status || filter.kind || filter.from || filter.to || filter.assignee !== undefined);
  return html`<form class="card list-controls" method="get" action="${ADMIN_PATHS.contacts}" aria-labelledby="filtros-titulo">
<h2 id="filtros-titulo" class="visually-hidden">Buscar y filtrar</h2>
${filter.view && html`<input type="hidden" name="vista" value="${filter.view}">`}
<div class="search-row">
${inputField({ name: 'q', id: 'filtro-q', label: 'Buscar', value: filter.text ?? '', type: 'search', maxLength: SEARCH_MAX_LENGTH, hint: 'Nombre, correo, empresa, teléfono, mensaje o referencia (CONT-12); con o sin acentos' })}
${selectField({ name: 'orden', id: 'orden', label: 'Ordenar por', value: view.sort, choices: Object.entries(LIST_SORTS).map(([value, label]) => ({ value, label })) })}
<div class="actions"><button class="btn btn-primary" type="submit">Buscar</button></div>
</div>
<details${attr('open', open)}><summary>Más filtros</summary>
<div class="filters">
${selectField({
  name: 'status',
  id: 'filtro-estado',
  label: 'Estado',
  value: filter.status ?? '',
  placeholder: 'Todos',
  choices: LEAD_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
})}
${selectField({
  name: 'type',
  id: 'filtro-tipo',
  label: 'Formulario',
  value: filter.kind ? String(LEAD_KINDS[filter.kind].formType) : '',
  placeholder: 'Todos',
  choices: LEAD_KIND_IDS.map((kind) => ({ value: String(LEAD_KINDS[kind].formType), label: LEAD_KINDS[kind].label })),
})}
${selectField({
  name: 'assignee',
  id: 'filtro-responsable',
  label: 'Responsable',
  value: filter.assignee === undefined ? '' : String(filter.assignee),
  placeholder: 'Cualquiera',
  choices: [
    { value: 'none', label: UNASSIGNED_LABEL },
    ...view.users.map((user) => ({
      value: String(user.id),
      label: user.id === context.user.id ? `${user.name} (tú)` : user.name,
    })),
  ],
})}
${
  (view.languages?.length ?? 0) > 1 &&
  selectField({
    name: 'idioma',
    id: 'filtro-idioma',
    label: 'Idioma',
    value: filter.language ?? '',
    placeholder: 'Todos',
    choices: (view.languages ?? []).map((code) => ({ value: code, label: leadLanguageName(code) })),
  })
}
${inputField({ name: 'from', id: 'filtro-desde', label: 'Recibido desde', type: 'date', value: filter.from ?? '' })}
${inputField({ name: 'to', id: 'filtro-hasta', label: 'Recibido hasta', type: 'date', value: filter.to ?? '' })}
</div>
<div class="actions"><button class="btn btn-primary" type="submit">Filtrar</button></div>
</details>
<div class="actions">
${!isEmptyFilter(filter) && html`<a class="btn btn-outline" href="${ADMIN_PATHS.contacts}">Quitar filtros</a>`}
<a class="btn btn-outline" href="${ADMIN_PATHS.export}${listQueryString(filter)}" download>Exportar CSV</a>
</div>
</form>`;
}

function rowActions(lead: InboxRow, view: InboxView, context: PageContext, back: string): Html {
  const links = view.phoneLinks.get(lead.id);
  const reference = referenceOf(lead.id);
  return html`<div class="row-actions">${
    links &&
    html`<a class="btn btn-small" href="${links.tel}" aria-label="Llamar a ${reference}">Llamar</a><a class="btn btn-small" href="${links.whatsapp}" target="_blank" rel="noopener noreferrer">WhatsApp<span class="visually-hidden"> con ${reference} (se abre en otra pestaña)</span></a>`
  }${
    lead.assigneeId !== context.user.id &&
    html`<form method="post" action="${leadPath(lead.id)}/assignee">${csrfInput(context.csrf)}<input type="hidden" name="version" value="${lead.version}"><input type="hidden" name="assignee" value="${context.user.id}"><input type="hidden" name="back" value="${back}"><button class="btn btn-small" type="submit">Asignarme<span class="visually-hidden"> ${reference}</span></button></form>`
  }</div>${view.noticeLead === lead.id && noticeBox(view.notice)}`;
}

function row(lead: InboxRow, view: InboxView, context: PageContext, back: string): Html {
  const reference = referenceOf(lead.id);
  const score = view.scores.get(lead.id);
  return html`<tr id="lead-${lead.id}">
<th scope="row" data-label="Referencia"><a class="ref" href="${leadPath(lead.id)}">${reference}</a></th>
<td data-label="Recibido" class="secondary">${dateTime(lead.receivedAt)}</td>
<td data-label="Formulario" class="secondary">${kindLabel(lead.kind)}</td>
<td data-label="Nombre" class="lead-name"><bdi>${lead.name}</bdi></td>
<td data-label="Acciones" class="actions-cell">${rowActions(lead, view, context, back)}</td>
<td data-label="Empresa">${lead.company ? html`<bdi>${lead.company}</bdi>` : html`<span class="muted">—</span>`}</td>
<td data-label="Reunión" class="secondary">${lead.appointment ? slotText(lead.appointment) : html`<span class="muted">Sin reunión</span>`}</td>
<td data-label="Puntuación" class="num secondary">${score === null ? html`<span class="muted">${UNSCORED_LABEL}</span>` : (score ?? '—')}</td>
<td data-label="Estado">${statusBadge(lead.status)}</td>
<td data-label="Responsable">${lead.assigneeName ?? html`<span class="muted">Sin asignar</span>`}</td>
<td data-label="Siguiente paso">${lead.nextStep && lead.nextStepDate ? html`${shortDate(lead.nextStepDate)} · <bdi>${lead.nextStep}</bdi>${dueBadge(lead.nextStepDate, view.today, lead.status)}` : html`<span class="muted">—</span>`}</td>
<td data-label="Valor" class="num">${lead.valueMxn === null ? html`<span class="muted">—</span>` : moneyText(lead.valueMxn)}</td>
</tr>`;
}

export function inboxPage(context: PageContext, view: InboxView): Html {
  const pages = Math.max(1, Math.ceil(view.total / PAGE_SIZE));
  const first = (view.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(view.total, view.page * PAGE_SIZE);
  const range = view.rows.length ? `${first}-${last} de ${view.total}` : `0 de ${view.total}`;
  const here = `${ADMIN_PATHS.contacts}${listQueryString(view.filter, view.page, view.sort)}`;
  const rowNotice = view.noticeLead !== undefined && view.rows.some((lead) => lead.id === view.noticeLead);
  return adminPage(
    context,
    {
      title: view.page > 1 ? `Bandeja, página ${view.page}` : 'Bandeja',
      section: 'contacts',
      ...(view.notice && !rowNotice ? { notice: view.notice } : {}),
    },
    html`<div class="page-head list-head"><div><h1>Bandeja de leads</h1><p class="lede">${view.sort === defaultSort(view.filter) && !view.filter.view ? 'Cada solicitud de los formularios del sitio, de la más reciente a la más antigua.' : `Ordenados por: ${LIST_SORTS[view.sort].toLowerCase()}.`}</p></div></div>
${dayViews(context.user.id, view.filter, view.counts, 'list')}
${view.problems.length > 0 && html`<div class="notice notice-info" role="status"><ul>${view.problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>`}
${searchForm(view, context)}
<div class="card">
${
  view.rows.length
    ? html`<div class="table-wrap"><table class="stack lead-list">
<caption>Leads ${range}${isEmptyFilter(view.filter) ? '' : ' con los filtros elegidos'}</caption>
<thead><tr><th scope="col">Referencia</th><th scope="col">Recibido (${SITE.timeZoneName})</th><th scope="col">Formulario</th><th scope="col">Nombre</th><th scope="col">Acciones</th><th scope="col">Empresa</th><th scope="col">Reunión</th><th scope="col" class="num">Puntuación</th><th scope="col">Estado</th><th scope="col">Responsable</th><th scope="col">Siguiente paso</th><th scope="col" class="num">Valor</th></tr></thead>
<tbody>${view.rows.map((lead) => row(lead, view, context, here))}</tbody>
</table></div>`
    : html`<p>${view.total === 0 && isEmptyFilter(view.filter) ? 'Todavía no llega ningún lead.' : view.total === 0 ? 'Ningún lead coincide con los filtros.' : 'Esta página está vacía.'}</p>
${view.total > 0 && html`<p><a href="${ADMIN_PATHS.contacts}${listQueryString(view.filter, 1, view.sort)}">Ir a la primera página</a></p>`}`
}
${numberedPagination(view.page, pages, (page) => `${ADMIN_PATHS.contacts}${listQueryString(view.filter, page, view.sort, page === view.page + 1 ? view.nextKey : undefined)}`, 'Páginas de la bandeja')}
</div>`,
  );
}
