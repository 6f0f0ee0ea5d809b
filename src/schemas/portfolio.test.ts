import { describe, expect, it } from 'vitest';
import { portfolioSchema } from './portfolio.ts';
import { fakeContext, issues } from './test-support.ts';

const schema = portfolioSchema(fakeContext);

function validCase(): Record<string, unknown> {
  return {
    title: 'Pagora: pagos SPEI y crédito para pymes',
    subtitle: 'Núcleo transaccional de una fintech regulada',
    category: 'Fintech',
    year: 2024,
    client: { name: 'Pagora Financiera', city: 'Ciudad de México' },
    description: 'Núcleo de pagos con SPEI en tiempo real y conciliación automática.',
    image: './fintech-revolution.svg',
    imageAlt: 'Ilustración de un panel financiero con gráficas de pagos.',
    tech: ['Go', 'React', 'PostgreSQL', 'AWS'],
    metrics: [
      { value: '$50M+ MXN', label: 'procesados al mes' },
      { value: '2M+', label: 'transacciones' },
      { value: '99.99%', label: 'disponibilidad' },
    ],
    team: '12 especialistas: 7 desarrolladores, 2 QA, 1 diseñadora UX, 1 DevOps, 1 PM',
    duration: '11 meses',
    challenge: 'La conciliación de SPEI se hacía a mano en hojas de cálculo y cada cambio exigía una ventana nocturna.',
    solution:
      'Un núcleo transaccional en Go con libro mayor de doble partida y eventos en Kafka, migrado cuenta por cuenta.',
    results: [
      '$50M MXN al mes',
      '99.99% de disponibilidad',
      'Conciliación en 15 minutos',
      'Alta de clientes en 9 minutos',
    ],
    features: ['SPEI en tiempo real', 'Libro mayor', 'Antifraude', 'Crédito revolvente', 'Dispersión de nómina'],
    testimonial: {
      text: 'Migramos sin que nadie lo notara.',
      author: 'Luis Fernando Treviño',
      position: 'Director General',
    },
    featured: true,
    order: 1,
  };
}

function issuesFor(overrides: Record<string, unknown>, remove: string[] = []): string[] {
  const data = Object.fromEntries(
    Object.entries({ ...validCase(), ...overrides }).filter(([key]) => !remove.includes(key)),
  );
  const found = issues(schema, data);
  expect(found).not.toEqual([]);
  return found;
}

