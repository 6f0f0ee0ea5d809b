/** Merging two leads, confirmed on its own page: what each one is, which stays, and what moves. */
import { referenceOf } from '../../lead/model.ts';
import { html, type Html } from '../html.ts';
import type { LeadState } from '../model.ts';
import { leadPath } from '../paths.ts';
import { csrfInput, dateTime, section, statusBadge } from './components.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';

export interface MergeSide {
  id: number;
  name: string;
  email: string;
  company: string | undefined;
  receivedAt: string;
  state: LeadState;
  assigneeName: string | null;
}

export interface MergeView {
  keep: MergeSide;
  drop: MergeSide;
  notice?: Notice;
}

function side(title: string, id: string, lead: MergeSide): Html {
  return section(
    title,
    id,
    html`<dl class="fields">
<div><dt>Referencia</dt><dd><a class="ref" href="${leadPath(lead.id)}">${referenceOf(lead.id)}</a></dd></div>
<div><dt>Nombre</dt><dd><bdi>${lead.name}</bdi></dd></div>
<div><dt>Correo</dt><dd>${lead.email}</dd></div>
<div><dt>Empresa</dt><dd>${lead.company ? html`<bdi>${lead.company}</bdi>` : html`<span class="muted">—</span>`}</dd></div>
<div><dt>Recibido</dt><dd>${dateTime(lead.receivedAt)}</dd></div>
<div><dt>Estado</dt><dd>${statusBadge(lead.state.status)}</dd></div>
<div><dt>Responsable</dt><dd>${lead.assigneeName ?? html`<span class="muted">Sin asignar</span>`}</dd></div>
</dl>`,
  );
}

export function mergePage(context: PageContext, view: MergeView): Html {
  const { keep, drop } = view;
  return adminPage(
    context,
    {
      title: `Unir ${referenceOf(drop.id)} a ${referenceOf(keep.id)}`,
      section: 'contacts',
      ...(view.notice ? { notice: view.notice } : {}),
    },
    html`<p><a href="${leadPath(keep.id)}#duplicados">← Volver a ${referenceOf(keep.id)}</a></p>
<div class="page-head"><div><h1>Unir ${referenceOf(drop.id)} a ${referenceOf(keep.id)}</h1>
<p class="lede">Queda un solo lead, ${referenceOf(keep.id)}, con su estado, responsable y trato. Recibe las notas, el historial, las reuniones y los correos de ${referenceOf(drop.id)}, y lo que envió ${referenceOf(drop.id)} se sigue viendo en su página. ${referenceOf(drop.id)} deja de aparecer en la bandeja y en el tablero.</p></div></div>
<div class="grid grid-2">
${side('Se queda', 'queda', keep)}
${side('Se une y deja de aparecer', 'se-une', drop)}
</div>
<form method="post" action="${leadPath(keep.id)}/merge" class="card">
${csrfInput(context.csrf)}<input type="hidden" name="otro" value="${drop.id}">
<p>La unión queda en el historial de ${referenceOf(keep.id)} y no se puede deshacer desde la bandeja.</p>
<div class="actions"><button class="btn btn-primary" type="submit">Unir ${referenceOf(drop.id)} a ${referenceOf(keep.id)}</button><a class="btn btn-outline" href="${leadPath(keep.id)}#duplicados">Cancelar</a></div>
</form>`,
  );
}
