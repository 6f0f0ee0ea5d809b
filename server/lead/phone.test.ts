import { describe, expect, it } from 'vitest';
import { dialable, nationalDigits, nationalPhoneText, spreadsheetPhone } from './phone.ts';

describe('phones as people read and dial them', () => {
  it('keeps the 10 national digits of a Mexican number however it was written', () => {
    expect(nationalDigits('+52 55 1234 5678')).toBe('5512345678');
    expect(nationalDigits('5512345678')).toBe('5512345678');
    expect(nationalDigits('+52 1 55 1234 5678')).toBe('5512345678');
  });

  it('groups by area code: two digits for CDMX, Guadalajara and Monterrey, three elsewhere', () => {
    expect(nationalPhoneText('+525512345678')).toBe('55 1234 5678');
    expect(nationalPhoneText('+523398765432')).toBe('33 9876 5432');
    expect(nationalPhoneText('+528187654321')).toBe('81 8765 4321');
    expect(nationalPhoneText('+522221234567')).toBe('222 123 4567');
    expect(nationalPhoneText('+1 415 555 0100')).toBeUndefined();
  });

  it('never starts a spreadsheet cell with + for a valid number, and leaves anything else as it is', () => {
    expect(spreadsheetPhone('+525512345678')).toBe('(+52) 55 1234 5678');
    // Numbers from the English forms, stored in E.164.
    expect(spreadsheetPhone('+15125550142')).toBe('(+1) 512 555 0142');
    expect(spreadsheetPhone('+442079460958')).toBe('(+44) 20 7946 0958');
    expect(spreadsheetPhone('+1 555')).toBe('+1 555');
    expect(spreadsheetPhone('call me')).toBe('call me');
  });

  it('dials a national number with +52 and anything else with its own country code', () => {
    expect(dialable('55 1234 5678')).toBe('+525512345678');
    expect(dialable('+52 55 1234 5678')).toBe('+525512345678');
    expect(dialable('+44 20 7946 0958')).toBe('+442079460958');
    expect(dialable('123')).toBeUndefined();
  });
});