describe('portfolio schema', () => {
  it('accepts a complete case study and trims its text', () => {
    const result = schema.safeParse({ ...validCase(), title: '  Pagora  ' });
    expect(result.success).toBe(true);
    expect(result.data?.title).toBe('Pagora');
    expect(result.data?.metrics[0]).toEqual({ value: '$50M+ MXN', label: 'procesados al mes' });
  });

  it('names a missing field', () => {
    expect(issuesFor({}, ['subtitle'])).toEqual(['subtitle: Falta este campo: se espera el subtítulo del caso']);
    expect(issuesFor({}, ['image'])[0]).toMatch(/^image: /);
  });

  it('rejects an empty text field', () => {
    expect(issuesFor({ imageAlt: '   ' })).toEqual([
      'imageAlt: No puede quedar vacío: se espera el texto alternativo de la imagen (describe la ilustración)',
    ]);
  });

  it('takes any short industry name as category, so a new case may open a new one', () => {
    expect(schema.safeParse({ ...validCase(), category: 'AgroTech' }).success).toBe(true);
    expect(issuesFor({ category: '' })).toEqual([
      'category: No puede quedar vacío: se espera la industria del caso (p. ej. Fintech, EdTech, E-commerce)',
    ]);
    expect(issuesFor({ category: 'Tecnología para el campo y la agroindustria' })).toEqual([
      'category: Demasiado largo: máximo 30 caracteres',
    ]);
  });

  it('rejects wrong counts in the lists', () => {
    expect(issuesFor({ tech: ['Go', 'React', 'AWS'] })).toEqual(['tech: Se esperan entre 4 y 8 elementos']);
    expect(issuesFor({ metrics: [{ value: '2M+', label: 'transacciones' }] })[0]).toBe(
      'metrics: Se esperan entre 2 y 4 elementos',
    );
    expect(issuesFor({ results: ['1', '2', '3'] })[0]).toBe('results: Se esperan entre 4 y 5 elementos');
    expect(issuesFor({ features: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })[0]).toBe(
      'features: Se esperan entre 5 y 6 elementos',
    );
  });

  it('rejects wrong types with a message for editors', () => {
    expect(issuesFor({ year: '2024' })).toEqual([
      'year: Se espera el año de lanzamiento, no texto: escribe solo el número, sin comillas',
    ]);
    expect(issuesFor({ featured: 'true' })).toEqual([
      'featured: Se espera true o false sin comillas (¿el caso aparece en la página de inicio?), no texto',
    ]);
    expect(issuesFor({ tech: 'Go, React' })[0]).toMatch(
      /^tech: Se espera una lista de entre 4 y 8 elementos .*, no texto$/,
    );
    expect(issuesFor({ order: 1.5 })).toEqual(['order: Se espera la posición en la lista sin decimales']);
  });

  it('rejects a year before the company existed', () => {
    expect(issuesFor({ year: 2014 })).toEqual([
      `year: Se espera el año de lanzamiento de 2015 a ${new Date().getFullYear()}`,
    ]);
  });

  it('rejects an unknown key and names it', () => {
    const [issue] = issuesFor({ subtitel: 'typo' });
    expect(issue).toMatch(/^subtitel: Campo desconocido: los campos válidos son title, subtitle, /);
  });

  it('checks nested objects by path', () => {
    expect(issuesFor({ testimonial: { text: 'Muy bien.', position: 'CEO' } })).toEqual([
      'testimonial.author: Falta este campo: se espera el autor del testimonio',
    ]);
    const clientIssues = issuesFor({ client: { name: 'Pagora', ciudad: 'CDMX' } });
    expect(clientIssues).toHaveLength(2);
    expect(clientIssues[0]).toBe('client.city: Falta este campo: se espera la ciudad del cliente');
    expect(clientIssues[1]).toBe('client.ciudad: Campo desconocido: los campos válidos son name, city');
    expect(issuesFor({ client: 'Pagora, CDMX' })).toEqual([
      'client: Se espera un bloque con campos (name, city), no texto',
    ]);
    expect(issuesFor({ metrics: [{ value: '2M+' }, { value: '1', label: 'x' }] })).toEqual([
      'metrics.0.label: Falta este campo: se espera la etiqueta de la métrica',
    ]);
  });

  it('holds the card description (also the meta description) to 50-160 characters and the title to 61', () => {
    expect(issuesFor({ description: 'a'.repeat(161) })).toEqual([
      'description: Demasiado largo: se esperan entre 50 y 160 caracteres',
    ]);
    expect(issuesFor({ description: 'Pagos SPEI.' })).toEqual([
      'description: Demasiado corto: se esperan entre 50 y 160 caracteres',
    ]);
    expect(schema.safeParse({ ...validCase(), description: 'a'.repeat(160) }).success).toBe(true);
    expect(issuesFor({ title: 'T'.repeat(62) })).toEqual(['title: Demasiado largo: máximo 61 caracteres']);
  });

  it('requires a figure in every result', () => {
    const issues = issuesFor({ results: ['Más rápido', '2x', '3x', '4x'] });
    expect(issues).toEqual(['results.0: Cada resultado debe incluir una cifra (p. ej. "-38% en contracargos").']);
  });

  it('keeps team and duration in their documented formats', () => {
    expect(issuesFor({ team: 'Cinco desarrolladores' })[0]).toMatch(
      /^team: El equipo se escribe como "9 especialistas:/,
    );
    expect(issuesFor({ duration: 'siete meses' })).toEqual([
      'duration: La duración se escribe como "7 meses" o "6 semanas".',
    ]);
    expect(schema.safeParse({ ...validCase(), duration: '1 mes' }).success).toBe(true);
  });
});
