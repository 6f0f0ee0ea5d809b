/**
 * One lead: how to reach the person, the team's actions (status, assignee, notes), everything the
 * visitor sent, the analysis the internal e-mail carries, the two e-mails' delivery and the history.
 */
import { formatAppointmentLong } from '../../../core/dates.ts';
import { formatMoney } from '../../../core/format.ts';
import type { StoredLead } from '../../lead/store.ts';
import { LEAD_SCORE_DEFAULT } from '../../lead/analysis.ts';
import { googleCalendarLink } from '../../lead/calendar.ts';
import { consultantLabel } from '../../lead/consultants.ts';
import { LEAD_FALLBACKS, referenceOf } from '../../lead/model.ts';
import { leadLanguageName } from '../../lead/language.ts';
import { dialable, spreadsheetPhone } from '../../lead/phone.ts';
import type { LeadView } from '../../lead/view.ts';
import { shortDate } from '../deal.ts';
import { attr, html, type Html } from '../html.ts';
import {
  LOST_DETAIL_MAX_LENGTH,
  LOST_DETAIL_HINT,
  LOST_REASON_CHOICES,
  lostReasonText,
  STATUS_LABELS,
  TRANSITIONS,
  isLeadStatus,
} from '../lifecycle.ts';
import type { AdminUser, EmailDelivery, LeadEvent, LeadState } from '../model.ts';
import { ADMIN_PATHS, leadPath } from '../paths.ts';
import {
  csrfInput,
  dateTime,
  errorSummary,
  inputField,
  section,
  selectField,
  statusBadge,
  textareaField,
  type FieldErrors,
} from './components.ts';
import { originCard } from './attribution.ts';
import { kindLabel, UNASSIGNED_LABEL, UNSCORED_LABEL } from './inbox.ts';
import { adminPage, type Notice, type PageContext } from './layout.ts';
import {
  contactSection,
  dealSection,
  duplicatesSection,
  mergedSection,
  pipelineEventText,
  quickActions,
  type LeadPipelineView,
} from './lead-pipeline.ts';

export const NOTE_MAX_LENGTH = 5000;

/** Which of the lead's forms a failed POST came from, to show its errors and keep what was typed. */
export type LeadFormName = 'status' | 'assignee' | 'note';

export interface LeadPageView {
  lead: StoredLead;
  /** Whether the client's e-mail replies reach this history (the team's mailbox is read over IMAP). */
  repliesRead?: boolean;
  /** What the e-mails say of the lead: its fields, meeting, consultant and analysis. */
  prepared: LeadView;
  /** Its author refused scoring: no score, priority or revenue estimate is shown. */
  unscored?: boolean;
  state: LeadState;
  assignee: AdminUser | undefined;
  /** Who a lead belongs to until someone is assigned (`asignado_a` of the e-mails). */
  defaultAssignee: string;
  /** Active accounts, for the assignee list. */
  users: readonly AdminUser[];
  events: readonly LeadEvent[];
  emails: readonly EmailDelivery[];
  notice?: Notice;
  /** The section whose heading the notice goes under (where the action's redirect scrolled to). */
  noticeAt?: string;
  failed?: { form: LeadFormName; errors: FieldErrors; values: Readonly<Record<string, string>> };
  /** Who last changed the lead's e-mail address, and when (a rectification). */
  emailChange?: { by: string | null; at: string } | undefined;
  /** The personal-data card (consent, rectification), rendered by ./privacy.ts. */
  privacy?: Html;
  /** The booked meeting's card and its changes for the history (server/admin/views/lead-meeting.ts). */
  meeting?: { card: Html; history: ReadonlyArray<{ at: string; body: Html }> };
  /** The deal, contact, duplicates and merged requests (server/admin/views/lead-pipeline.ts). */
  pipeline?: LeadPipelineView;
}

/** The phone as the exported list writes it, never broken across lines, linked when it can be dialled. */
function phoneText(phone: string): Html {
  const tel = dialable(phone);
  const shown = spreadsheetPhone(phone).replaceAll(' ', '\u00A0');
  return tel ? html`<a href="tel:${tel}">${shown}</a>` : html`<bdi>${shown}</bdi>`;
}

