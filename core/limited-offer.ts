/**
 * The end of a limited offer as editors write it (`endsAt` in content/pages/iniciar-proyecto.yaml): a
 * date, ending at 23:59, or a date and a time, both on the Mexico City wall clock. The page states it
 * ("Válida hasta el 31 de diciembre de 2026"), counts down to it, and shows the offer as ended from that
 * instant on, in the build's HTML and in the visitor's browser.
 */
import { DATE_PATTERN, formatDayMonthYear, parseAppointment, zonedTimeToUtc } from './dates.ts';

/** The time a date-only end means: the last minute of that day. */
export const END_OF_DAY = '23:59';

export interface OfferDeadline {
  /** `YYYY-MM-DD`, Mexico City. */
  date: string;
  /** `HH:mm`, Mexico City. */
  time: string;
}

/** `2026-12-31` (until 23:59) or `2026-12-31 18:00` / `2026-12-31T18:00`; `undefined` if not a real one. */
export function parseDeadline(value: string): OfferDeadline | undefined {
  const trimmed = value.trim();
  const withTime = DATE_PATTERN.test(trimmed) ? `${trimmed}T${END_OF_DAY}` : trimmed.replace(' ', 'T');
  const parsed = parseAppointment(withTime);
  return parsed ? { date: parsed.date, time: parsed.time } : undefined;
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

/** The deadline in words: "31 de diciembre de 2026" and "23:59 h". */
export function describeDeadline(deadline: OfferDeadline): { date: string; time: string } {
  return { date: formatDayMonthYear(deadline.date), time: `${deadline.time} h` };
}
