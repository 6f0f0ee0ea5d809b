import { describe, expect, it } from 'vitest';
import { deadlineInstant, describeDeadline, offerState, parseDeadline } from './limited-offer.ts';

describe('the end of a limited offer', () => {
  it('is a date (until 23:59) or a date and a time, Mexico City', () => {
    expect(parseDeadline('2026-12-31')).toEqual({ date: '2026-12-31', time: '23:59' });
    expect(parseDeadline('2026-12-31 18:00')).toEqual({ date: '2026-12-31', time: '18:00' });
    expect(parseDeadline('2026-12-31T09:30')).toEqual({ date: '2026-12-31', time: '09:30' });
    for (const bad of ['2026-02-30', '31/12/2026', '2026-12-31 24:00', 'diciembre', '']) {
      expect(parseDeadline(bad)).toBeUndefined();
    }
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
});
