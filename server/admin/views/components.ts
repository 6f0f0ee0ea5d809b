/** Small pieces the inbox views share: form fields with their errors, badges, dates, pagination. */
import { formatAppointmentShort, formatShortDateTime } from '../../../core/dates.ts';
import { attr, html, type Html, type HtmlValue } from '../html.ts';
import { STATUS_LABELS, type LeadStatus } from '../lifecycle.ts';

export const CSRF_FIELD = 'csrf';

/** At most `max` characters, an ellipsis when cut (a tab's title has little room). */
export function shorten(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max
    ? text
    : `${characters
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

export function csrfInput(token: string): Html {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

export function statusBadge(status: LeadStatus): Html {
  return html`<span class="badge status-${status}">${STATUS_LABELS[status]}</span>`;
}

/** `24/11/2026 10:05` in Mexico City, inside a <time> with the exact instant. */
export function dateTime(iso: string | null | undefined): Html {
  if (!iso) return html`<span class="muted">—</span>`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return html`<span class="muted">—</span>`;
  return html`<time datetime="${instant.toISOString()}">${formatShortDateTime(instant)}</time>`;
}

/** A booked slot (`YYYY-MM-DDTHH:mm`, Mexico City) as `24/11/2026 10:00`. */
export function slotText(slot: string | null | undefined): string {
  if (!slot) return '';
  try {
    return formatAppointmentShort(slot);
  } catch {
    return slot;
  }
}

export type FieldErrors = Partial<Record<string, string>>;

interface FieldOptions {
  name: string;
  label: string;
  /** Unique on the page; defaults to the name. */
  id?: string;
  hint?: string;
  errors?: FieldErrors;
  required?: boolean;
}

function described(options: FieldOptions): {
  id: string;
  error: string | undefined;
  describedBy: string | undefined;
  parts: Html;
} {
  const id = options.id ?? options.name;
  const error = options.errors?.[options.name];
  const ids = [options.hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean);
  const parts = html`${options.hint && html`<p class="hint" id="${id}-hint">${options.hint}</p>`}${error && html`<p class="field-error" id="${id}-error">${error}</p>`}`;
  return { id, error, describedBy: ids.length ? ids.join(' ') : undefined, parts };
}

export function inputField(
  options: FieldOptions & {
    type?: string;
    value?: string;
    autocomplete?: string;
    maxLength?: number;
    inputMode?: string;
  },
): Html {
  const { id, error, describedBy, parts } = described(options);
  return html`<div class="field"><label for="${id}">${options.label}</label>${parts}<input id="${id}" name="${options.name}" type="${options.type ?? 'text'}"${attr('value', options.value)}${attr('autocomplete', options.autocomplete)}${attr('maxlength', options.maxLength)}${attr('inputmode', options.inputMode)}${attr('required', options.required)}${attr('aria-invalid', error ? 'true' : undefined)}${attr('aria-describedby', describedBy)}></div>`;
}

export function textareaField(options: FieldOptions & { value?: string; maxLength?: number; rows?: number }): Html {
  const { id, error, describedBy, parts } = described(options);
  return html`<div class="field"><label for="${id}">${options.label}</label>${parts}<textarea id="${id}" name="${options.name}" rows="${options.rows ?? 4}"${attr('maxlength', options.maxLength)}${attr('required', options.required)}${attr('aria-invalid', error ? 'true' : undefined)}${attr('aria-describedby', describedBy)}>${options.value ?? ''}</textarea></div>`;
}

export interface Choice {
  value: string;
  label: string;
}

export function selectField(
  options: FieldOptions & { choices: readonly Choice[]; value?: string; placeholder?: string },
): Html {
  const { id, error, describedBy, parts } = described(options);
  return html`<div class="field"><label for="${id}">${options.label}</label>${parts}<select id="${id}" name="${options.name}"${attr('required', options.required)}${attr('aria-invalid', error ? 'true' : undefined)}${attr('aria-describedby', describedBy)}>
${options.placeholder !== undefined && html`<option value="">${options.placeholder}</option>`}
${options.choices.map((choice) => html`<option value="${choice.value}"${attr('selected', choice.value === options.value)}>${choice.label}</option>`)}
</select></div>`;
}

/** A list of errors on top of a form, for people who start reading there. */
export function errorSummary(errors: FieldErrors, title = 'Revisa lo siguiente:'): Html {
  const messages = Object.values(errors).filter((message): message is string => Boolean(message));
  if (messages.length === 0) return html``;
  return html`<div class="notice notice-error" role="alert"><p>${title}</p><ul>${messages.map((message) => html`<li>${message}</li>`)}</ul></div>`;
}

export function section(title: string, id: string, body: HtmlValue): Html {
  return html`<section class="card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
}
