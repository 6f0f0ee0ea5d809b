/**
 * Money, durations and percentage ranges as the site shows them, formatted with `Intl` for es-MX
 * (how Mexican readers expect them), so every page writes "$8,000 USD" or "4-8 semanas" the same way.
 */
import { SITE } from './site.ts';

export type Currency = 'USD' | 'MXN';

const wholeMoney = new Map<string, Intl.NumberFormat>();

/**
 * "$2,500 USD", "$150,000 MXN". In Mexico a bare "$" reads as pesos, so the ISO code always follows the
 * amount; amounts on the site are whole, so no cents. `locale` is the page's language (en-US on English pages).
 */
export function formatMoney(amount: number, currency: Currency, locale: string = SITE.locale): string {
  const key = `${locale} ${currency}`;
  let format = wholeMoney.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    });
    wholeMoney.set(key, format);
  }
  return `${format.format(amount)} ${currency}`;
}

export type DurationUnit = 'day' | 'week' | 'month';

function unitFormat(unit: DurationUnit, locale: string): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
}

/** "6 meses", "1 semana", "30 días". */
export function formatDuration(value: number, unit: DurationUnit, locale: string = SITE.locale): string {
  return unitFormat(unit, locale).format(value);
}

/** "4-8 semanas"; a range whose ends are equal collapses to one value ("8 semanas"). */
export function formatDurationRange(
  min: number,
  max: number,
  unit: DurationUnit,
  locale: string = SITE.locale,
): string {
  return min === max ? formatDuration(min, unit, locale) : unitFormat(unit, locale).formatRange(min, max);
}

/** "300-500%": Intl's own percent range repeats the sign ("300% - 500%"), too long for a headline figure. */
export function formatPercentRange(min: number, max: number): string {
  const numbers = new Intl.NumberFormat(SITE.locale, { maximumFractionDigits: 0 });
  return `${min === max ? numbers.format(min) : numbers.formatRange(min, max)}%`;
}

const COUNT_WORDS = [
  'cero',
  'un',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
] as const;

/**
 * A count as Spanish prose writes it before a noun: "seis" casos, "un" caso, words up to twenty and
 * figures beyond ("21", "1,250"). Lower case; `capital` for the start of a sentence ("Seis casos…").
 */
export function formatCount(count: number, capital = false): string {
  const word = Number.isInteger(count) && count >= 0 ? COUNT_WORDS[count] : undefined;
  const text = word ?? new Intl.NumberFormat(SITE.locale, { maximumFractionDigits: 0 }).format(count);
  return capital ? text.charAt(0).toLocaleUpperCase(SITE.locale) + text.slice(1) : text;
}
