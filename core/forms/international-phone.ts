/**
 * Phones of visitors outside Mexico, by the numbering plans of libphonenumber-js (the `min` metadata, the
 * smallest that still validates every country). A number without a country code is read in the language's
 * home region (US for English: "(512) 555-0142"); a Mexican number with +52 is accepted as well. The API's
 * rule only: kept apart from phone.ts so no form ships the metadata (the English forms check a plausible
 * number first, phone.ts's plausiblePhone).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { isMexicanPhone, normalizeMexicanPhone, stripPhoneSeparators } from './phone.ts';
import type { PhoneRule } from './fields.ts';

/** The region a number without a country code is read in: the tag's own (`en-GB`), else English → US. */
export function phoneRegionOf(language: string): CountryCode | undefined {
  const [base, region] = language.split('-');
  if (region && /^[A-Za-z]{2}$/.test(region)) return region.toUpperCase() as CountryCode;
  return base?.toLowerCase() === 'en' ? 'US' : undefined;
}

/** A valid number in E.164 (`+15125550142`), or undefined. */
export function normalizeInternationalPhone(value: string, region: CountryCode | undefined): string | undefined {
  // A number typed with +52 keeps the Mexican rule the Spanish forms apply, so both store it alike.
  if (stripPhoneSeparators(value).startsWith('+52') && isMexicanPhone(value)) return normalizeMexicanPhone(value);
  const parsed = parsePhoneNumberFromString(value, region);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** The phone rule of a language's forms. */
export function internationalPhoneRule(language: string): PhoneRule {
  const region = phoneRegionOf(language);
  return (value) => normalizeInternationalPhone(value, region);
}
