/**
 * The board: one column per status with its leads as cards (name, company, value, next step). A card moves
 * with its own small form (a list of the statuses it may go to and a button), so it works without any
 * script; the page comes back to the card, in its new column, with the confirmation on it.
 */
import { referenceOf } from '../../lead/model.ts';
import { moneyText, shortDate } from '../deal.ts';
import { listQueryString, SEARCH_MAX_LENGTH, type LeadFilter } from '../filters.ts';
import { html, type Html } from '../html.ts';
import { STATUS_LABELS, TRANSITIONS } from '../lifecycle.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import type { BoardCard, BoardColumn } from '../store/board.ts';
import { csrfInput, inputField } from './components.ts';
import { adminPage, noticeBox, type Notice, type PageContext } from './layout.ts';
import { dueBadge } from './lead-pipeline.ts';
import { dayViews, type DayCounts } from './views-nav.ts';

export interface BoardView {
  columns: readonly BoardColumn[];
  filter: LeadFilter;
  today: string;
  counts: DayCounts;
  notice?: Notice;
  noticeLead?: number;
}

function card(item: BoardCard, view: BoardView, context: PageContext, back: string): Html {
  const reference = referenceOf(item.id);
  // Losing a lead needs a reason, which the lead's page asks for.
  const targets = TRANSITIONS[item.status].filter((status) => status !== 'perdido');
  return html`<li class="board-card" id="lead-${item.id}">
<a class="ref" href="${leadPath(item.id)}">${reference} · <bdi>${item.name}</bdi></a>
${item.company && html`<p class="muted"><bdi>${item.company}</bdi></p>`}
<p>${item.valueMxn === null ? html`<span class="muted">Sin valor</span>` : html`<strong>${moneyText(item.valueMxn)}</strong>`}${item.assigneeName ? ` · ${item.assigneeName}` : ''}</p>
${item.nextStep && item.nextStepDate && html`<p class="next-step">${shortDate(item.nextStepDate)} · ${item.nextStep}${dueBadge(item.nextStepDate, view.today, item.status)}</p>`}
${
  targets.length > 0 &&
  html`<form method="post" action="${leadPath(item.id)}/status" class="move">
${csrfInput(context.csrf)}<input type="hidden" name="version" value="${item.version}"><input type="hidden" name="back" value="${back}">
<label for="mover-${item.id}">Mover a<span class="visually-hidden"> (${reference})</span></label>
<select id="mover-${item.id}" name="status">${targets.map((status) => html`<option value="${status}">${STATUS_LABELS[status]}</option>`)}</select>
<button class="btn btn-small" type="submit">Mover<span class="visually-hidden"> ${reference}</span></button>
</form>`
}
${TRANSITIONS[item.status].includes('perdido') && html`<a class="lose" href="${leadPath(item.id)}#seguimiento">Marcar como perdido…<span class="visually-hidden"> (${reference})</span></a>`}
${view.noticeLead === item.id && noticeBox(view.notice)}
</li>`;
}

function column(item: BoardColumn, view: BoardView, context: PageContext, back: string): Html {
  const id = `columna-${item.status}`;
  const more = item.total - item.cards.length;
  return html`<section class="board-column status-column-${item.status}" aria-labelledby="${id}">
<h2 id="${id}">${STATUS_LABELS[item.status]} <span class="count">${item.total}</span></h2>
<p class="muted">${item.valueMxn > 0 ? `Valor: ${moneyText(item.valueMxn)}` : 'Sin valor registrado'}</p>
${item.cards.length ? html`<ol class="board-cards">${item.cards.map((entry) => card(entry, view, context, back))}</ol>` : html`<p>Ningún lead en «${STATUS_LABELS[item.status]}».</p>`}
${more > 0 && html`<p><a href="${ADMIN_PATHS.contacts}${listQueryString({ ...view.filter, status: item.status }, 1, 'seguimiento')}">Ver los ${item.total} de «${STATUS_LABELS[item.status]}» en la lista</a></p>`}
</section>`;
}

export function boardPage(context: PageContext, view: BoardView): Html {
  const back = `${ADMIN_PATHS.board}${listQueryString(view.filter)}`;
  const rowNotice =
    view.noticeLead !== undefined &&
    view.columns.some((entry) => entry.cards.some((item) => item.id === view.noticeLead));
  return adminPage(
    context,
    { title: 'Tablero', section: 'board', ...(view.notice && !rowNotice ? { notice: view.notice } : {}) },
    html`<div class="page-head"><div><h1>Tablero</h1><p class="lede">Los leads por estado, primero los del siguiente paso más próximo. Mueve cada uno con su lista «Mover a».</p></div></div>
${dayViews(context.user.id, view.filter, view.counts, 'board')}
<form class="card list-controls" method="get" action="${ADMIN_PATHS.board}" aria-labelledby="tablero-buscar">
<h2 id="tablero-buscar" class="visually-hidden">Buscar en el tablero</h2>
${view.filter.view && html`<input type="hidden" name="vista" value="${view.filter.view}">`}
${view.filter.assignee !== undefined && html`<input type="hidden" name="assignee" value="${String(view.filter.assignee)}">`}
<div class="search-row">
${inputField({ name: 'q', id: 'tablero-q', label: 'Buscar', type: 'search', value: view.filter.text ?? '', maxLength: SEARCH_MAX_LENGTH, hint: 'Nombre, correo, empresa, teléfono o referencia' })}
<div class="actions"><button class="btn btn-primary" type="submit">Buscar</button></div>
</div>
</form>
<div class="board">
${view.columns.map((entry) => column(entry, view, context, back))}
</div>`,
  );
}
