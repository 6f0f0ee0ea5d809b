/**
 * The legal time to answer an ARCO request, in business days in Mexico: the notice promises an answer within
 * `ARCO_DEADLINE_DAYS.answer` business days of receiving the request (core/privacy.ts, quoted by
 * content/privacy.yaml); weekends and the statutory rest days the availability module knows do not count.
 */
import { addDays, parseDate, weekdayOf } from '../../core/dates.ts';
import { ARCO_DEADLINE_DAYS } from '../../core/privacy.ts';
import { isRestDay } from '../availability/rest-days.ts';

export function isBusinessDay(date: string): boolean {
  const parsed = parseDate(date);
  if (!parsed) return false;
  const weekday = weekdayOf(parsed);
  return weekday !== 0 && weekday !== 6 && !isRestDay(date);
}

/** The last day to answer a request received on `received` (`YYYY-MM-DD`): day 1 is the next business day. */
export function answerDeadline(received: string, businessDays: number = ARCO_DEADLINE_DAYS.answer): string {
  let day = received;
  for (let counted = 0; counted < businessDays;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return day;
}

/** Business days from `from` to `to` (positive when `to` is later, negative when it passed, 0 the same day). */
export function businessDaysBetween(from: string, to: string): number {
  if (from === to) return 0;
  const sign = to > from ? 1 : -1;
  let count = 0;
  for (let day = from; day !== to;) {
    day = addDays(day, sign);
    if (isBusinessDay(day)) count += sign;
  }
  return count;
}
