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

const unitOf = (withSeconds: boolean) => (withSeconds ? 1000 : 60_000);

/**
 * "3 d 04 h 05 min 09 s"; without days when none are left; without seconds when the visitor prefers reduced
 * motion and the text changes once a minute. The last unit is rounded up, as countdowns do: it never reads
 * zero while time is left, and the offer ends when it would.
 */
export function formatCountdown(ms: number, withSeconds: boolean): string {
  const unit = unitOf(withSeconds);
  const { days, hours, minutes, seconds } = countdownParts(Math.ceil(Math.max(0, ms) / unit) * unit);
  const units = [`${two(hours)} h`, `${two(minutes)} min`];
  if (withSeconds) units.push(`${two(seconds)} s`);
  return days > 0 ? `${days} d ${units.join(' ')}` : units.join(' ');
}

/** Milliseconds until the text changes next (a whole second, or minute without seconds, has gone by). */
export function nextTick(ms: number, withSeconds: boolean): number {
  if (ms <= 0) return 0;
  return ((ms - 1) % unitOf(withSeconds)) + 1;
}
