import { describe, expect, it } from 'vitest';
import { ARCO_DEADLINE_DAYS } from '../../core/privacy.ts';
import { answerDeadline, businessDaysBetween, isBusinessDay } from './deadline.ts';

describe('the time to answer an ARCO request', () => {
  it('counts the notice’s business days from the day after it was received', () => {
    expect(ARCO_DEADLINE_DAYS.answer).toBe(20);
    // Monday 2026-11-02: 20 business days, with Monday 16 November (Revolución, third Monday) off.
    expect(answerDeadline('2026-11-02')).toBe('2026-12-01');
    expect(answerDeadline('2026-11-02', 1)).toBe('2026-11-03');
  });

  it('skips weekends and the statutory rest days (LFT art. 74)', () => {
    expect(isBusinessDay('2026-11-16')).toBe(false);
    expect(isBusinessDay('2026-11-21')).toBe(false);
    expect(isBusinessDay('2026-11-20')).toBe(true);
    // Received on Friday 2026-12-18: Christmas and the two weekends in between do not count.
    expect(answerDeadline('2026-12-18', 5)).toBe('2026-12-28');
    // Received on a Saturday: the first day counted is Monday.
    expect(answerDeadline('2026-11-21', 1)).toBe('2026-11-23');
    // New Year's Day 2027 is a Friday.
    expect(answerDeadline('2026-12-31', 1)).toBe('2027-01-04');
  });

  it('tells how many business days are left or have passed', () => {
    expect(businessDaysBetween('2026-11-20', '2026-11-24')).toBe(2);
    expect(businessDaysBetween('2026-11-24', '2026-11-20')).toBe(-2);
    expect(businessDaysBetween('2026-11-24', '2026-11-24')).toBe(0);
  });
});
