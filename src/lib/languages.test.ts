import { describe, expect, it } from 'vitest';
import { isLanguageCode, language } from './languages.ts';

describe('language', () => {
  it('names a language in Mexican Spanish and in itself', () => {
    expect(language('de')).toEqual({ code: 'de', name: 'Alemán', native: 'Deutsch', dir: 'ltr' });
    expect(language('ja')).toMatchObject({ name: 'Japonés', native: '日本語' });
    expect(language('hi')).toMatchObject({ name: 'Hindi', native: 'हिन्दी' });
  });

  it('names a language in the language of the page when it is not Spanish', () => {
    expect(language('ar', 'en')).toMatchObject({ name: 'Arabic', native: 'العربية' });
    expect(language('ja', 'en').name).toBe('Japanese');
  });

  it('knows Arabic reads right to left', () => {
    expect(language('ar')).toMatchObject({ name: 'Árabe', native: 'العربية', dir: 'rtl' });
  });

  it('accepts only plain ISO 639 codes that CLDR names', () => {
    expect(['es', 'en', 'fr', 'pt', 'it', 'de', 'ja', 'zh', 'ar', 'ru', 'ko', 'hi'].every(isLanguageCode)).toBe(true);
    for (const bad of ['', 'ES', 'español', 'es-MX', 'xx', 'zz', '<b>', 'e'])
      expect(isLanguageCode(bad), bad).toBe(false);
    expect(() => language('xx')).toThrow(/no es un código de idioma/);
  });
});
