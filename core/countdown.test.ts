import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown, nextTick } from './countdown.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the offer countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, never below zero', () => {
    expect(countdownParts(3 * DAY + 4 * HOUR + 5 * MINUTE + 9 * SECOND + 999)).toEqual({
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 9,
    });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('keeps two digits after the first unit so the text holds its width, and drops seconds for reduced motion', () => {
    expect(formatCountdown(72 * HOUR, true)).toBe('3 d 00 h 00 min 00 s');
    expect(formatCountdown(72 * HOUR - SECOND, true)).toBe('2 d 23 h 59 min 59 s');
    expect(formatCountdown(5 * HOUR + 7 * MINUTE + 30 * SECOND, true)).toBe('05 h 07 min 30 s');
    expect(formatCountdown(5 * HOUR + 7 * MINUTE, false)).toBe('05 h 07 min');
  });

  it('rounds its last unit up: never zero while time is left', () => {
    expect(formatCountdown(72 * HOUR - 1, true)).toBe('3 d 00 h 00 min 00 s');
    expect(formatCountdown(400, true)).toBe('00 h 00 min 01 s');
    expect(formatCountdown(5 * HOUR + 7 * MINUTE + 30 * SECOND, false)).toBe('05 h 08 min');
    expect(formatCountdown(0, true)).toBe('00 h 00 min 00 s');
  });

  it('waits exactly until the text changes next', () => {
    expect(nextTick(10 * SECOND + 250, true)).toBe(250);
    expect(nextTick(10 * SECOND, true)).toBe(SECOND);
    expect(nextTick(3 * MINUTE + 12 * SECOND, false)).toBe(12 * SECOND);
    expect(nextTick(400, false)).toBe(400);
    expect(nextTick(0, true)).toBe(0);
  });
});
