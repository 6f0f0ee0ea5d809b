/**
 * Field builders shared by every form schema, so each rule and each Spanish message exists once.
 * Every builder trims strings and treats an empty (or null) value as absent: a required field then says
 * "Este campo es obligatorio", an optional one is simply left out of the parsed data.
 * Built with zod/mini (the same zod 4 engine, tree-shakable functions instead of methods): the form
 * islands ship these schemas to the browser, where the classic API would cost ~20 KB gzip more.
 */
import { z } from 'zod/mini';
import { isAppointment } from '../dates.ts';
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
  oneLine: 'Escribe este dato en una sola línea, sin saltos de línea ni caracteres de control',
  controlCharacters: 'El texto tiene caracteres de control que no se pueden guardar; bórralos y vuelve a escribirlo',
  maxLongText: `Máximo ${LONG_TEXT_MAX.toLocaleString('es-MX')} caracteres`,
  invisible:
    'El texto tiene caracteres invisibles (de dirección del texto, de ancho cero o guiones ocultos), casi siempre pegados de otra aplicación; bórralos y vuelve a escribirlo',
  brokenCharacter:
    'El texto tiene un carácter incompleto (por ejemplo, un emoji cortado) que no se puede guardar; bórralo y vuelve a escribirlo',
  serviceType: 'Selecciona un tipo de servicio de la lista',
} as const;

export type MessageKey = keyof typeof MESSAGES;
/** Every message a form field may answer with, in one language. */
export type FieldMessages = Readonly<Record<MessageKey, string>>;

/** The phone as stored (`+52…`, `+1…`), or `undefined` when the value is not a phone this rule accepts. */
export type PhoneRule = (value: string) => string | undefined;

/**
 * The language-dependent part of the field builders: the words of each message and the phone rule (a
 * Spanish-language visitor types Mexican numbers; an English-language one, US or international ones).
 */
export interface FieldRules {
  messages: FieldMessages;
  phone: PhoneRule;
}

/**
 * The Spanish messages and the Mexican phone rule: what the inbox, the privacy requests and the meeting
 * calls validate with. The lead forms take theirs from the language's catalogue (core/forms/copy.ts).
 */
export const DEFAULT_RULES: FieldRules = { messages: MESSAGES, phone: normalizeMexicanPhone };

/** Trimmed string, or `undefined` for '', whitespace and null; any other value passes through unchanged. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  return value;
}

const typeError =
  (messages: FieldMessages) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? messages.required : messages.notText;

/**
 * Line breaks in a name or a company would become extra header or body lines wherever the value is printed
 * (an e-mail, a CSV); control characters have no business in any field.
 */
// eslint-disable-next-line no-control-regex -- these are exactly the characters refused.
export const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- a textarea keeps tabs and line breaks, nothing else below U+0020.
export const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Invisible formatting characters: bidirectional controls (an unclosed U+202E turns the rest of a line in the
 * inbox or an e-mail backwards), zero-width characters and soft hyphens ("Ál\u200Bvaro" looks like Álvaro
 * and is never found by a search). Refused in one-line fields (names, companies, e-mails), as in UTM values.
 */
export const INVISIBLE_FORMATTING = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

/**
 * Half of a UTF-16 surrogate pair without the other half (`"\ud800"` in JSON, or an emoji cut in two):
 * no character at all. PostgreSQL refuses to store it and SQLite would store U+FFFD instead, so it is
 * refused here, the same on both engines, before it reaches either.
 */
export function hasLoneSurrogate(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const unit = value.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = value.charCodeAt(index + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    index += 1;
  }
  return false;
}

function text(max: number, messages: FieldMessages) {
  const oneLine = max === TEXT_MAX;
  // NUL, which PostgreSQL cannot store either, is among the control characters both rules refuse.
  return z.string({ error: typeError(messages) }).check(
    z.maxLength(max, oneLine ? messages.maxText : messages.maxLongText),
    oneLine
      ? z.refine((value: string) => !LINE_BREAK_OR_CONTROL.test(value), messages.oneLine)
      : z.refine((value: string) => !CONTROL_EXCEPT_LINES.test(value), messages.controlCharacters),
    z.refine((value: string) => !oneLine || !INVISIBLE_FORMATTING.test(value), messages.invisible),
    z.refine((value: string) => !hasLoneSurrogate(value), messages.brokenCharacter),
  );
}

/** `schema` applied to the trimmed value, with '' and null as absent (classic zod's `z.preprocess`). */
function blankAsAbsent<T extends z.core.$ZodType>(schema: T) {
  return z.pipe(z.transform(blankToUndefined), schema);
}

/** Short text (name, company…): required, at most 255 characters. */
export const requiredText = (rules: FieldRules = DEFAULT_RULES) => blankAsAbsent(text(TEXT_MAX, rules.messages));
export const optionalText = (rules: FieldRules = DEFAULT_RULES) =>
  blankAsAbsent(z.optional(text(TEXT_MAX, rules.messages)));

/** Message or textarea: required, at most 5,000 characters. */
export const requiredLongText = (rules: FieldRules = DEFAULT_RULES) =>
  blankAsAbsent(text(LONG_TEXT_MAX, rules.messages));

function email(messages: FieldMessages) {
  return z.pipe(text(TEXT_MAX, messages), z.email(messages.email));
}

export const requiredEmail = (rules: FieldRules = DEFAULT_RULES) => blankAsAbsent(email(rules.messages));

/** A phone by the rules' phone rule; the parsed value is the normalised number (`+52…`, `+1…`). */
function phone(rules: FieldRules) {
  return z.pipe(
    text(TEXT_MAX, rules.messages),
    z.transform((value: string, context) => {
      const normalized = rules.phone(value);
      if (normalized === undefined) {
        context.issues.push({ code: 'custom', message: rules.messages.phone, input: value });
        return z.NEVER;
      }
      return normalized;
    }),
  );
}

export const requiredPhone = (rules: FieldRules = DEFAULT_RULES) => blankAsAbsent(phone(rules));
export const optionalPhone = (rules: FieldRules = DEFAULT_RULES) => blankAsAbsent(z.optional(phone(rules)));

function option<const T extends readonly [string, ...string[]]>(ids: T, messages: FieldMessages) {
  return z.enum(ids, { error: (issue) => (issue.input === undefined ? messages.required : messages.option) });
}

/** A select: the value must be one of the option ids. */
export const requiredOption = <const T extends readonly [string, ...string[]]>(
  ids: T,
  rules: FieldRules = DEFAULT_RULES,
) => blankAsAbsent(option(ids, rules.messages));
export const optionalOption = <const T extends readonly [string, ...string[]]>(
  ids: T,
  rules: FieldRules = DEFAULT_RULES,
) => blankAsAbsent(z.optional(option(ids, rules.messages)));

/**
 * Meeting slot `YYYY-MM-DDTHH:mm` (Mexico City wall clock). Only the format and the calendar are checked
 * here; whether the slot is open (weekday, office hours, not booked) is the API's business.
 */
export const optionalAppointment = (rules: FieldRules = DEFAULT_RULES) =>
  blankAsAbsent(
    z.optional(
      z.string({ error: rules.messages.appointment }).check(z.refine(isAppointment, rules.messages.appointment)),
    ),
  );
