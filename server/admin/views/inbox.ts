/** The inbox: 20 leads per page, newest first, with filters, and the CSV of the same filter. */
import { LEAD_KIND_IDS, LEAD_KINDS, type LeadKind } from '../../../core/forms/kinds.ts';
import { referenceOf } from '../../lead/model.ts';
import { isEmptyFilter, listQueryString, PAGE_SIZE, SEARCH_MAX_LENGTH, type LeadFilter } from '../filters.ts';
import { html, type Html } from '../html.ts';
import { LEAD_STATUSES, STATUS_LABELS } from '../lifecycle.ts';
import type { AdminUser, InboxRow } from '../model.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import { dateTime, inputField, pagination, selectField, slotText, statusBadge } from './components.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';

export interface InboxView {
  rows: readonly InboxRow[];
  /** Lead score of each row (same analysis as the internal e-mail). */
  scores: ReadonlyMap<number, number>;
  total: number;
  page: number;
  filter: LeadFilter;
  problems: readonly string[];
  users: readonly AdminUser[];
  notice?: Notice;
}

export const UNASSIGNED_LABEL = 'Equipo de Ventas (sin asignar)';

export function kindLabel(kind: LeadKind): string {
  return LEAD_KINDS[kind].label;
}

function filterForm(view: InboxView): Html {
  const { filter } = view;
  return html`<form class="card" method="get" action="${ADMIN_PATHS.contacts}" aria-labelledby="filtros-titulo">
<h2 id="filtros-titulo" class="visually-hidden">Filtros</h2>
<div class="filters">
${inputField({ name: 'q', id: 'filtro-q', label: 'Buscar', value: filter.text ?? '', type: 'search', maxLength: SEARCH_MAX_LENGTH, hint: 'Nombre, correo, empresa o referencia (CONT-12)' })}
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
    ...view.users.map((user) => ({ value: String(user.id), label: user.name })),
  ],
})}
${inputField({ name: 'from', id: 'filtro-desde', label: 'Recibido desde', type: 'date', value: filter.from ?? '' })}
${inputField({ name: 'to', id: 'filtro-hasta', label: 'Recibido hasta', type: 'date', value: filter.to ?? '' })}
</div>
<div class="actions">
<button class="btn btn-primary" type="submit">Filtrar</button>
${!isEmptyFilter(filter) && html`<a class="btn btn-outline" href="${ADMIN_PATHS.contacts}">Quitar filtros</a>`}
<a class="btn btn-outline" href="${ADMIN_PATHS.export}${listQueryString(filter)}" download>Exportar CSV</a>
</div>
</form>`;
}

function row(lead: InboxRow, score: number | undefined): Html {
  const reference = referenceOf(lead.id);
  return html`<tr>
<th scope="row" data-label="Referencia"><a class="ref" href="${leadPath(lead.id)}">${reference}</a></th>
<td data-label="Recibido">${dateTime(lead.receivedAt)}</td>
<td data-label="Formulario">${kindLabel(lead.kind)}</td>
<td data-label="Nombre">${lead.name}</td>
<td data-label="Empresa">${lead.company ?? html`<span class="muted">—</span>`}</td>
<td data-label="Reunión">${lead.appointment ? slotText(lead.appointment) : html`<span class="muted">Sin reunión</span>`}</td>
<td data-label="Puntuación" class="num">${score ?? '—'}</td>
<td data-label="Estado">${statusBadge(lead.status)}</td>
<td data-label="Responsable">${lead.assigneeName ?? html`<span class="muted">Sin asignar</span>`}</td>
</tr>`;
}

export function inboxPage(context: PageContext, view: InboxView): Html {
  const pages = Math.max(1, Math.ceil(view.total / PAGE_SIZE));
  const first = (view.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(view.total, view.page * PAGE_SIZE);
  const range = view.rows.length ? `${first}-${last} de ${view.total}` : `0 de ${view.total}`;
  return adminPage(
    context,
    {
      title: view.page > 1 ? `Bandeja, página ${view.page}` : 'Bandeja',
      section: 'contacts',
      ...(view.notice ? { notice: view.notice } : {}),
    },
    html`<div class="page-head"><div><h1>Bandeja de leads</h1><p class="lede">Cada solicitud de los formularios del sitio, de la más reciente a la más antigua.</p></div></div>
${view.problems.length > 0 && html`<div class="notice notice-info" role="status"><ul>${view.problems.map((problem) => html`<li>${problem}</li>`)}</ul></div>`}
${filterForm(view)}
<div class="card">
${
  view.rows.length
    ? html`<div class="table-wrap"><table class="stack">
<caption>Leads ${range}${isEmptyFilter(view.filter) ? '' : ' con los filtros elegidos'}</caption>
<thead><tr><th scope="col">Referencia</th><th scope="col">Recibido (CDMX)</th><th scope="col">Formulario</th><th scope="col">Nombre</th><th scope="col">Empresa</th><th scope="col">Reunión</th><th scope="col" class="num">Puntuación</th><th scope="col">Estado</th><th scope="col">Responsable</th></tr></thead>
<tbody>${view.rows.map((lead) => row(lead, view.scores.get(lead.id)))}</tbody>
</table></div>`
    : html`<p>${view.total === 0 && isEmptyFilter(view.filter) ? 'Todavía no llega ningún lead.' : view.total === 0 ? 'Ningún lead coincide con los filtros.' : 'Esta página está vacía.'}</p>
${view.total > 0 && html`<p><a href="${ADMIN_PATHS.contacts}${listQueryString(view.filter)}">Ir a la primera página</a></p>`}`
}
${pagination(view.page, pages, (page) => `${ADMIN_PATHS.contacts}${listQueryString(view.filter, page)}`, 'Páginas de la bandeja')}
</div>`,
  );
}
