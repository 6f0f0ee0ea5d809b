import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { portfolioId } from './portfolio.ts';
import { testimonialSchema } from './testimonials.ts';
import { describeIssues, fakeContext } from './test-context.ts';

const schema = testimonialSchema(fakeContext, portfolioId);

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
  it('accepts a complete testimonial', () => {
    expect(schema.parse(valid)).toEqual(valid);
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
    expect(issuesFor({ ...valid, estrellas: 5 })[0]).toContain('Campo desconocido «estrellas» en el testimonio');
  });

  it('passes the validated id on to the project field the config supplies', () => {
    // The config pipes the id into reference('portfolio'); this stand-in has the same output shape.
    const linked = testimonialSchema(fakeContext, portfolioId.pipe(z.string().transform((id) => ({ id, collection: 'portfolio' as const }))));
    expect(linked.parse(valid).project).toEqual({ id: 'logistics-platform', collection: 'portfolio' });
    expect(linked.safeParse({ ...valid, project: 'fintech' }).success).toBe(false);
  });
});
