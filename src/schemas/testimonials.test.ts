import { describe, expect, it } from 'vitest';
import { testimonialSchema } from './testimonials.ts';
import { fakeContext, issues } from './test-support.ts';

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
  const found = issues(schema, data);
  expect(found).not.toEqual([]);
  return found;
}

describe('testimonials schema', () => {
  it('accepts a complete testimonial and links its project like a reference', () => {
    expect(schema.parse(valid)).toEqual({ ...valid, project: { collection: 'portfolio', id: 'logistics-platform' } });
  });

  it('only accepts a rating of 5', () => {
    expect(issuesFor({ ...valid, rating: 4 })).toEqual([
      'rating: Se espera 5, sin comillas: solo se publican testimonios de cinco estrellas',
    ]);
    expect(issuesFor({ ...valid, rating: '5' })).toEqual([
      'rating: Se espera 5, sin comillas: solo se publican testimonios de cinco estrellas',
    ]);
  });

  it('only accepts the id of a case file in content/portfolio/ as project, listing them', () => {
    const [issue] = issuesFor({ ...valid, project: 'logistica' });
    expect(issue).toMatch(
      /^project: "logistica" no es válido: se espera el id de un caso del portfolio, el nombre de su archivo en content\/portfolio\/ \(.*logistics-platform/,
    );
    expect(issuesFor({ ...valid, project: undefined })).toEqual([
      'project: Falta este campo: se espera el id de un caso del portfolio',
    ]);
  });

  it('names a missing field', () => {
    const { company: _company, ...withoutCompany } = valid;
    expect(issuesFor(withoutCompany)).toEqual(['company: Falta este campo: se espera la empresa']);
  });

  it('rejects an unknown key and names it', () => {
    expect(issuesFor({ ...valid, estrellas: 5 })[0]).toMatch(
      /^estrellas: Campo desconocido: los campos válidos son name, role, company/,
    );
  });
});
