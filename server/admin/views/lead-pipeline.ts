/**
 * The pipeline's sections of a lead's page: the deal and its next step, contacting the client (call,
 * WhatsApp, an e-mail from a template), the lead's duplicates and the requests merged into it.
 */
import { fieldRows } from '../../lead/fields.ts';
import { LEAD_FALLBACKS, referenceOf } from '../../lead/model.ts';
import type { LeadSettings } from '../../lead/view.ts';
import type { SalesTemplate } from '../../../core/content/sales-emails.ts';
import { DEAL_VALUE_MAX, dueOf, moneyText, NEXT_STEP_MAX_LENGTH, shortDate, type Deal } from '../deal.ts';
import { attr, html, type Html } from '../html.ts';
import type { LeadEvent } from '../model.ts';
import { leadPath } from '../paths.ts';
import type { Duplicate, MergedLead } from '../store/merges.ts';
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
import { kindLabel } from './inbox.ts';

export const EMAIL_SUBJECT_MAX_LENGTH = 200;
export const EMAIL_BODY_MAX_LENGTH = 5000;

/** The e-mail form as shown: a template's text filled in, or what was typed before a refusal. */
export interface EmailDraft {
  templateId: string;
  subject: string;
  body: string;
}

export interface LeadPipelineView {
  deal: Deal;
  /** Mexico City's date (due badges). */
  today: string;
  /** The lead's status: a closed one shows no due badge. */
  status?: string;
  /** `tel:` and WhatsApp links, when the lead left a phone. */
  telHref: string | undefined;
  whatsappHref: string | undefined;
  /** Undefined when the lead has no e-mail to write to. */
  email:
    | {
        to: string;
        senderEmail: string;
        templates: readonly SalesTemplate[];
        draft: EmailDraft;
      }
    | undefined;
  duplicates: readonly Duplicate[];
  /** Which duplicates this person may merge into this lead. */
  canMerge: (duplicate: Duplicate) => boolean;
  merged: readonly MergedLead[];
  lists: LeadSettings['lists'];
  failed?: { form: 'deal' | 'email'; errors: FieldErrors; values: Readonly<Record<string, string>> };
}

function failedOf(view: LeadPipelineView, form: 'deal' | 'email') {
  return view.failed?.form === form ? view.failed : undefined;
}

const DUE_TEXT = { today: 'Vence hoy', overdue: 'Vencido', later: 'Programado', none: '' } as const;

/** Due or overdue, for an open lead only: a won or lost deal has nothing left to chase. */
export function dueBadge(nextStepDate: string | null, today: string, status: string | null | undefined): Html {
  if (status === 'ganado' || status === 'perdido') return html``;
  const due = dueOf(nextStepDate, today);
  if (due === 'none' || due === 'later') return html``;
  return html` <span class="badge due-${due}">${DUE_TEXT[due]}</span>`;
}

function dealForm(leadId: number, view: LeadPipelineView, csrf: string): Html {
  const { deal } = view;
  const failed = failedOf(view, 'deal');
  const errors = failed?.errors ?? {};
  const value = (name: string, current: string) => failed?.values[name] ?? current;
  return html`<form method="post" action="${leadPath(leadId)}/deal">
${csrfInput(csrf)}<input type="hidden" name="version" value="${deal.version}">
${errorSummary(errors)}
<div class="deal-fields">
${inputField({ name: 'value', id: 'trato-valor', label: 'Valor del trato (MXN)', errors, value: value('value', deal.valueMxn === null ? '' : String(deal.valueMxn)), inputMode: 'decimal', maxLength: 20, hint: `En pesos, sin centavos; hasta ${moneyText(DEAL_VALUE_MAX)}.` })}
${inputField({ name: 'closeDate', id: 'trato-cierre', label: 'Cierre esperado', type: 'date', errors, value: value('closeDate', deal.closeDate ?? '') })}
${inputField({ name: 'nextStepDate', id: 'paso-fecha', label: 'Fecha del siguiente paso', type: 'date', errors, value: value('nextStepDate', deal.nextStepDate ?? '') })}
${inputField({ name: 'nextStep', id: 'paso-texto', label: 'Siguiente paso', errors, value: value('nextStep', deal.nextStep ?? ''), maxLength: NEXT_STEP_MAX_LENGTH, hint: 'Qué sigue, en una línea: «Llamar para revisar la propuesta».' })}
</div>
<div class="actions"><button class="btn btn-primary" type="submit">Guardar trato</button></div>
</form>`;
}

