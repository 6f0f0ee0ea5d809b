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

/**
 * Whether a value could be a phone of any country (7 to 15 digits, an optional leading +, the usual
 * separators): what an English form checks in the moment before the numbering plans of
 * international-phone.ts have loaded; the API checks the real rule either way.
 */
export function plausiblePhone(value: string): string | undefined {
  const compact = stripPhoneSeparators(value).replace(/\./g, '');
  return /^\+?\d{7,15}$/.test(compact) ? compact : undefined;
}
