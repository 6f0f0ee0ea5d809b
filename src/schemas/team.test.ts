import { describe, expect, it } from 'vitest';
import { teamSchema } from './team.ts';
import { describeIssues, fakeContext } from './test-context.ts';

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
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  return describeIssues(result);
}

describe('team schema', () => {
  it('accepts a complete team member', () => {
    expect(schema.parse(valid)).toEqual(valid);
  });

  it('names a missing field', () => {
    const { bio: _bio, ...withoutBio } = valid;
    expect(issuesFor(withoutBio)).toEqual(['bio: Falta la biografía (bio).']);
  });

  it('rejects a bio too short to say anything concrete', () => {
    expect(issuesFor({ ...valid, bio: 'Ingeniera.' })).toEqual(['bio: La biografía (bio) debe tener al menos 80 caracteres.']);
  });

  it('requires 4 to 6 skills as a list', () => {
    expect(issuesFor({ ...valid, skills: ['Go', 'AWS', 'SQL'] })).toEqual(['skills: Escribe entre 4 y 6 elementos en las habilidades (skills).']);
    expect(issuesFor({ ...valid, skills: 'Go, AWS, SQL, Redis' })[0]).toMatch(/^skills: Las habilidades \(skills\) deben ser una lista/);
  });

  it('rejects an unknown key and names it', () => {
    expect(issuesFor({ ...valid, puesto: 'CTO' })[0]).toMatch(/^puesto: Campo desconocido en la persona del equipo/);
  });
});
