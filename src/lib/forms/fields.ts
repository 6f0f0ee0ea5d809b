/**
 * Field builders shared by every form schema, so each rule and each Spanish message exists once.
 * Every builder trims strings and treats an empty (or null) value as absent: a required field then says
 * "Este campo es obligatorio", an optional one is simply left out of the parsed data.
 * Built with zod/mini (the same zod 4 engine, tree-shakable functions instead of methods): the form
 * islands ship these schemas to the browser, where the classic API would cost ~20 KB gzip more.
 */
import { z } from 'zod/mini';
import { isAppointment } from '../datetime.ts';
import { normalizeMexicanPhone } from './phone.ts';

export const TEXT_MAX = 255;
export const LONG_TEXT_MAX = 5000;

export const MESSAGES = {
  required: 'Este campo es obligatorio',
  notText: 'Este campo debe ser texto',
  email: 'El correo electrónico no es válido',
  phone: 'Ingresa un teléfono de 10 dígitos (puedes anteponer +52)',
  option: 'Selecciona una opción de la lista',
  appointment: 'La fecha de la reunión no es válida (formato AAAA-MM-DDTHH:mm)',
  maxText: `Máximo ${TEXT_MAX} caracteres`,
  maxLongText: `Máximo ${LONG_TEXT_MAX.toLocaleString('es-MX')} caracteres`,
} as const;

/** Trimmed string, or `undefined` for '', whitespace and null; any other value passes through unchanged. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
}

const typeError = (issue: { input?: unknown }): string =>
  issue.input === undefined ? MESSAGES.required : MESSAGES.notText;

function text(max: number) {
  return z.string({ error: typeError }).check(z.maxLength(max, max === TEXT_MAX ? MESSAGES.maxText : MESSAGES.maxLongText));
}

/** `schema` applied to the trimmed value, with '' and null as absent (classic zod's `z.preprocess`). */
function blankAsAbsent<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(z.transform(blankToUndefined), schema);
}

/** Short text (name, company…): required, at most 255 characters. */
export const requiredText = () => blankAsAbsent(text(TEXT_MAX));
export const optionalText = () => blankAsAbsent(z.optional(text(TEXT_MAX)));

/** Message or textarea: required, at most 5,000 characters. */
export const requiredLongText = () => blankAsAbsent(text(LONG_TEXT_MAX));

function email() {
  return z.pipe(text(TEXT_MAX), z.email(MESSAGES.email));
}

export const requiredEmail = () => blankAsAbsent(email());

/** Mexican phone; the parsed value is normalised to `+52` and 10 digits. */
function phone() {
  return z.pipe(
    text(TEXT_MAX),
    z.transform((value: string, context) => {
      const normalized = normalizeMexicanPhone(value);
      if (normalized === undefined) {
        context.issues.push({ code: 'custom', message: MESSAGES.phone, input: value });
        return z.NEVER;
      }
      return normalized;
    }),
  );
}

export const requiredPhone = () => blankAsAbsent(phone());
export const optionalPhone = () => blankAsAbsent(z.optional(phone()));

function option<const T extends readonly [string, ...string[]]>(ids: T) {
  return z.enum(ids, { error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.option) });
}

/** A select: the value must be one of the option ids. */
export const requiredOption = <const T extends readonly [string, ...string[]]>(ids: T) => blankAsAbsent(option(ids));
export const optionalOption = <const T extends readonly [string, ...string[]]>(ids: T) =>
  blankAsAbsent(z.optional(option(ids)));

/**
 * Meeting slot `YYYY-MM-DDTHH:mm` (Mexico City wall clock). Only the format and the calendar are checked
 * here; whether the slot is open (weekday, office hours, not booked) is the API's business.
 */
export const optionalAppointment = () =>
  blankAsAbsent(z.optional(z.string({ error: MESSAGES.appointment }).check(z.refine(isAppointment, MESSAGES.appointment))));
