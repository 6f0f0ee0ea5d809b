/**
 * A lead's deal as the team keeps it: its value in Mexican pesos, the expected close date and the next
 * step (a date and a short text). Pure rules: reading the form, the Spanish messages, and what the
 * history says about a change.
 */
import { addDays, parseDate } from '../../core/dates.ts';
import { formatMoney } from '../../core/format.ts';
import { checkText } from './form-text.ts';
import type { FormFields } from './http.ts';

export interface Deal {
  /** Whole pesos. */
  valueMxn: number | null;
  /** `YYYY-MM-DD`. */
  closeDate: string | null;
  nextStepDate: string | null;
  nextStep: string | null;
  /** Last time anyone did anything with the lead (ISO), or null. */
  activityAt: string | null;
  /** Bumped by every change of the deal, like the lead state's version. */
  version: number;
}

export const EMPTY_DEAL: Deal = {
  valueMxn: null,
  closeDate: null,
  nextStepDate: null,
  nextStep: null,
  activityAt: null,
  version: 0,
};

/** Below a billion pesos: any deal this agency closes, and safe in every engine's integer. */
export const DEAL_VALUE_MAX = 999_999_999;
export const NEXT_STEP_MAX_LENGTH = 200;
/** A date further than this from today is a typo (a year of 2062 for 2026). */
const DATE_RANGE_DAYS = 5 * 366;

export type DealFieldName = 'value' | 'closeDate' | 'nextStepDate' | 'nextStep';

export type DealChange = Pick<Deal, 'valueMxn' | 'closeDate' | 'nextStepDate' | 'nextStep'>;

export type DealCheck =
  { ok: true; change: DealChange } | { ok: false; errors: Partial<Record<DealFieldName, string>> };

/** "$150,000", "150 000 MXN", "150000.50": whole pesos, or a message. */
export function parsePesos(raw: string): { ok: true; value: number | null } | { ok: false; message: string } {
  const compact = raw.replace(/\s+|\$|,|mxn|pesos/gi, '');
  if (compact === '') return { ok: true, value: null };
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(compact))
    return { ok: false, message: 'Escribe el valor en pesos, solo con números (por ejemplo 150000 o 150,000).' };
  const value = Math.round(Number(compact));
  if (value > DEAL_VALUE_MAX)
    return { ok: false, message: `El valor puede ser como máximo ${formatMoney(DEAL_VALUE_MAX, 'MXN')}.` };
  return { ok: true, value };
}

function checkDate(
  raw: string,
  today: string,
  label: string,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const value = raw.trim();
  if (value === '') return { ok: true, value: null };
  if (!parseDate(value)) return { ok: false, message: `La fecha de ${label} no es válida (usa AAAA-MM-DD).` };
  if (value < addDays(today, -DATE_RANGE_DAYS) || value > addDays(today, DATE_RANGE_DAYS))
    return { ok: false, message: `La fecha de ${label} está a más de cinco años de hoy: revísala.` };
  return { ok: true, value };
}

/** The deal form's values, checked; `today` is Mexico City's date (bounds the dates). */
export function checkDeal(form: FormFields, today: string): DealCheck {
  const errors: Partial<Record<DealFieldName, string>> = {};
  const value = parsePesos(form.get('value') ?? '');
  if (!value.ok) errors.value = value.message;
  const close = checkDate(form.get('closeDate') ?? '', today, 'cierre');
  if (!close.ok) errors.closeDate = close.message;
  const date = checkDate(form.get('nextStepDate') ?? '', today, 'siguiente paso');
  if (!date.ok) errors.nextStepDate = date.message;
  const text = checkText(form.get('nextStep'), { max: NEXT_STEP_MAX_LENGTH, oneLine: true });
  if (!text.ok) errors.nextStep = text.message;
  if (text.ok && date.ok) {
    if (text.value && !date.value) errors.nextStepDate = 'Elige la fecha del siguiente paso.';
    if (date.value && !text.value)
      errors.nextStep = 'Escribe cuál es el siguiente paso (por ejemplo «Llamar para revisar la propuesta»).';
  }
  if (!value.ok || !close.ok || !date.ok || !text.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    change: { valueMxn: value.value, closeDate: close.value, nextStepDate: date.value, nextStep: text.value || null },
  };
}

/** `24/11/2026` for a calendar date (the inbox's short dates). */
export function shortDate(date: string | null | undefined): string {
  const parsed = date ? parseDate(date) : undefined;
  if (!parsed) return '';
  return `${String(parsed.day).padStart(2, '0')}/${String(parsed.month).padStart(2, '0')}/${parsed.year}`;
}

export const moneyText = (value: number | null): string => (value === null ? '' : formatMoney(value, 'MXN'));

/** What the history says about a change of value or close date; undefined when neither changed. */
export function dealSummary(before: DealChange, after: DealChange): string | undefined {
  const parts: string[] = [];
  if (before.valueMxn !== after.valueMxn)
    parts.push(after.valueMxn === null ? 'quitó el valor' : `valor ${moneyText(after.valueMxn)}`);
  if (before.closeDate !== after.closeDate)
    parts.push(
      after.closeDate === null ? 'quitó el cierre esperado' : `cierre esperado el ${shortDate(after.closeDate)}`,
    );
  return parts.length ? parts.join('; ') : undefined;
}

/** What the history says about a new next step; undefined when it did not change. */
export function nextStepSummary(before: DealChange, after: DealChange): string | undefined {
  if (before.nextStepDate === after.nextStepDate && before.nextStep === after.nextStep) return undefined;
  if (!after.nextStepDate || !after.nextStep) return 'quitó el siguiente paso';
  return `${shortDate(after.nextStepDate)}: ${after.nextStep}`;
}

/** A next step is due today, overdue, or later (or there is none). */
export type Due = 'today' | 'overdue' | 'later' | 'none';

export function dueOf(nextStepDate: string | null, today: string): Due {
  if (!nextStepDate) return 'none';
  if (nextStepDate === today) return 'today';
  return nextStepDate < today ? 'overdue' : 'later';
}