function contactCard(view: LeadPageView): Html {
  const { lead, prepared } = view;
  const { meeting, consultant } = prepared;
  return section(
    'Contacto',
    'contacto',
    html`<dl class="fields">
<div><dt>Nombre</dt><dd><bdi>${lead.name}</bdi></dd></div>
<div><dt>Correo</dt><dd><a href="mailto:${lead.email}">${lead.email}</a>${view.emailChange && html`<br><span class="muted">Cambiado por <bdi>${view.emailChange.by ?? 'una cuenta eliminada'}</bdi>, ${dateTime(view.emailChange.at)}</span>`}</dd></div>
${lead.phone && html`<div><dt>Teléfono</dt><dd>${phoneText(lead.phone)}</dd></div>`}
<div><dt>Empresa</dt><dd>${lead.company ? html`<bdi>${lead.company}</bdi>` : LEAD_FALLBACKS.notSpecified}</dd></div>
<div><dt>Reunión</dt><dd>${
      meeting
        ? html`${formatAppointmentLong(meeting.slot)} (hora de la Ciudad de México)<br><a href="${googleCalendarLink(meeting)}" target="_blank" rel="noopener noreferrer">Agregar a Google Calendar<span class="visually-hidden"> (se abre en otra pestaña)</span></a>`
        : 'Sin reunión agendada'
    }</dd></div>
${meeting && html`<div><dt>Consultor de la reunión</dt><dd>${consultant.name}, ${consultant.role}</dd></div>`}
</dl>
${view.pipeline && quickActions(view.pipeline, lead.name)}`,
  );
}

function failedValue(view: LeadPageView, form: LeadFormName, name: string): string | undefined {
  return view.failed?.form === form ? view.failed.values[name] : undefined;
}

function errorsOf(view: LeadPageView, form: LeadFormName): FieldErrors {
  return view.failed?.form === form ? view.failed.errors : {};
}

function statusForm(view: LeadPageView, csrf: string): Html {
  const { state, lead } = view;
  const errors = errorsOf(view, 'status');
  const next = TRANSITIONS[state.status];
  const chosen = failedValue(view, 'status', 'status');
  return html`<form method="post" action="${leadPath(lead.id)}/status">
${csrfInput(csrf)}<input type="hidden" name="version" value="${state.version}">
${errorSummary(errors)}
<p>Estado actual: ${statusBadge(state.status)}</p>
${state.status === 'perdido' && state.lostReason && html`<p>Motivo: ${lostReasonText(state.lostReason, state.lostDetail ?? undefined)}</p>`}
${selectField({
  name: 'status',
  id: 'nuevo-estado',
  label: 'Cambiar a',
  errors,
  required: true,
  placeholder: 'Elige el nuevo estado',
  value: chosen && isLeadStatus(chosen) ? chosen : '',
  choices: next.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
})}
${
  next.includes('ganado') &&
  html`<fieldset><legend>Si lo marcas como ganado</legend>
${inputField({ name: 'value', id: 'ganado-valor', label: 'Valor con el que se ganó (MXN)', errors, value: failedValue(view, 'status', 'value') ?? '', inputMode: 'decimal', maxLength: 20, hint: 'Obligatorio si el trato aún no tiene valor; en pesos, sin centavos.' })}
</fieldset>`
}
${
  next.includes('perdido') &&
  html`<fieldset><legend>Si lo marcas como perdido</legend>
${selectField({
  name: 'reason',
  id: 'motivo',
  label: 'Motivo',
  errors,
  placeholder: 'Elige el motivo',
  value: failedValue(view, 'status', 'reason') ?? '',
  choices: LOST_REASON_CHOICES,
})}
${inputField({ name: 'detail', id: 'detalle', label: 'Detalle', errors, value: failedValue(view, 'status', 'detail') ?? '', maxLength: LOST_DETAIL_MAX_LENGTH, hint: LOST_DETAIL_HINT })}
</fieldset>`
}
<div class="actions"><button class="btn btn-primary" type="submit">Cambiar estado</button></div>
</form>`;
}

