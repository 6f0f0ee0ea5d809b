import { describe, expect, it } from 'vitest';
import { teamSchema } from './team.ts';
import { fakeContext, issues } from './test-support.ts';

const schema = teamSchema(fakeContext);

const valid = {
  name: 'Daniela Ortega',
  role: 'Directora de Tecnología',
  image: './daniela-ortega.webp',
  imageAlt: 'Retrato ilustrado de Daniela Ortega.',
  bio: 'Ingeniera en sistemas con 15 años construyendo plataformas financieras y el núcleo SPEI de un cliente fintech.',
  skills: ['Arquitectura de software', 'Go', 'Pagos SPEI', 'Seguridad'],
  order: 1,
};

function issuesFor(data: Record<string, unknown>): string[] {
  const found = issues(schema, data);
  expect(found).not.toEqual([]);
  return found;
}

describe('team schema', () => {
  it('accepts a complete team member', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it('accepts a member without a photo (the page shows a monogram)', () => {
    const { image: _image, ...withoutPhoto } = valid;
    expect(schema.parse(withoutPhoto)).toEqual(withoutPhoto);
  });

  it('names a missing field', () => {
    const { bio: _bio, ...withoutBio } = valid;
    expect(issuesFor(withoutBio)).toEqual(['bio: Falta este campo: se espera la biografía']);
  });

  it('rejects a bio too short to say anything concrete', () => {
    expect(issuesFor({ ...valid, bio: 'Ingeniera.' })).toEqual([
      'bio: Demasiado corto: se esperan entre 80 y 500 caracteres',
    ]);
  });

  it('requires 4 to 6 skills as a list', () => {
    expect(issuesFor({ ...valid, skills: ['Go', 'AWS', 'SQL'] })).toEqual(['skills: Se esperan entre 4 y 6 elementos']);
    expect(issuesFor({ ...valid, skills: 'Go, AWS, SQL, Redis' })[0]).toMatch(
      /^skills: Se espera una lista de entre 4 y 6 elementos .*, no texto$/,
    );
  });

  it('rejects an unknown key and names it', () => {
    expect(issuesFor({ ...valid, puesto: 'CTO' })[0]).toBe(
      'puesto: Campo desconocido: los campos válidos son name, role, image, imageAlt, bio, skills, order',
    );
  });
});
