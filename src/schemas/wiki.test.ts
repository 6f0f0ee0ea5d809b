import { describe, expect, it } from 'vitest';
import { wikiSchema } from './wiki.ts';

const valid = {
  title: 'Instalación paso a paso',
  description: 'Siete pasos para tener el sitio y la API corriendo en tu equipo, con la lista de verificación final.',
  group: 'installation',
  order: 2,
  lastUpdated: new Date('2026-11-22T00:00:00.000Z'),
};

function messages(data: unknown): Record<string, string> {
  const result = wikiSchema.safeParse(data);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.') || '(página)', issue.message]));
}

describe('wiki frontmatter', () => {
  it('accepts a complete page, with or without lastUpdated', () => {
    expect(wikiSchema.safeParse(valid).success).toBe(true);
    const { lastUpdated: _omitted, ...withoutDate } = valid;
    expect(wikiSchema.safeParse(withoutDate).success).toBe(true);
  });

  it('names each wrong field in Spanish', () => {
    expect(messages({ ...valid, group: 'instalacion' })).toEqual({
      group:
        '"instalacion" no es válido: se espera un grupo del menú lateral (overview, installation, pages, components, functionality, design-system, maintenance, backend)',
    });
    expect(messages({ ...valid, description: 'Muy corta.' }).description).toBe(
      'Demasiado corto: se esperan entre 50 y 160 caracteres',
    );
    expect(messages({ ...valid, description: 'x'.repeat(161) }).description).toBe(
      'Demasiado largo: se esperan entre 50 y 160 caracteres',
    );
    expect(messages({ ...valid, order: 1.5 }).order).toBe('Se espera la posición dentro del grupo sin decimales');
    expect(messages({ ...valid, order: '2' }).order).toBe(
      'Se espera la posición dentro del grupo, no texto: escribe solo el número, sin comillas',
    );
    expect(messages({ ...valid, lastUpdated: '22/11/2026' }).lastUpdated).toMatch(/AAAA-MM-DD/);
  });

  it('reports missing fields and unknown keys', () => {
    const { title: _title, ...withoutTitle } = valid;
    expect(messages(withoutTitle).title).toBe('Falta este campo: se espera el título de la página');
    expect(messages({ ...valid, titulo: 'x' })).toEqual({
      titulo: 'Campo desconocido: los campos válidos son title, description, group, order, lastUpdated',
    });
  });
});
