import { describe, expect, it } from 'vitest';
import { MEXICAN_PHONE_PATTERN, isMexicanPhone, normalizeMexicanPhone, stripPhoneSeparators } from './phone.ts';

describe('Mexican phone numbers', () => {
  it.each([
    ['5541612280', '+525541612280'],
    ['+525541612280', '+525541612280'],
    ['525541612280', '+525541612280'],
    ['+52 55 4161 2280', '+525541612280'],
    ['55-4161-2280', '+525541612280'],
    ['(55) 4161-2280', '+525541612280'],
    ['+52 (33) 1234 5678', '+523312345678'],
    ['[81] 8765-4321', '+528187654321'],
    // A national number that itself starts with 52 is not mistaken for a country code.
    ['5212345678', '+525212345678'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(isMexicanPhone(input)).toBe(true);
    expect(normalizeMexicanPhone(input)).toBe(normalized);
  });

  it.each([
    ['0541612280', 'leading 0'],
    ['+520541612280', 'leading 0 after the country code'],
    ['554161228', '9 digits'],
    ['55416122801', '11 digits'],
    ['+5255416122801', '11 digits after +52'],
    ['+15541612280', 'another country code'],
    ['55.4161.2280', 'dots are not ignored'],
    ['55 4161 228O', 'a letter'],
    ['', 'empty'],
  ])('rejects %s (%s)', (input) => {
    expect(isMexicanPhone(input)).toBe(false);
    expect(normalizeMexicanPhone(input)).toBeUndefined();
  });

  it('ignores only spaces, dashes and brackets', () => {
    expect(stripPhoneSeparators(' (55) [41]-61 2280 ')).toBe('5541612280');
    expect(MEXICAN_PHONE_PATTERN.test('55 4161 2280')).toBe(false);
  });
});
