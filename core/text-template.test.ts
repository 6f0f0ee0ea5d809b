import { describe, expect, it } from 'vitest';
import { fillTemplate } from './text-template.ts';

describe('fillTemplate', () => {
  it('replaces every placeholder, numbers included', () => {
    expect(fillTemplate('Calificación: {rating} de {max}', { rating: 5, max: 5 })).toBe('Calificación: 5 de 5');
  });

  it('leaves text without placeholders untouched', () => {
    expect(fillTemplate('Especialidades', {})).toBe('Especialidades');
  });

  it('fails naming the placeholder that has no value', () => {
    expect(() => fillTemplate('Calificación: {calificacion} de 5', { rating: 5 })).toThrow('usa {calificacion}, que no tiene valor');
  });
});
