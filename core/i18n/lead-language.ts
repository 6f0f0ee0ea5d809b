/**
 * The language a lead arrives in: the form sends its page's language (`<html lang>`) in `Content-Language`,
 * so the JSON keeps exactly the contract's keys. The header is CORS-safelisted, so a form on another origin
 * sends it without a preflight. The server keeps one of the active languages or the default: a missing,
 * unknown or hostile value never refuses a lead, it only means the lead is answered in the default language.
 */
export const LANGUAGE_HEADER = 'Content-Language';

/** Longer than any BCP 47 tag a site would use; anything longer is not a language. */
const MAX_LENGTH = 35;

/**
 * The active language `sent` names (`en`, `EN`, `en-US` → `en`; `es-mx` → `es-MX`), or `fallback` (the
 * default language) for anything else.
 */
export function leadLanguage(sent: string | undefined, active: readonly string[], fallback: string): string {
  const value = sent?.split(',')[0]?.trim().toLowerCase();
  if (!value || value.length > MAX_LENGTH || !/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(value)) return fallback;
  const exact = active.find((code) => code.toLowerCase() === value);
  if (exact) return exact;
  const base = value.split('-')[0];
  return active.find((code) => code.toLowerCase() === base) ?? fallback;
}
