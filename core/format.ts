/**
 * Money, durations and percentage ranges as the site shows them, formatted with `Intl` for es-MX
 * (PRODUCT.md item 8), so every page writes "$8,000 USD" or "4-8 semanas" the same way.
 */
import { SITE } from './site.ts';

export type Currency = 'USD' | 'MXN';

const wholeMoney = new Map<Currency, Intl.NumberFormat>();

/**
 * "$2,500 USD", "$150,000 MXN". In Mexico a bare "$" reads as pesos, so the ISO code always follows the
 * amount; amounts on the site are whole, so no cents.
 */
export function formatMoney(amount: number, currency: Currency): string {
  let format = wholeMoney.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(SITE.locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 });
    wholeMoney.set(currency, format);
  }
  return `${format.format(amount)} ${currency}`;
}

export type DurationUnit = 'day' | 'week' | 'month';

function unitFormat(unit: DurationUnit): Intl.NumberFormat {
  return new Intl.NumberFormat(SITE.locale, { style: 'unit', unit, unitDisplay: 'long' });
}

/** "6 meses", "1 semana", "30 días". */
export function formatDuration(value: number, unit: DurationUnit): string {
  return unitFormat(unit).format(value);
}

/** "4-8 semanas"; a range whose ends are equal collapses to one value ("8 semanas"). */
export function formatDurationRange(min: number, max: number, unit: DurationUnit): string {
  return min === max ? formatDuration(min, unit) : unitFormat(unit).formatRange(min, max);
}

/** "300-500%": Intl's own percent range repeats the sign ("300% - 500%"), too long for a headline figure. */
export function formatPercentRange(min: number, max: number): string {
  const numbers = new Intl.NumberFormat(SITE.locale, { maximumFractionDigits: 0 });
  return `${min === max ? numbers.format(min) : numbers.formatRange(min, max)}%`;
}
