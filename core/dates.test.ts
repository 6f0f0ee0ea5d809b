import { describe, expect, it } from 'vitest';
import {
  addDays,
  appointmentToUtc,
  formatAppointmentLong,
  formatAppointmentShort,
  formatLongDate,
  formatShortDateTime,
  parseAppointment,
  parseDate,
  timeZoneOffsetMinutes,
  todayInMexicoCity,
  wallClock,
  weekdayOf,
  zonedTimeToUtc,
} from './dates.ts';

describe('parsing', () => {
  it('accepts real dates only', () => {
    expect(parseDate('2026-11-24')).toEqual({ year: 2026, month: 11, day: 24 });
    expect(parseDate('2028-02-29')).toBeDefined();
    expect(parseDate('2026-02-29')).toBeUndefined();
    expect(parseDate('2026-13-01')).toBeUndefined();
    expect(parseDate('2026-1-01')).toBeUndefined();
    expect(parseDate('24/11/2026')).toBeUndefined();
  });

  it('parses an appointment as date T time', () => {
    expect(parseAppointment('2026-11-24T10:00')).toMatchObject({ date: '2026-11-24', time: '10:00', hour: 10 });
    expect(parseAppointment('2026-11-24 10:00')).toBeUndefined();
    expect(parseAppointment('2026-11-24T24:00')).toBeUndefined();
    expect(parseAppointment('2026-11-24T10:60')).toBeUndefined();
    expect(parseAppointment('2026-11-31T10:00')).toBeUndefined();
    expect(parseAppointment('2026-11-24T10:00:00')).toBeUndefined();
  });
});

describe('Mexico City time zone', () => {
  it('is UTC-6 all year since 2023, and was UTC-5 in the summer of 2022 (daylight saving time)', () => {
    expect(zonedTimeToUtc('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T16:00:00.000Z');
    expect(zonedTimeToUtc('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T16:00:00.000Z');
    expect(zonedTimeToUtc('2022-07-15', '10:00').toISOString()).toBe('2022-07-15T15:00:00.000Z');
    expect(zonedTimeToUtc('2022-12-15', '10:00').toISOString()).toBe('2022-12-15T16:00:00.000Z');
    expect(timeZoneOffsetMinutes(new Date('2022-07-15T15:00:00Z'))).toBe(-300);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T16:00:00Z'))).toBe(-360);
  });

  it('converts a slot to UTC and back to the same wall clock', () => {
    const instant = appointmentToUtc('2026-11-24T17:00');
    expect(instant.toISOString()).toBe('2026-11-24T23:00:00.000Z');
    expect(wallClock(instant)).toMatchObject({ year: 2026, month: 11, day: 24, hour: 17, minute: 0, weekday: 2 });
  });

  it("gives today's date in Mexico City, not in UTC", () => {
    // 03:00 UTC on the 25th is still 21:00 on the 24th in Mexico City.
    expect(todayInMexicoCity(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
    expect(todayInMexicoCity(new Date('2026-11-25T06:00:00Z'))).toBe('2026-11-25');
  });
});

describe('formatting', () => {
  it('writes dates in Mexican Spanish', () => {
    expect(formatAppointmentLong('2026-11-24T10:00')).toBe('martes, 24 de noviembre de 2026, 10:00');
    expect(formatLongDate('2026-09-16')).toBe('miércoles, 16 de septiembre de 2026');
  });

  it('writes dd/mm/yyyy HH:mm in Mexico City time', () => {
    expect(formatShortDateTime(new Date('2026-03-05T15:07:00Z'))).toBe('05/03/2026 09:07');
    expect(formatAppointmentShort('2026-11-24T09:00')).toBe('24/11/2026 09:00');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(weekdayOf({ year: 2026, month: 11, day: 24 })).toBe(2);
  });
});
