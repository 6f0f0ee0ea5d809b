import { describe, expect, it } from 'vitest';
import { foldText, leadSearchText, MAX_SEARCH_WORDS, parseSearch } from './search.ts';

describe('search folding', () => {
  it('drops accents, capitals and extra spaces the same way for every spelling', () => {
    for (const spelling of ['Álvaro', 'álvaro', 'ÁLVARO', 'alvaro', 'A\u0301lvaro'])
      expect(foldText(spelling), spelling).toBe('alvaro');
    expect(foldText('  Ñandú   Treviño ')).toBe('nandu trevino');
    expect(foldText('Óscar PEÑA')).toBe('oscar pena');
    expect(foldText('Müller-Lüdenscheidt')).toBe('muller-ludenscheidt');
  });

  it("holds a lead's name, e-mail, company, typed texts and phone (with and without +52), folded", () => {
    const text = leadSearchText({
      kind: 'big',
      name: 'Álvaro Núñez',
      email: 'Alvaro@Nunez.MX',
      company: 'Constructora Núñez',
      phone: '+525512345678',
      fields: { message: 'Inventario de Querétaro', budget: '300k-700k' },
    });
    const lines = text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'alvaro nunez',
        'alvaro@nunez.mx',
        'constructora nunez',
        'inventario de queretaro',
        '525512345678',
        '5512345678',
      ]),
    );
    // Option values (a budget id) are not text the visitor typed.
    expect(text).not.toContain('300k');
  });

  it('reads a phone as its 10 national digits however it is typed', () => {
    for (const typed of ['5512345678', '55 1234 5678', '+52 55 1234 5678', '(55) 1234-5678', '+525512345678'])
      expect(parseSearch(typed).words, typed).toEqual(['5512345678']);
    // A short number is text (a street number, a budget), not a phone.
    expect(parseSearch('1200').words).toEqual(['1200']);
  });

  it('reads a reference by its number as well as words', () => {
    expect(parseSearch('CONT-12')).toEqual({ words: ['cont-12'], id: 12 });
    expect(parseSearch('cont 12').id).toBe(12);
    expect(parseSearch('12').id).toBe(12);
    expect(parseSearch('CONT-0').id).toBeUndefined();
    expect(parseSearch('CONT-99999999999999999999').id).toBeUndefined();
  });

  it('searches each different word once, at most a bounded number of them', () => {
    expect(parseSearch('Ana ana ÁNA gutiérrez').words).toEqual(['ana', 'gutierrez']);
    const many = Array.from({ length: 20 }, (_, index) => `palabra${index}`).join(' ');
    expect(parseSearch(many).words).toHaveLength(MAX_SEARCH_WORDS);
  });
});
