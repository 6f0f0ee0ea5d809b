/**
 * Field builders shared by every form schema, so each rule and each Spanish message exists once.
 * Every builder trims strings and treats an empty (or null) value as absent: a required field then says
 * "Este campo es obligatorio", an optional one is simply left out of the parsed data.
 */
import { z } from 'zod';
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
  return z.string({ error: typeError }).max(max, max === TEXT_MAX ? MESSAGES.maxText : MESSAGES.maxLongText);
}

/** Short text (name, company…): required, at most 255 characters. */
export const requiredText = () => z.preprocess(blankToUndefined, text(TEXT_MAX));
export const optionalText = () => z.preprocess(blankToUndefined, text(TEXT_MAX).optional());

/** Message or textarea: required, at most 5,000 characters. */
export const requiredLongText = () => z.preprocess(blankToUndefined, text(LONG_TEXT_MAX));
export const optionalLongText = () => z.preprocess(blankToUndefined, text(LONG_TEXT_MAX).optional());

function email() {
  return text(TEXT_MAX).pipe(z.email(MESSAGES.email));
}

export const requiredEmail = () => z.preprocess(blankToUndefined, email());

/** Mexican phone; the parsed value is normalised to `+52` and 10 digits. */
function phone() {
  return text(TEXT_MAX).transform((value, context) => {
    const normalized = normalizeMexicanPhone(value);
    if (normalized === undefined) {
      context.issues.push({ code: 'custom', message: MESSAGES.phone, input: value });
      return z.NEVER;
    }
    return normalized;
  });
}

export const requiredPhone = () => z.preprocess(blankToUndefined, phone());
export const optionalPhone = () => z.preprocess(blankToUndefined, phone().optional());

function option<const T extends readonly [string, ...string[]]>(ids: T) {
  return z.enum(ids, { error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.option) });
}

/** A select: the value must be one of the option ids. */
export const requiredOption = <const T extends readonly [string, ...string[]]>(ids: T) =>
  z.preprocess(blankToUndefined, option(ids));
export const optionalOption = <const T extends readonly [string, ...string[]]>(ids: T) =>
  z.preprocess(blankToUndefined, option(ids).optional());

/**
 * Meeting slot `YYYY-MM-DDTHH:mm` (Mexico City wall clock). Only the format and the calendar are checked
 * here; whether the slot is open (weekday, office hours, not booked) is the API's business.
 */
export const optionalAppointment = () =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: MESSAGES.appointment })
      .refine(isAppointment, MESSAGES.appointment)
      .optional(),
  );