export function dealSection(leadId: number, view: LeadPipelineView, csrf: string): Html {
  const { deal, today } = view;
  return section(
    'Trato y siguiente paso',
    'trato',
    html`<dl class="fields">
<div><dt>Valor</dt><dd>${deal.valueMxn === null ? html`<span class="muted">Sin valor</span>` : moneyText(deal.valueMxn)}</dd></div>
<div><dt>Cierre esperado</dt><dd>${deal.closeDate ? shortDate(deal.closeDate) : html`<span class="muted">Sin fecha</span>`}</dd></div>
<div><dt>Siguiente paso</dt><dd>${
      deal.nextStep && deal.nextStepDate
        ? html`${shortDate(deal.nextStepDate)} · ${deal.nextStep}${dueBadge(deal.nextStepDate, today, view.status)}`
        : html`<span class="muted">Sin siguiente paso</span>`
    }</dd></div>
</dl>
${
  deal.nextStep &&
  html`<form method="post" action="${leadPath(leadId)}/step-done" class="actions">${csrfInput(csrf)}<input type="hidden" name="version" value="${deal.version}"><button class="btn btn-outline" type="submit">Marcar el siguiente paso como hecho</button></form>`
}
<hr>
${dealForm(leadId, view, csrf)}`,
  );
}

/** Call and WhatsApp, side by side: on a phone, one tap each. */
export function quickActions(view: Pick<LeadPipelineView, 'telHref' | 'whatsappHref'>, who: string): Html {
  if (!view.telHref && !view.whatsappHref) return html``;
  return html`<p class="quick-actions">${view.telHref && html`<a class="btn btn-outline" href="${view.telHref}" aria-label="Llamar a ${who}">Llamar</a>`}${
    view.whatsappHref &&
    html`<a class="btn btn-outline" href="${view.whatsappHref}" target="_blank" rel="noopener noreferrer">WhatsApp<span class="visually-hidden"> con ${who} (se abre en otra pestaña)</span></a>`
  }</p>`;
}

function emailForms(
  leadId: number,
  email: NonNullable<LeadPipelineView['email']>,
  view: LeadPipelineView,
  csrf: string,
): Html {
  const failed = failedOf(view, 'email');
  const errors = failed?.errors ?? {};
  return html`<form method="get" action="${leadPath(leadId)}#contactar" class="template-picker">
${selectField({ name: 'plantilla', id: 'plantilla', label: 'Plantilla', value: email.draft.templateId, choices: email.templates.map((template) => ({ value: template.id, label: template.name })) })}
<button class="btn btn-outline" type="submit">Usar plantilla</button>
</form>
<form method="post" action="${leadPath(leadId)}/email">
${csrfInput(csrf)}<input type="hidden" name="template" value="${email.draft.templateId}">
${errorSummary(errors)}
<p><span class="label">Para</span><br><span class="recipient">${email.to}</span></p>
${inputField({ name: 'subject', id: 'correo-asunto', label: 'Asunto', errors, required: true, value: email.draft.subject, maxLength: EMAIL_SUBJECT_MAX_LENGTH })}
${textareaField({ name: 'body', id: 'correo-texto', label: 'Mensaje', errors, required: true, value: email.draft.body, maxLength: EMAIL_BODY_MAX_LENGTH, rows: 10, hint: `Sale del correo de la marca; las respuestas llegan a ${email.senderEmail}.` })}
<div class="actions"><button class="btn btn-primary" type="submit">Enviar correo</button></div>
</form>`;
}

