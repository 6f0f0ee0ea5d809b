import { describe, expect, it } from 'vitest';
import { DAILY_SLOTS, availableSlots, dayProblem, slotProblem } from './schedule.ts';

// Monday 2026-11-23, 08:00 in Mexico City (14:00 UTC).
const now = new Date('2026-11-23T14:00:00Z');

describe('meeting slots', () => {
  it('offers one-hour slots from 09:00 to 17:00', () => {
    expect(DAILY_SLOTS).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(availableSlots('2026-11-24', now)).toEqual(DAILY_SLOTS);
  });

  it('offers nothing on weekends', () => {
    expect(availableSlots('2026-11-28', now)).toEqual([]);
    expect(availableSlots('2026-11-29', now)).toEqual([]);
    expect(slotProblem('2026-11-28T10:00', now)).toBe('weekend');
  });

  it('offers nothing on rest days', () => {
    const early = new Date('2026-01-02T15:00:00Z');
    expect(availableSlots('2026-02-02', early)).toEqual([]);
    expect(availableSlots('2026-03-16', early)).toEqual([]);
    expect(dayProblem('2026-02-03', early)).toBeUndefined();
    expect(slotProblem('2026-12-25T10:00', now)).toBe('rest-day');
    expect(slotProblem('2026-11-16T10:00', new Date('2026-11-10T15:00:00Z'))).toBe('rest-day');
    // October 1 2030, a Tuesday, is the transfer of power.
    const september2030 = new Date('2030-09-02T15:00:00Z');
    expect(availableSlots('2030-10-01', september2030)).toEqual([]);
    expect(availableSlots('2030-10-02', september2030)).toHaveLength(9);
  });

  it('offers only slots that start after now', () => {
    // Monday 2026-11-23 at 12:30 Mexico City = 18:30 UTC.
    const lunch = new Date('2026-11-23T18:30:00Z');
    expect(availableSlots('2026-11-23', lunch)).toEqual(['13:00', '14:00', '15:00', '16:00', '17:00']);
    expect(slotProblem('2026-11-23T12:00', lunch)).toBe('past');
    // A slot starting exactly now is gone.
    expect(slotProblem('2026-11-23T13:00', new Date('2026-11-23T19:00:00Z'))).toBe('past');
    expect(availableSlots('2026-11-20', now)).toEqual([]);
    expect(slotProblem('2026-11-20T10:00', now)).toBe('past');
  });

  it('looks at most 60 days ahead', () => {
    // 2026-11-23 + 60 days = 2027-01-22 (a Friday).
    expect(availableSlots('2027-01-22', now)).toHaveLength(9);
    expect(availableSlots('2027-01-25', now)).toEqual([]);
    expect(slotProblem('2027-01-25T10:00', now)).toBe('beyond-horizon');
  });

  it('rejects times outside office hours or not on the hour', () => {
    expect(slotProblem('2026-11-24T08:00', now)).toBe('outside-hours');
    expect(slotProblem('2026-11-24T18:00', now)).toBe('outside-hours');
    expect(slotProblem('2026-11-24T10:30', now)).toBe('outside-hours');
    expect(slotProblem('2026-11-24T10:00', now)).toBeUndefined();
    expect(slotProblem('2026-11-24 10:00', now)).toBe('invalid');
  });

  it('removes booked slots', () => {
    expect(availableSlots('2026-11-24', now, new Set(['09:00', '17:00']))).toEqual(DAILY_SLOTS.slice(1, -1));
  });

  it('uses the Mexico City clock, with the DST Mexico had in 2022 and not in 2026', () => {
    // 2022-07-15 (Friday) 15:30 UTC is 10:30 in Mexico City under the old summer time (UTC-5):
    // the 10:00 slot has started. At UTC-6 it would still be 09:30 and 10:00 would be open.
    const summer2022 = new Date('2022-07-15T15:30:00Z');
    expect(availableSlots('2022-07-15', summer2022)[0]).toBe('11:00');
    // The same UTC time of day in 2026 is 09:30 in Mexico City: 10:00 is still open.
    const summer2026 = new Date('2026-07-15T15:30:00Z');
    expect(availableSlots('2026-07-15', summer2026)[0]).toBe('10:00');
    // Late evening in Mexico City is already tomorrow in UTC; today is still today.
    const lateEvening = new Date('2026-11-24T04:30:00Z'); // Monday 22:30 Mexico City
    expect(dayProblem('2026-11-23', lateEvening)).toBeUndefined();
    expect(availableSlots('2026-11-23', lateEvening)).toEqual([]);
  });
});
