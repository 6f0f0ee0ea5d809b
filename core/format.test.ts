import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatDurationRange, formatMoney, formatPercentRange } from './format.ts';

describe('formatMoney', () => {
  it('writes dollars with thousands separators, no cents and the currency code', () => {
    expect(formatMoney(2500, 'USD')).toBe('$2,500 USD');
    expect(formatMoney(12000, 'USD')).toBe('$12,000 USD');
  });

  it('writes pesos with their own code, so "$" is never ambiguous', () => {
    expect(formatMoney(150000, 'MXN')).toBe('$150,000 MXN');
  });

  it('rounds a fractional amount to whole units', () => {
    expect(formatMoney(499.6, 'USD')).toBe('$500 USD');
  });
});

describe('durations', () => {
  it('names the unit in Spanish, singular and plural', () => {
    expect(formatDuration(1, 'week')).toBe('1 semana');
    expect(formatDuration(6, 'month')).toBe('6 meses');
    expect(formatDuration(30, 'day')).toBe('30 días');
  });

  it('writes a range with a hyphen and the unit once', () => {
    expect(formatDurationRange(4, 8, 'week')).toBe('4-8 semanas');
    expect(formatDurationRange(10, 14, 'day')).toBe('10-14 días');
  });

  it('collapses a range whose ends are equal', () => {
    expect(formatDurationRange(8, 8, 'week')).toBe('8 semanas');
  });
});

describe('in another language', () => {
  it('writes money and durations as that language reads them, the Spanish cache left alone', () => {
    expect(formatMoney(10000, 'USD', 'en')).toBe('$10,000 USD');
    expect(formatDurationRange(8, 16, 'week', 'en')).toBe('8–16 weeks');
    expect(formatDuration(1, 'month', 'en')).toBe('1 month');
    expect(formatDuration(1, 'month')).toBe('1 mes');
  });
});

describe('formatPercentRange', () => {
  it('writes the range with a single percent sign', () => {
    expect(formatPercentRange(300, 500)).toBe('300-500%');
    expect(formatPercentRange(1200, 1500)).toBe('1,200-1,500%');
    expect(formatPercentRange(20, 20)).toBe('20%');
  });
});

describe('formatCount', () => {
  it('writes counts up to twenty as words, with a capital on request', () => {
    expect(formatCount(6)).toBe('seis');
    expect(formatCount(7, true)).toBe('Siete');
    expect(formatCount(16)).toBe('dieciséis');
    expect(formatCount(1)).toBe('un');
    expect(formatCount(20, true)).toBe('Veinte');
  });

  it('writes larger counts as figures', () => {
    expect(formatCount(21)).toBe('21');
    expect(formatCount(1250, true)).toBe('1,250');
  });
});