function assigneeForm(view: LeadPageView, csrf: string): Html {
  const errors = errorsOf(view, 'assignee');
  const current = view.state.assigneeId === null ? 'none' : String(view.state.assigneeId);
  const choices = [
    { value: 'none', label: UNASSIGNED_LABEL },
    ...view.users.map((user) => ({ value: String(user.id), label: user.name })),
  ];
  // A disabled account stays visible as the current assignee until someone reassigns the lead.
  if (view.assignee && !view.users.some((user) => user.id === view.assignee?.id)) {
    choices.push({ value: String(view.assignee.id), label: `${view.assignee.name} (cuenta desactivada)` });
  }
  return html`<form method="post" action="${leadPath(view.lead.id)}/assignee">
${csrfInput(csrf)}<input type="hidden" name="version" value="${view.state.version}">
${selectField({ name: 'assignee', id: 'responsable', label: 'Responsable', errors, value: failedValue(view, 'assignee', 'assignee') ?? current, choices })}
<div class="actions"><button class="btn btn-outline" type="submit">Asignar</button></div>
</form>`;
}

function noteForm(view: LeadPageView, csrf: string): Html {
  const errors = errorsOf(view, 'note');
  return html`<form method="post" action="${leadPath(view.lead.id)}/notes">
${csrfInput(csrf)}
${textareaField({ name: 'note', id: 'nota', label: 'Nota', errors, required: true, maxLength: NOTE_MAX_LENGTH, value: failedValue(view, 'note', 'note') ?? '', hint: 'Lo que hablaste, lo que acordaron, el siguiente paso.' })}
<div class="actions"><button class="btn btn-outline" type="submit">Agregar nota</button></div>
</form>`;
}

function submitted(view: LeadPageView): Html {
  const { prepared, lead } = view;
  return section(
    'Lo que envió',
    'enviado',
    html`<dl class="fields">
${prepared.rows.map((row) => html`<div><dt>${row.label}</dt><dd${attr('class', row.long ? 'long' : undefined)}><bdi>${row.value}</bdi></dd></div>`)}
<div><dt>Formulario</dt><dd>${kindLabel(lead.kind)}</dd></div>
<div><dt>Página de origen</dt><dd>${lead.originPage || LEAD_FALLBACKS.unknown}</dd></div>
<div><dt>Idioma</dt><dd>${leadLanguageName(lead.language)}</dd></div>
<div><dt>Recibido</dt><dd>${dateTime(lead.receivedAt)} (hora de la Ciudad de México)</dd></div>
</dl>`,
  );
}

function analysisCard(view: LeadPageView): Html {
  const { analysis, consultant, folder } = view.prepared;
  return section(
    'Análisis preliminar',
    'analisis',
    html`<dl class="fields">
${
  view.unscored
    ? html`<div><dt>Puntuación</dt><dd class="muted">${UNSCORED_LABEL}</dd></div>`
    : html`<div><dt>Puntuación</dt><dd><strong>${analysis.score}</strong> de 100</dd></div>
<div><dt>Prioridad</dt><dd class="priority-${analysis.priority}">${analysis.priority}</dd></div>
<div><dt>Estimación de ingresos</dt><dd>${analysis.revenue ? formatMoney(analysis.revenue.amount, analysis.revenue.currency) : LEAD_FALLBACKS.notAvailable}</dd></div>`
}
<div><dt>Consultor recomendado</dt><dd>${consultantLabel(consultant)}</dd></div>
<div><dt>Asignado a</dt><dd>${view.assignee?.name ?? view.defaultAssignee}</dd></div>
<div><dt>Expediente</dt><dd>${folder}</dd></div>
</dl>
<h3>Por qué esta puntuación</h3>
${
  analysis.reasons.length
    ? html`<table><caption class="visually-hidden">Reglas que aplicaron a la puntuación</caption><thead><tr><th scope="col">Regla</th><th scope="col" class="num">Puntos</th></tr></thead><tbody>
<tr><td>Punto de partida</td><td class="num">${LEAD_SCORE_DEFAULT}</td></tr>
${analysis.reasons.map((reason) => html`<tr><td>${reason.description}</td><td class="num">${reason.points > 0 ? `+${reason.points}` : reason.points}</td></tr>`)}
</tbody></table>`
    : html`<p>Ninguna regla aplicó: se queda en el punto de partida, ${LEAD_SCORE_DEFAULT}.</p>`
}
<h3>Siguiente paso sugerido</h3>
<p>${analysis.recommendation}</p>`,
  );
}

