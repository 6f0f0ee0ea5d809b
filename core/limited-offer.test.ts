import { describe, expect, it } from 'vitest';
import { deadlineInstant, describeDeadline, offerState, parseWindowStart, windowEnd } from './limited-offer.ts';

describe('the window of a limited offer', () => {
  it('starts at a date and a time (a bare date at 00:00), Mexico City', () => {
    expect(parseWindowStart('2026-12-31')).toEqual({ date: '2026-12-31', time: '00:00' });
    expect(parseWindowStart('2026-12-31 18:00')).toEqual({ date: '2026-12-31', time: '18:00' });
    expect(parseWindowStart('2026-12-31T09:30')).toEqual({ date: '2026-12-31', time: '09:30' });
    for (const bad of ['2026-02-30', '31/12/2026', '2026-12-31 24:00', 'diciembre', '', '2026-12-31 18:00:00']) {
      expect(parseWindowStart(bad)).toBeUndefined();
    }
  });

  it('ends exactly its hours later on the Mexico City clock, across months and years', () => {
    expect(windowEnd({ date: '2026-11-28', time: '10:00' }, 72)).toEqual({ date: '2026-12-01', time: '10:00' });
    expect(windowEnd({ date: '2026-12-30', time: '18:30' }, 72)).toEqual({ date: '2027-01-02', time: '18:30' });
    expect(windowEnd({ date: '2026-02-27', time: '00:00' }, 48)).toEqual({ date: '2026-03-01', time: '00:00' });
    const start = { date: '2026-11-28', time: '10:00' };
    const lasted = deadlineInstant(windowEnd(start, 72)).getTime() - deadlineInstant(start).getTime();
    expect(lasted).toBe(72 * 3_600_000);
  });

  it('ends at that instant on the Mexico City clock (UTC-6)', () => {
    expect(deadlineInstant({ date: '2026-12-31', time: '23:59' }).toISOString()).toBe('2027-01-01T05:59:00.000Z');
    const deadline = { date: '2026-12-31', time: '18:00' };
    const end = deadlineInstant(deadline).getTime();
    expect(offerState(deadline, new Date(end - 1))).toBe('active');
    expect(offerState(deadline, new Date(end))).toBe('ended');
  });

  it('is written in Mexican Spanish without the weekday', () => {
    expect(describeDeadline({ date: '2026-12-31', time: '23:59' })).toEqual({
      date: '31 de diciembre de 2026',
      time: '23:59 h',
    });
  });

  it("is written as a translated page's language writes dates and times, still on Mexico City's clock", () => {
    expect(describeDeadline({ date: '2026-12-31', time: '23:59' }, 'en')).toEqual({
      date: 'December 31, 2026',
      time: '11:59 PM',
    });
  });
});
