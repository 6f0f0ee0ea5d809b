import { describe, expect, it } from 'vitest';
import { leadLanguage } from './lead-language.ts';

const ACTIVE = ['es-MX', 'en'];
const of = (sent: string | undefined) => leadLanguage(sent, ACTIVE, 'es-MX');

describe('leadLanguage', () => {
  it('keeps an active language whatever its case, and a regional tag of one', () => {
    expect(of('en')).toBe('en');
    expect(of('EN')).toBe('en');
    expect(of('en-US')).toBe('en');
    expect(of('es-mx')).toBe('es-MX');
    expect(of(' en , fr')).toBe('en');
  });

  it('falls back to the default language for a missing, inactive or hostile value', () => {
    for (const sent of [
      undefined,
      '',
      'fr',
      'es',
      'x'.repeat(5000),
      'en\r\nX-Evil: 1',
      '<script>',
      'en-' + 'a'.repeat(40),
      '*',
    ])
      expect(of(sent), String(sent).slice(0, 20)).toBe('es-MX');
  });
});
