/**
 * A limited offer's window as editors write it (content/pages/iniciar-proyecto.yaml): when it starts (a
 * date and a time on the Mexico City wall clock; a bare date starts at 00:00) and how many hours it lasts.
 * Its end is computed from those two, so the page's "72 horas" and the date it states cannot disagree. The
 * page states the end, counts down to it, and shows the offer as ended from that instant on, in the build's
 * HTML and in the visitor's browser.
 */
import {
  DATE_PATTERN,
  formatCalendarDate,
  formatDayMonthYear,
  formatWallTime,
  parseAppointment,
  wallClock,
  zonedTimeToUtc,
} from './dates.ts';

/** An instant of the offer (its start or its end) on the Mexico City wall clock. */
export interface OfferDeadline {
  /** `YYYY-MM-DD`, Mexico City. */
  date: string;
  /** `HH:mm`, Mexico City. */
  time: string;
}

/** The start of a window: `2026-11-28 10:00` / `2026-11-28T10:00`, or `2026-11-28` (from 00:00). */
export function parseWindowStart(value: string): OfferDeadline | undefined {
  const trimmed = value.trim();
  const withTime = DATE_PATTERN.test(trimmed) ? `${trimmed}T00:00` : trimmed.replace(' ', 'T');
  const parsed = parseAppointment(withTime);
  return parsed ? { date: parsed.date, time: parsed.time } : undefined;
}

/** The end of a window that opens at `start` and lasts `hours`, on the Mexico City wall clock. */
export function windowEnd(start: OfferDeadline, hours: number): OfferDeadline {
  const end = wallClock(new Date(deadlineInstant(start).getTime() + hours * 3_600_000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return { date: formatCalendarDate(end), time: `${pad(end.hour)}:${pad(end.minute)}` };
}

/** The instant the offer ends. */
export function deadlineInstant(deadline: OfferDeadline): Date {
  return zonedTimeToUtc(deadline.date, deadline.time);
}

export type OfferState = 'active' | 'ended';

/** Whether the offer still holds at `now`. It ends exactly at its deadline. */
export function offerState(deadline: OfferDeadline, now: Date): OfferState {
  return now.getTime() < deadlineInstant(deadline).getTime() ? 'active' : 'ended';
}

/**
 * The deadline in words: "31 de diciembre de 2026" and "23:59 h"; in another `locale`, as it writes them
 * ("December 31, 2026" and "11:59 PM" in `en`).
 */
export function describeDeadline(deadline: OfferDeadline, locale?: string): { date: string; time: string } {
  if (locale === undefined) return { date: formatDayMonthYear(deadline.date), time: `${deadline.time} h` };
  return {
    date: formatDayMonthYear(deadline.date, locale),
    time: formatWallTime(deadline.date, deadline.time, locale),
  };
}
