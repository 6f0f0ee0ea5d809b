/**
 * A lead's phone as people read and dial it. The API stores every phone normalised to `+52` and 10 digits
 * (core/forms/phone.ts); older or hand-made rows may hold anything, so each function falls back to the
 * value as it is.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { digitsOnly } from '../../core/contact.ts';

/** A Mexican number's 10 national digits, from any way of writing it with or without +52 (or the old 1). */
export function nationalDigits(phone: string): string {
  const digits = digitsOnly(phone);
  return digits.length > 10 ? digits.slice(-10) : digits;
}

/** Mexico City, Guadalajara and Monterrey have two-digit area codes; every other area, three. */
const TWO_DIGIT_AREAS = new Set(['55', '33', '81']);

/** `55 1234 5678`, `222 123 4567`; undefined when the value is not a Mexican number. */
export function nationalPhoneText(phone: string): string | undefined {
  const digits = digitsOnly(phone);
  if (!/^(?:52)?\d{10}$/.test(digits)) return undefined;
  const national = digits.slice(-10);
  return TWO_DIGIT_AREAS.has(national.slice(0, 2))
    ? `${national.slice(0, 2)} ${national.slice(2, 6)} ${national.slice(6)}`
    : `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
}

/**
 * `(+52) 55 1234 5678` for a spreadsheet cell: a cell starting with `+` is read as a formula (Excel shows
 * `#NAME?` or a number in scientific notation), so the country code goes in brackets, as Mexican business
 * cards write it; a valid number of another country the same way. Anything else is returned unchanged (the
 * CSV neutralises it).
 */
export function spreadsheetPhone(phone: string): string {
  const national = nationalPhoneText(phone);
  if (national) return `(+52) ${national}`;
  // A number from an English form (stored in E.164): `(+1) 512 555 0142`, grouped as its country does.
  const international = phone.startsWith('+') ? parsePhoneNumberFromString(phone) : undefined;
  if (international?.isValid())
    return `(+${international.countryCallingCode}) ${international.formatInternational().replace(/^\+\d+\s*/, '')}`;
  return phone;
}

/** `+525512345678` for `tel:` and `wa.me` links; undefined when the value has no digits to dial. */
export function dialable(phone: string): string | undefined {
  const digits = digitsOnly(phone);
  if (digits.length < 8) return undefined;
  return /^\d{10}$/.test(digits) ? `+52${digits}` : `+${digits}`;
}
