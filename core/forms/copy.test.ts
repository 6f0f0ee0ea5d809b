import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../content/load.ts';
import { formCopy, formWord } from './copy.ts';
import { FORM_DEFINITIONS } from './definitions.ts';
import { MESSAGES } from './fields.ts';
import { internationalPhoneRule, normalizeInternationalPhone, phoneRegionOf } from './international-phone.ts';
import { plausiblePhone } from './phone.ts';
import { projectContactSchema, fieldErrors } from './schemas.ts';

const { translations, lists } = loadContentFacts();
const catalogue = (code: string) => translations.catalogues.get(code) ?? {};

describe('form copy from the catalogues', () => {
  it('the default language words its form messages as the inbox and the other Spanish checks do', () => {
    expect(formCopy(catalogue(translations.defaultCode), translations.defaultCode).messages).toEqual(MESSAGES);
  });

  it('every active language has every label, word and message, with the limits filled', () => {
    for (const { code } of translations.active) {
      const copy = formCopy(catalogue(code), code);
      expect(copy.messages.maxText).not.toMatch(/[{}]/);
      expect(copy.messages.maxText).toContain('255');
      expect(formWord(copy, 'reference', { referencia: 'CONT-7' })).toContain('CONT-7');
    }
  });

  it('names the file and key of a missing text', () => {
    expect(() => formCopy({ forms: {} }, 'fr')).toThrow('content/i18n/fr.yaml');
  });
});

describe('US and international phones', () => {
  it('reads a number without a country code in the language region', () => {
    expect(phoneRegionOf('en')).toBe('US');
    expect(phoneRegionOf('en-GB')).toBe('GB');
    expect(phoneRegionOf('fr')).toBeUndefined();
    expect(normalizeInternationalPhone('(512) 555-0142', 'US')).toBe('+15125550142');
    expect(normalizeInternationalPhone('512.555.0142', 'US')).toBe('+15125550142');
    expect(normalizeInternationalPhone('020 7946 0958', 'GB')).toBe('+442079460958');
  });

  it('keeps Mexican numbers with +52 as the Spanish forms store them', () => {
    expect(normalizeInternationalPhone('+52 55 4161 2280', 'US')).toBe('+525541612280');
    expect(normalizeInternationalPhone('+52 (33) 1234-5678', undefined)).toBe('+523312345678');
  });

  it('refuses what no numbering plan has, and hostile values', () => {
    for (const value of ['555-0142', '123', '+1 555 555 5555', 'call me', '+'.repeat(300), '512\u0000555\u00000142'])
      expect(normalizeInternationalPhone(value, 'US'), JSON.stringify(value)).toBeUndefined();
    expect(normalizeInternationalPhone('4161 2280', undefined)).toBeUndefined();
  });

  it("the English forms' own check takes what the API may take and refuses what it never would", () => {
    expect(plausiblePhone('(512) 555-0142')).toBe('+15125550142');
    expect(plausiblePhone('1-512-555-0142')).toBe('+15125550142');
    expect(plausiblePhone('+44 20 7946 0958')).toBe('+442079460958');
    for (const value of ['555-0142', '(012) 555-0142', '(512) 155-0142', '+1234567', 'call me', '+'.repeat(40)])
      expect(plausiblePhone(value), value).toBeUndefined();
    // Whatever the browser takes from a US visitor, the API's numbering plans read the same way.
    expect(normalizeInternationalPhone('(512) 555-0142', 'US')).toBe(plausiblePhone('(512) 555-0142'));
  });

  it('an English project form validates with English messages and the US rule', () => {
    const copy = formCopy(catalogue('en'), 'en');
    const schema = projectContactSchema(lists, { messages: copy.messages, phone: internationalPhoneRule('en') });
    const parsed = schema.safeParse({ phone: '(212) 555-0199' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = fieldErrors(parsed.error);
    expect(errors.phone).toBeUndefined();
    expect(errors.name).toBe(copy.messages.required);
    const bad = schema.safeParse({ phone: '555-0142', email: 'megan@' });
    expect(bad.success ? {} : fieldErrors(bad.error)).toMatchObject({
      phone: copy.messages.phone,
      email: copy.messages.email,
    });
  });
});

describe("the forms' own words", () => {
  it('every label a form gives a field, and its send button, has its catalogue word, worded alike in Spanish', () => {
    const spanish = formCopy(catalogue(translations.defaultCode), translations.defaultCode);
    for (const definition of Object.values(FORM_DEFINITIONS)) {
      for (const field of definition.fields.filter((each) => each.label !== undefined && each.hint === undefined))
        if (definition.id !== 'consulting')
          expect(field.word && spanish.words[field.word], field.name).toBe(field.label);
      if (definition.submitWord) expect(spanish.words[definition.submitWord]).toBe(definition.submitLabel);
    }
  });
});
