/**
 * Mexican phone numbers: an optional `+52` or `52` country code, then 10 digits (area code + number) that
 * do not start with 0. Visitors type them many ways ("55 4161 2280", "(55) 4161-2280", "+52 55..."), so
 * spaces, dashes and brackets are ignored before the pattern is applied.
 */
export const MEXICAN_PHONE_PATTERN = /^(?:\+?52)?[1-9]\d{9}$/;

/** Separators a visitor may type between digits; they carry no meaning. */
const SEPARATORS = /[\s\-()[\]]+/g;

export function stripPhoneSeparators(value: string): string {
  return value.replace(SEPARATORS, '');
}

export function isMexicanPhone(value: string): boolean {
  return MEXICAN_PHONE_PATTERN.test(stripPhoneSeparators(value));
}

/** `+52` followed by the 10 national digits, or `undefined` when the value is not a Mexican phone. */
export function normalizeMexicanPhone(value: string): string | undefined {
  const compact = stripPhoneSeparators(value);
  if (!MEXICAN_PHONE_PATTERN.test(compact)) return undefined;
  return `+52${compact.slice(-10)}`;
}

/** North American numbering: an area code and an exchange that do not start with 0 or 1. */
const NORTH_AMERICAN_PHONE = /^1?[2-9]\d{2}[2-9]\d{6}$/;

/**
 * The browser's check of an English form's phone: a US or Canadian number as people dial it ("(512)
 * 555-0142") or any number with its country code (+ and 8 to 15 digits, as E.164 allows). The API then
 * applies the numbering plans of every country (international-phone.ts), whose metadata (about 28 KB
 * gzip) would overrun a form page's script budget; a number it still refuses comes back with the same
 * message next to the field.
 */
export function plausiblePhone(value: string): string | undefined {
  const compact = stripPhoneSeparators(value).replace(/\./g, '');
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return NORTH_AMERICAN_PHONE.test(compact) ? `+1${compact.slice(-10)}` : undefined;
}
