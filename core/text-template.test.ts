import { describe, expect, it } from 'vitest';
import { fillKnown, fillKnownDeep, fillTemplate } from './text-template.ts';

describe('fillTemplate', () => {
  it('replaces every placeholder, numbers included', () => {
    expect(fillTemplate('Calificación: {rating} de {max}', { rating: 5, max: 5 })).toBe('Calificación: 5 de 5');
  });

  it('leaves text without placeholders untouched', () => {
    expect(fillTemplate('Especialidades', {})).toBe('Especialidades');
  });

  it('fails naming the placeholder that has no value', () => {
    expect(() => fillTemplate('Calificación: {calificacion} de 5', { rating: 5 })).toThrow(
      'usa {calificacion}, que no tiene valor',
    );
  });
});

describe('fillKnown', () => {
  it('fills the placeholders it has values for and keeps the others', () => {
    expect(fillKnown('{Casos} casos · Calificación: {rating} de 5', { Casos: 'Seis' })).toBe(
      'Seis casos · Calificación: {rating} de 5',
    );
  });

  it('does not read inherited names as values', () => {
    expect(fillKnown('{toString} y {constructor}', {})).toBe('{toString} y {constructor}');
  });
});

describe('fillKnownDeep', () => {
  it('fills every string of nested lists and blocks, leaving numbers, dates and the original alone', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    const original = { title: '{Casos} casos', items: [{ description: 'Son {casos}.', order: 2 }], when, empty: null };
    const filled = fillKnownDeep(original, { Casos: 'Siete', casos: 'siete' });
    expect(filled).toEqual({
      title: 'Siete casos',
      items: [{ description: 'Son siete.', order: 2 }],
      when,
      empty: null,
    });
    expect(filled.when).toBe(when);
    expect(original.title).toBe('{Casos} casos');
  });
});
