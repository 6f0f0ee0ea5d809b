import { describe, expect, it } from 'vitest';
import { testimonialSchema } from './testimonials.ts';
import { describeIssues, fakeContext } from './test-context.ts';

const schema = testimonialSchema(fakeContext);

const valid = {
  name: 'Jorge Castañeda',
  role: 'Director de Operaciones',
  company: 'Fletes Lerma',
  image: './jorge-castaneda.webp',
  imageAlt: 'Retrato ilustrado de Jorge Castañeda.',
  content: 'Pasamos de 88% a 97.6% de entregas a tiempo y la Carta Porte dejó de detener unidades en revisión.',
  rating: 5,
  project: 'logistics-platform',
  order: 3,
};

function issuesFor(data: Record<string, unknown>): string[] {
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  return describeIssues(result);
}

describe('testimonials schema', () => {
  it('accepts a complete testimonial and links its project like a reference', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, project: { collection: 'portfolio', id: 'logistics-platform' } });
  });

  it('only accepts a rating of 5', () => {
    expect(issuesFor({ ...valid, rating: 4 })).toEqual(['rating: La calificación (rating) debe ser 5.']);
    expect(issuesFor({ ...valid, rating: '5' })).toEqual(['rating: La calificación (rating) debe ser 5.']);
  });

  it('only accepts one of the six portfolio ids as project', () => {
    const [issue] = issuesFor({ ...valid, project: 'logistica' });
    expect(issue).toMatch(/^project: El id del caso del portfolio debe ser uno de: fintech-revolution, edutech-platform/);
    expect(issue).toContain('"logistica"');
  });

  it('names a missing field', () => {
    const { company: _company, ...withoutCompany } = valid;
    expect(issuesFor(withoutCompany)).toEqual(['company: Falta la empresa.']);
  });

  it('rejects an unknown key and names it', () => {
    expect(issuesFor({ ...valid, estrellas: 5 })[0]).toMatch(/^estrellas: Campo desconocido en el testimonio/);
  });
});