const AUDIENCES: Readonly<Record<EmailDelivery['audience'], string>> = {
  client: 'Confirmación al cliente',
  internal: 'Aviso al equipo de ventas',
  account: 'Enlace para entrar a la bandeja',
};

function deliveryText(email: EmailDelivery): Html {
  if (email.status === 'sent') return html`<span class="badge status-ganado">Enviado</span> ${dateTime(email.sentAt)}`;
  if (email.status === 'failed') {
    return html`<span class="badge status-perdido">No se envió</span> tras ${email.attempts} ${email.attempts === 1 ? 'intento' : 'intentos'}${email.lastError && html`<br><span class="muted">${email.lastError}</span>`}`;
  }
  if (email.attempts === 0) return html`<span class="badge status-nuevo">En cola</span>`;
  return html`<span class="badge status-propuesta">Reintentando</span> ${email.attempts} ${email.attempts === 1 ? 'intento' : 'intentos'}; el siguiente ${dateTime(email.nextAttemptAt)}${email.lastError && html`<br><span class="muted">${email.lastError}</span>`}`;
}

function emailsCard(view: LeadPageView): Html {
  return section(
    'Correos',
    'correos',
    view.emails.length
      ? html`<div class="table-wrap"><table class="stack"><caption class="visually-hidden">Los correos de este lead</caption>
<thead><tr><th scope="col">Correo</th><th scope="col">Para</th><th scope="col">Asunto</th><th scope="col">Entrega</th></tr></thead>
<tbody>${view.emails.map(
          (email) =>
            html`<tr><th scope="row" data-label="Correo">${email.sentBy === undefined || email.sentBy === null ? AUDIENCES[email.audience] : `Correo de ${email.sentBy || 'una cuenta eliminada'}`}</th><td data-label="Para" class="recipient">${email.recipient}</td><td data-label="Asunto">${email.subject}</td><td data-label="Entrega">${deliveryText(email)}</td></tr>`,
        )}</tbody></table></div>`
      : html`<p>No hay correos registrados para este lead.</p>`,
  );
}

function eventText(event: LeadEvent): Html {
  const who = event.userName ?? 'Una cuenta eliminada';
  const pipeline = pipelineEventText(event, who);
  if (pipeline) return pipeline;
  if (event.kind === 'status') {
    const from = isLeadStatus(event.fromValue) ? STATUS_LABELS[event.fromValue] : event.fromValue;
    const to = isLeadStatus(event.toValue) ? STATUS_LABELS[event.toValue] : event.toValue;
    return html`<strong>${who}</strong> cambió el estado de «${from}» a «${to}».${event.body && html`<div class="note">Motivo: <bdi>${event.body}</bdi></div>`}`;
  }
  if (event.kind === 'assignee' && (event.body === 'turn' || event.body === 'consultant')) {
    // Assigned on arrival: the event's author is the assignee and its body says why.
    const why =
      event.body === 'turn' ? 'por turno entre las cuentas de ventas' : 'como consultor de ese tipo de proyecto';
    return html`Al llegar quedó a cargo de <strong><bdi>${event.toValue}</bdi></strong>, ${why}.`;
  }
  if (event.kind === 'assignee') {
    return event.toValue
      ? html`<strong>${who}</strong> asignó el lead a ${event.toValue}.`
      : html`<strong>${who}</strong> dejó el lead sin asignar (${UNASSIGNED_LABEL}).`;
  }
  return html`<strong>${who}</strong> agregó una nota:<div class="note"><bdi>${event.body}</bdi></div>`;
}

