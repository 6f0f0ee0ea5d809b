/**
 * Text typed into the inbox's forms, checked by the rules of the site's forms (core/forms/fields.ts): no
 * control characters (NUL among them, which PostgreSQL cannot store), no half emoji (a lone UTF-16
 * surrogate), a bounded length, one line where a value goes into a header or a list. A refusal is a Spanish
 * message for the field, never a failed write: both engines get only what both can keep.
 */
import { CONTROL_EXCEPT_LINES, hasLoneSurrogate, LINE_BREAK_OR_CONTROL, MESSAGES } from '../../core/forms/fields.ts';

export interface TextRule {
  /** Longest accepted text, in characters (not UTF-16 units: an emoji counts once). */
  max: number;
  /** A value that must fit on one line (a subject, a next step). */
  oneLine?: boolean;
  /** The message when the field is empty; absent: empty is accepted. */
  required?: string;
  /** What the length message calls the value («La nota»); «El texto» by default. */
  label?: string;
}

export type TextCheck = { ok: true; value: string } | { ok: false; message: string };

/** The value with uniform line endings and outer spaces trimmed, or the reason it cannot be kept. */
export function checkText(raw: string | undefined, rule: TextRule): TextCheck {
  const value = (raw ?? '').replace(/\r\n?/g, '\n').trim();
  if (value === '') return rule.required ? { ok: false, message: rule.required } : { ok: true, value };
  if ((rule.oneLine ? LINE_BREAK_OR_CONTROL : CONTROL_EXCEPT_LINES).test(value))
    return { ok: false, message: `${rule.oneLine ? MESSAGES.oneLine : MESSAGES.controlCharacters}.` };
  if (hasLoneSurrogate(value)) return { ok: false, message: `${MESSAGES.brokenCharacter}.` };
  const length = Array.from(value).length;
  if (length > rule.max)
    return {
      ok: false,
      message: `${rule.label ?? 'El texto'} puede tener como máximo ${rule.max.toLocaleString('es-MX')} caracteres (tiene ${length.toLocaleString('es-MX')}).`,
    };
  return { ok: true, value };
}

const EVERY_CONTROL = new RegExp(CONTROL_EXCEPT_LINES.source, 'g');

/** What a value may show again in its field after a refusal: control characters and half emoji removed. */
export function redisplayable(raw: string | undefined): string {
  return (raw ?? '')
    .replace(EVERY_CONTROL, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
}
