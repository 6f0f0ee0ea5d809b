import { describe, expect, it } from 'vitest';
import { isRestDay, nthWeekdayOfMonth, restDays } from './rest-days.ts';

describe('Mexican statutory rest days (LFT art. 74)', () => {
  it('lists the 2026 days, Mondays moved to the first/third Monday', () => {
    expect(restDays(2026).map((day) => day.date)).toEqual([
      '2026-01-01',
      '2026-02-02', // first Monday of February
      '2026-03-16', // third Monday of March
      '2026-05-01',
      '2026-09-16',
      '2026-11-16', // third Monday of November
      '2026-12-25',
    ]);
  });

  it('adds October 1 in a presidential transition year (2024, 2030) and only then', () => {
    expect(isRestDay('2030-10-01')).toBe(true);
    expect(isRestDay('2024-10-01')).toBe(true);
    expect(isRestDay('2026-10-01')).toBe(false);
    expect(restDays(2030)).toContainEqual({ date: '2030-10-01', name: 'Transmisión del Poder Ejecutivo Federal' });
    // Before the 2024 reform the transfer was on December 1.
    expect(isRestDay('2018-12-01')).toBe(true);
    expect(isRestDay('2018-10-01')).toBe(false);
  });

  it('finds the n-th weekday of a month', () => {
    expect(nthWeekdayOfMonth(2027, 2, 1, 1)).toBe('2027-02-01'); // February 2027 starts on a Monday
    expect(nthWeekdayOfMonth(2027, 3, 1, 3)).toBe('2027-03-15');
    expect(nthWeekdayOfMonth(2027, 11, 1, 3)).toBe('2027-11-15');
  });

  it('is not fooled by ordinary days or bad input', () => {
    expect(isRestDay('2026-02-05')).toBe(false); // the historical date, no longer the rest day
    expect(isRestDay('2026-11-20')).toBe(false);
    expect(isRestDay('not-a-date')).toBe(false);
  });
});
