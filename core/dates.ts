/**
 * Dates and times as the business sees them: Mexican Spanish, America/Mexico_City wall clock.
 * Used by the date-time picker, the forms' success message, the lead API and its e-mails.
 * Every conversion goes through Intl with the IANA zone, never a hard-coded offset: Mexico City kept
 * daylight saving time until October 2022 (UTC-5 in summer) and is UTC-6 all year since.
 */
import { SITE } from './site.ts';

const TIME_ZONE = SITE.timeZone;

/** A calendar date, `YYYY-MM-DD`. */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A wall-clock time, `HH:mm`. */
export const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
/** A meeting slot as the forms send it: date, the letter T, time (`YYYY-MM-DDTHH:mm`). */
export const APPOINTMENT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface Appointment extends CalendarDate {
  hour: number;
  minute: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:mm` */
  time: string;
}

export interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Parses `YYYY-MM-DD`; `undefined` when the format is wrong or the day does not exist (2026-02-30). */
export function parseDate(value: string): CalendarDate | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : undefined;
}

/** Parses `YYYY-MM-DDTHH:mm`; `undefined` unless it is a real date and a time between 00:00 and 23:59. */
export function parseAppointment(value: string): Appointment | undefined {
  const match = APPOINTMENT_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59) return undefined;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return { year, month, day, hour, minute, date, time: `${match[4]}:${match[5]}` };
}

export function isAppointment(value: string): boolean {
  return parseAppointment(value) !== undefined;
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Day of the week of a calendar date (0 Sunday … 6 Saturday); a date has no time zone. */
export function weekdayOf(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Fecha inválida: ${date}`);
  const shifted = new Date(Date.UTC(parsed.year, parsed.month - 1, parsed.day + days));
  return formatCalendarDate({
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  });
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = wallClockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
      hourCycle: 'h23',
    });
    wallClockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall clock in `timeZone` (Mexico City by default) at an instant. */
export function wallClock(instant: Date, timeZone: string = TIME_ZONE): WallClock {
  const parts: Record<string, string> = {};
  for (const part of wallClockFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Today's date in Mexico City, `YYYY-MM-DD`. */
export function todayInMexicoCity(now: Date = new Date()): string {
  return formatCalendarDate(wallClock(now));
}

/** Offset of `timeZone` from UTC at an instant, in minutes (Mexico City 2026: -360). */
export function timeZoneOffsetMinutes(instant: Date, timeZone: string = TIME_ZONE): number {
  const clock = wallClock(instant, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time` (`YYYY-MM-DD`, `HH:mm`).
 * Two passes settle the offset even on a day whose offset changes (the old DST days).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string = TIME_ZONE): Date {
  const appointment = parseAppointment(`${date}T${time}`);
  if (!appointment) throw new RangeError(`Fecha u hora inválida: ${date} ${time}`);
  const wall = Date.UTC(appointment.year, appointment.month - 1, appointment.day, appointment.hour, appointment.minute);
  let instant = wall - timeZoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  instant = wall - timeZoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** A Mexico City slot (`YYYY-MM-DDTHH:mm`) as a UTC instant. */
export function appointmentToUtc(value: string): Date {
  const appointment = parseAppointment(value);
  if (!appointment) throw new RangeError(`Fecha de reunión inválida: ${value}`);
  return zonedTimeToUtc(appointment.date, appointment.time);
}

const longFormatter = new Intl.DateTimeFormat(SITE.locale, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const longDateFormatter = new Intl.DateTimeFormat(SITE.locale, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "martes, 24 de noviembre de 2026, 10:00" (Mexico City). */
export function formatLongDateTime(instant: Date): string {
  return longFormatter.format(instant);
}

/** "martes, 24 de noviembre de 2026" for a calendar date; in another `locale`, as it writes it. */
export function formatLongDate(date: string, locale: string = SITE.locale): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Fecha inválida: ${date}`);
  const formatter =
    locale === SITE.locale
      ? longDateFormatter
      : new Intl.DateTimeFormat(locale, {
          timeZone: TIME_ZONE,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        });
  // Noon in Mexico City is the same calendar day whatever the offset.
  return formatter.format(zonedTimeToUtc(date, '12:00'));
}

const dayMonthYearFormatter = new Intl.DateTimeFormat(SITE.locale, {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * "26 de noviembre de 2026" for a calendar date (no weekday: "válida hasta el …", "Última actualización: …");
 * in another `locale`, as it writes it ("November 26, 2026" in `en`).
 */
export function formatDayMonthYear(date: string, locale: string = SITE.locale): string {
  if (!parseDate(date)) throw new RangeError(`Fecha inválida: ${date}`);
  const formatter =
    locale === SITE.locale
      ? dayMonthYearFormatter
      : new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
  return formatter.format(zonedTimeToUtc(date, '12:00'));
}

/** A Mexico City wall-clock time as `locale` writes it ("11:59 PM" in `en`). */
export function formatWallTime(date: string, time: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(
    zonedTimeToUtc(date, time),
  );
}

/** `dd/mm/yyyy HH:mm` in Mexico City, the format of every date in the e-mails. */
export function formatShortDateTime(instant: Date): string {
  const clock = wallClock(instant);
  return `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

const localFormatters = new Map<string, Intl.DateTimeFormat>();

/** Another language's long date and time in Mexico City, with its own clock ("10:00 AM" in English). */
function longFormatterIn(locale: string): Intl.DateTimeFormat {
  let formatter = localFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      timeZone: TIME_ZONE,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    localFormatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * A Mexico City slot (`YYYY-MM-DDTHH:mm`) in Mexican Spanish: "martes, 24 de noviembre de 2026, 10:00"; in
 * another `locale`, as it writes dates ("Tuesday, November 24, 2026 at 10:00 AM" in `en`).
 */
export function formatAppointmentLong(value: string, locale: string = SITE.locale): string {
  const instant = appointmentToUtc(value);
  return locale === SITE.locale ? formatLongDateTime(instant) : longFormatterIn(locale).format(instant);
}

/** A Mexico City slot (`YYYY-MM-DDTHH:mm`) as `dd/mm/yyyy HH:mm`. */
export function formatAppointmentShort(value: string): string {
  const appointment = parseAppointment(value);
  if (!appointment) throw new RangeError(`Fecha de reunión inválida: ${value}`);
  return `${pad(appointment.day)}/${pad(appointment.month)}/${pad(appointment.year, 4)} ${appointment.time}`;
}
