/**
 * Mexican statutory rest days (Ley Federal del Trabajo, artículo 74). Offices are closed, so no meeting
 * is offered on them. Election days (fracción IX) are left out: they fall on Sundays.
 */
import { formatCalendarDate, parseDate, weekdayOf } from '../../core/dates.ts';

export interface RestDay {
  /** `YYYY-MM-DD` */
  date: string;
  name: string;
}

/** The `n`-th (1-based) `weekday` (0 Sunday … 6 Saturday) of a month, `YYYY-MM-DD`. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  const firstWeekday = weekdayOf({ year, month, day: 1 });
  const day = 1 + ((weekday - firstWeekday + 7) % 7) + (n - 1) * 7;
  return formatCalendarDate({ year, month, day });
}

/**
 * The transfer of the federal executive: every six years, on October 1 since the 2024 reform
 * (previously December 1, e.g. 2018).
 */
function transferOfPower(year: number): RestDay | undefined {
  const name = 'Transmisión del Poder Ejecutivo Federal';
  if (year >= 2024 && (year - 2024) % 6 === 0) return { date: formatCalendarDate({ year, month: 10, day: 1 }), name };
  if (year < 2024 && year >= 1934 && (year - 1934) % 6 === 0)
    return { date: formatCalendarDate({ year, month: 12, day: 1 }), name };
  return undefined;
}

export function restDays(year: number): RestDay[] {
  const days: RestDay[] = [
    { date: formatCalendarDate({ year, month: 1, day: 1 }), name: 'Año Nuevo' },
    { date: nthWeekdayOfMonth(year, 2, 1, 1), name: 'Día de la Constitución' },
    { date: nthWeekdayOfMonth(year, 3, 1, 3), name: 'Natalicio de Benito Juárez' },
    { date: formatCalendarDate({ year, month: 5, day: 1 }), name: 'Día del Trabajo' },
    { date: formatCalendarDate({ year, month: 9, day: 16 }), name: 'Día de la Independencia' },
    { date: nthWeekdayOfMonth(year, 11, 1, 3), name: 'Día de la Revolución' },
    { date: formatCalendarDate({ year, month: 12, day: 25 }), name: 'Navidad' },
  ];
  const transfer = transferOfPower(year);
  if (transfer) days.push(transfer);
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

const cache = new Map<number, Set<string>>();

export function isRestDay(date: string): boolean {
  const parsed = parseDate(date);
  if (!parsed) return false;
  let days = cache.get(parsed.year);
  if (!days) {
    days = new Set(restDays(parsed.year).map((day) => day.date));
    cache.set(parsed.year, days);
  }
  return days.has(date);
}
