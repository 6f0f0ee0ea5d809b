/**
 * A countdown as the start-project offer shows it: "3 d 04 h 05 min 09 s", two digits per unit after the
 * first so the text keeps its width as it ticks. Pure arithmetic, no Intl: the browser's countdown script
 * imports it and nothing else.
 */

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole units left in `ms` (never negative). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * "3 d 04 h 05 min 09 s"; without days when none are left; without seconds (the minutes rounded down) when
 * the visitor prefers reduced motion and the text changes once a minute.
 */
export function formatCountdown(ms: number, withSeconds: boolean): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  const units = [`${two(hours)} h`, `${two(minutes)} min`];
  if (withSeconds) units.push(`${two(seconds)} s`);
  return days > 0 ? `${days} d ${units.join(' ')}` : units.join(' ');
}

/** Milliseconds until the text changes next: the next whole second, or minute without seconds. */
export function nextTick(ms: number, withSeconds: boolean): number {
  const step = withSeconds ? 1000 : 60_000;
  const rest = ms % step;
  return rest === 0 ? step : rest;
}
