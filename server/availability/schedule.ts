/**
 * Which meeting slots are offered: Monday to Friday, one-hour slots starting 09:00 … 17:00 Mexico City
 * time (office hours 9:00-18:00), never on a statutory rest day, never in the past, never more than 60
 * days ahead. Booked slots are removed by the caller, which knows the database. Pure functions of `now`.
 */
import {
  addDays,
  parseAppointment,
  parseDate,
  todayInMexicoCity,
  weekdayOf,
  zonedTimeToUtc,
} from '../../core/dates.ts';
import { AVAILABILITY } from '../../core/availability.ts';
import { SITE } from '../../core/site.ts';
import { isRestDay } from './rest-days.ts';

export { AVAILABILITY };

/** '09:00', '10:00', … '17:00'. */
export const DAILY_SLOTS: readonly string[] = Array.from(
  { length: AVAILABILITY.lastSlotHour - AVAILABILITY.firstSlotHour + 1 },
  (_, index) => `${String(AVAILABILITY.firstSlotHour + index).padStart(2, '0')}:00`,
);

export type SlotProblem = 'invalid' | 'weekend' | 'rest-day' | 'beyond-horizon' | 'outside-hours' | 'past';

/** Why a slot cannot be booked, in the words a visitor understands. */
export const SLOT_PROBLEM_MESSAGES: Record<SlotProblem, string> = {
  invalid: 'La fecha de la reunión no es válida (formato AAAA-MM-DDTHH:mm)',
  weekend: 'Agendamos reuniones de lunes a viernes; elige un día hábil',
  'rest-day': 'Ese día es feriado oficial en México; elige otro día',
  'beyond-horizon': `Solo agendamos reuniones dentro de los próximos ${AVAILABILITY.horizonDays} días`,
  'outside-hours': `Elige un horario entre las 09:00 y las 17:00 (${SITE.timeZoneName})`,
  past: 'Ese horario ya pasó; elige uno posterior',
};

/** Why no slot of that day can be booked, or `undefined` when the day is open. */
export function dayProblem(date: string, now: Date): SlotProblem | undefined {
  const parsed = parseDate(date);
  if (!parsed) return 'invalid';
  const weekday = weekdayOf(parsed);
  if (weekday === 0 || weekday === 6) return 'weekend';
  if (isRestDay(date)) return 'rest-day';
  const today = todayInMexicoCity(now);
  if (date < today) return 'past';
  if (date > addDays(today, AVAILABILITY.horizonDays)) return 'beyond-horizon';
  return undefined;
}

/** Why a slot (`YYYY-MM-DDTHH:mm`) cannot be booked, ignoring bookings; `undefined` when it can. */
export function slotProblem(appointment: string, now: Date): SlotProblem | undefined {
  const parsed = parseAppointment(appointment);
  if (!parsed) return 'invalid';
  const problem = dayProblem(parsed.date, now);
  if (problem) return problem;
  if (!DAILY_SLOTS.includes(parsed.time)) return 'outside-hours';
  if (zonedTimeToUtc(parsed.date, parsed.time).getTime() <= now.getTime()) return 'past';
  return undefined;
}

/** The slots of a day a visitor may still choose, minus `booked` (times `HH:mm` already taken). */
export function availableSlots(date: string, now: Date, booked: ReadonlySet<string> = new Set()): string[] {
  if (dayProblem(date, now)) return [];
  return DAILY_SLOTS.filter((time) => !booked.has(time) && zonedTimeToUtc(date, time).getTime() > now.getTime());
}
