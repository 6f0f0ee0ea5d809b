/** Rules of an inbox account that the pages and the `admin:user` command share. */

/** Longest display name of an account. */
export const NAME_MAX_LENGTH = 80;

/** Accounts are stored and looked up trimmed and lower-cased: Ana@Angram.mx and ana@angram.mx are one. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
