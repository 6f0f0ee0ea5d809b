import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../../core/content/load.ts';
import { formCopy } from '../../../core/forms/copy.ts';
import { AVAILABILITY } from '../../../core/availability.ts';
import { PICKER_TEXTS, pickerTexts } from './picker-texts.ts';

const { translations } = loadContentFacts();
const texts = (code: string) => {
  const copy = formCopy(translations.catalogues.get(code) ?? {}, code);
  return pickerTexts(copy.picker, code);
};

describe('picker texts from the catalogue', () => {
  it("the default language's words are the picker's Spanish, the manage page's too", () => {
    const { outOfRange, ...words } = texts(translations.defaultCode);
    const { outOfRange: spanishRange, ...spanish } = PICKER_TEXTS;
    expect(words).toEqual(spanish);
    expect(outOfRange('1', '2')).toBe(spanishRange('1', '2'));
  });

  it('another language fills the office hours and the horizon as it writes them, with no braces left', () => {
    for (const { code } of translations.active.filter((language) => !language.is_default)) {
      const { outOfRange, ...words } = texts(code);
      for (const text of Object.values(words)) expect(text).not.toMatch(/[{}]/);
      expect(words.description).toContain(String(AVAILABILITY.horizonDays));
      expect(outOfRange('May 1', 'June 30')).toContain('June 30');
    }
  });
});