export function contactSection(leadId: number, view: LeadPipelineView, csrf: string): Html {
  return section(
    'Escribir al cliente',
    'contactar',
    view.email ? emailForms(leadId, view.email, view, csrf) : html`<p>Este lead no dejó un correo al que escribir.</p>`,
  );
}

export function duplicatesSection(leadId: number, view: LeadPipelineView): Html {
  if (view.duplicates.length === 0) return html``;
  return section(
    'Posibles duplicados',
    'duplicados',
    html`<p>Estos leads tienen el mismo correo o el mismo teléfono que este.</p>
<ul class="duplicates">${view.duplicates.map(
      (
        duplicate,
      ) => html`<li><a class="ref" href="${leadPath(duplicate.id)}">${referenceOf(duplicate.id)} · <bdi>${duplicate.name}</bdi></a>${duplicate.company && html` · <bdi>${duplicate.company}</bdi>`}
<br><span class="muted">Recibido ${dateTime(duplicate.receivedAt)} · mismo ${[duplicate.sameEmail ? 'correo' : '', duplicate.samePhone ? 'teléfono' : ''].filter(Boolean).join(' y ')}</span> ${statusBadge(duplicate.status)}
${view.canMerge(duplicate) && html`<br><a href="${leadPath(leadId)}/merge?otro=${duplicate.id}">Unir ${referenceOf(duplicate.id)} a este lead…</a>`}</li>`,
    )}</ul>`,
  );
}

export function mergedSection(view: LeadPipelineView): Html {
  if (view.merged.length === 0) return html``;
  return section(
    'Solicitudes unidas a este lead',
    'unidas',
    view.merged.map(
      ({ lead, at, userName }) => html`<h3>${referenceOf(lead.id)} · <bdi>${lead.name}</bdi></h3>
<p class="muted">Recibida ${dateTime(lead.receivedAt)} por «${kindLabel(lead.kind)}» desde ${lead.originPage || LEAD_FALLBACKS.unknown}; unida ${dateTime(at)}${userName ? ` por ${userName}` : ''}.</p>
<dl class="fields">${fieldRows(lead, view.lists).map((row) => html`<div><dt>${row.label}</dt><dd${attr('class', row.long ? 'long' : undefined)}>${row.value}</dd></div>`)}</dl>`,
    ),
  );
}

/** How the history reads a pipeline event; undefined for the inbox's own kinds. */
export function pipelineEventText(event: LeadEvent, who: string): Html | undefined {
  const summary = event.toValue ?? '';
  switch (event.kind) {
    case 'email':
      return html`<strong>${who}</strong> envió un correo: «<bdi>${summary}</bdi>».${event.body && html`<div class="note"><bdi>${event.body}</bdi></div>`}`;
    case 'merge':
      return html`<strong>${who}</strong> unió ${summary} a este lead.`;
    case 'deal':
      return html`<strong>${who}</strong> actualizó el trato: ${summary}.`;
    case 'reply':
      // The client's own words, read from the team's mailbox: escaped, isolated, marked as theirs.
      return html`<span class="badge badge-reply">respondió</span> <strong><bdi>${event.fromValue ?? 'El cliente'}</bdi></strong> contestó por correo: «<bdi>${summary}</bdi>».${event.body && html`<div class="note reply"><bdi>${event.body}</bdi></div>`}`;
    case 'next_step':
      if (summary.startsWith('hecho: '))
        return html`<strong>${who}</strong> marcó como hecho el siguiente paso: ${summary.slice('hecho: '.length)}`;
      if (summary === 'quitó el siguiente paso') return html`<strong>${who}</strong> quitó el siguiente paso.`;
      return html`<strong>${who}</strong> fijó el siguiente paso: ${summary}`;
    default:
      return undefined;
  }
}