function historyCard(view: LeadPageView): Html {
  return section(
    'Historial',
    'historial',
    html`<ol class="timeline" reversed>
${[
  ...view.events.map((event) => ({ at: event.at, body: html`${dateTime(event.at)}${eventText(event)}` })),
  ...(view.meeting?.history ?? []),
]
  .sort((a, b) => b.at.localeCompare(a.at))
  .map((entry) => html`<li>${entry.body}</li>`)}
<li>${dateTime(view.lead.receivedAt)}Llegó por el formulario «${kindLabel(view.lead.kind)}» desde ${view.lead.originPage || LEAD_FALLBACKS.unknown}.</li>
</ol>${
      view.repliesRead
        ? html``
        : html`<p class="hint">Las respuestas del cliente por correo no aparecen aquí: el servidor no lee el buzón de ventas. Para verlas, configura <code>IMAP_URL</code> (el buzón al que responden los clientes; ver el README).</p>`
    }`,
  );
}

/**
 * The next thing to do, under the name: on a phone the first screen holds who wrote, how to reach them
 * (the contact card), what they asked and this line; the forms to change it follow further down.
 */
/** Longest part of the client's message repeated under the title; the whole of it is in «Lo que envió». */
const ASKED_EXCERPT = 240;

/** What the client asked, in their words (the form's first long text), shortened, under the title. */
function askedLine(view: LeadPageView): Html {
  const asked = view.prepared.rows.find((row) => row.long && row.value.trim() !== '');
  if (!asked) return html``;
  const characters = Array.from(asked.value.replace(/\s+/g, ' ').trim());
  const excerpt =
    characters.length > ASKED_EXCERPT ? `${characters.slice(0, ASKED_EXCERPT).join('')}…` : characters.join('');
  return html`<p class="asked"><span class="visually-hidden">${asked.label}: </span>«<bdi>${excerpt}</bdi>» <a href="#enviado">Ver lo que envió</a></p>`;
}

function nextActionLine(view: LeadPageView): Html {
  const deal = view.pipeline?.deal;
  const closed = view.state.status === 'ganado' || view.state.status === 'perdido';
  if (!deal || closed) return html``;
  return html`<p class="next-action"><strong>Siguiente paso:</strong> ${
    deal.nextStep && deal.nextStepDate
      ? html`${shortDate(deal.nextStepDate)} · <bdi>${deal.nextStep}</bdi>`
      : html`<span class="muted">ninguno todavía</span>`
  } · <a href="#trato">Cambiarlo</a></p>`;
}

export function leadPage(context: PageContext, view: LeadPageView): Html {
  const reference = referenceOf(view.lead.id);
  return adminPage(
    context,
    // The reference alone: a tab's title ends up in the browser's history, the name stays on the page.
    {
      title: reference,
      section: 'contacts',
      ...(view.notice ? { notice: view.notice } : {}),
      ...(view.noticeAt ? { noticeAt: view.noticeAt } : {}),
    },
    html`<p><a href="${ADMIN_PATHS.contacts}">← Volver a la bandeja</a></p>
<div class="page-head"><div><h1>${reference} · <bdi>${view.lead.name}</bdi></h1>
<p class="lede">${kindLabel(view.lead.kind)} · recibido ${dateTime(view.lead.receivedAt)} · ${statusBadge(view.state.status)} · puntuación ${view.prepared.analysis.score}, prioridad ${view.prepared.analysis.priority}</p></div></div>
${askedLine(view)}
${nextActionLine(view)}
<div class="grid grid-lead">
<div>
${contactCard(view)}
${submitted(view)}
${view.meeting?.card}
${section('Seguimiento', 'seguimiento', html`${statusForm(view, context.csrf)}<hr>${assigneeForm(view, context.csrf)}`)}
${view.pipeline && dealSection(view.lead.id, view.pipeline, context.csrf)}
${view.pipeline && contactSection(view.lead.id, view.pipeline, context.csrf)}
${section('Agregar una nota', 'notas', noteForm(view, context.csrf))}
${view.privacy ?? html``}
</div>
<div>
${view.pipeline && duplicatesSection(view.lead.id, view.pipeline)}
${originCard(view.lead)}
${view.pipeline && mergedSection(view.pipeline)}
${analysisCard(view)}
${emailsCard(view)}
${historyCard(view)}
</div>
</div>`,
  );
}
