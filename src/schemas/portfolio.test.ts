import { describe, expect, it } from 'vitest';
import { portfolioSchema } from './portfolio.ts';
import { describeIssues, fakeContext } from './test-context.ts';

const schema = portfolioSchema(fakeContext);

function validCase(): Record<string, unknown> {
  return {
    title: 'Pagora: pagos SPEI y crédito para PyMEs',
    subtitle: 'Núcleo transaccional de una fintech regulada',
    category: 'Fintech',
    year: 2024,
    client: { name: 'Pagora Financiera', city: 'Ciudad de México' },
    description: 'Núcleo de pagos con SPEI en tiempo real y conciliación automática.',
    image: './fintech-revolution.webp',
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
    solution: 'Un núcleo transaccional en Go con libro mayor de doble partida y eventos en Kafka, migrado cuenta por cuenta.',
    results: ['$50M MXN al mes', '99.99% de disponibilidad', 'Conciliación en 15 minutos', 'Alta de clientes en 9 minutos'],
    features: ['SPEI en tiempo real', 'Libro mayor', 'Antifraude', 'Crédito revolvente', 'Dispersión de nómina'],
    testimonial: { text: 'Migramos sin que nadie lo notara.', author: 'Luis Fernando Treviño', position: 'Director General' },
    featured: true,
    order: 1,
  };
}

function issuesFor(overrides: Record<string, unknown>, remove: string[] = []): string[] {
  const data = { ...validCase(), ...overrides };
  for (const key of remove) delete data[key];
  const result = schema.safeParse(data);
  expect(result.success).toBe(false);
  return describeIssues(result);
}

describe('portfolio schema', () => {
  it('accepts a complete case study and trims its text', () => {
    const result = schema.safeParse({ ...validCase(), title: '  Pagora  ' });
    expect(result.success).toBe(true);
    expect(result.data?.title).toBe('Pagora');
    expect(result.data?.metrics[0]).toEqual({ value: '$50M+ MXN', label: 'procesados al mes' });
  });

  it('names a missing field', () => {
    expect(issuesFor({}, ['subtitle'])).toEqual(['subtitle: Falta el subtítulo del caso.']);
    expect(issuesFor({}, ['image'])[0]).toMatch(/^image: /);
  });

  it('rejects an empty text field', () => {
    expect(issuesFor({ imageAlt: '   ' })).toEqual([
      'imageAlt: El texto alternativo de la imagen (describe la ilustración) no puede estar vacío.',
    ]);
  });

  it('rejects a category outside the enum and lists the valid ones', () => {
    const [issue] = issuesFor({ category: 'Salud' });
    expect(issue).toContain('category: La categoría debe ser uno de: Fintech, EdTech, E-commerce, HealthTech, Logística, PropTech');
    expect(issue).toContain('"Salud"');
  });

  it('rejects wrong counts in the lists', () => {
    expect(issuesFor({ tech: ['Go', 'React', 'AWS'] })).toEqual(['tech: Escribe entre 4 y 8 elementos en las tecnologías (tech).']);
    expect(issuesFor({ metrics: [{ value: '2M+', label: 'transacciones' }] })[0]).toMatch(/^metrics: Escribe entre 2 y 4 elementos/);
    expect(issuesFor({ results: ['1', '2', '3'] })[0]).toMatch(/^results: Escribe entre 4 y 5 elementos/);
    expect(issuesFor({ features: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] })[0]).toMatch(/^features: Escribe entre 5 y 6 elementos/);
  });

  it('rejects wrong types with a message for editors', () => {
    expect(issuesFor({ year: '2024' })).toEqual(['year: El año de lanzamiento debe ser un número entre 2015 y ' + new Date().getFullYear() + '.']);
    expect(issuesFor({ featured: 'true' })[0]).toContain('featured: El campo featured (true si el caso aparece en la página de inicio) debe ser true o false, sin comillas.');
    expect(issuesFor({ tech: 'Go, React' })[0]).toMatch(/^tech: .*deben ser una lista/);
    expect(issuesFor({ order: 1.5 })).toEqual(['order: El orden (order) debe ser un número entero.']);
  });

  it('rejects a year before the company existed', () => {
    expect(issuesFor({ year: 2014 })[0]).toMatch(/^year: El año de lanzamiento debe ser un número entre 2015 y/);
  });

  it('rejects an unknown key and names it', () => {
    const [issue] = issuesFor({ subtitel: 'typo' });
    expect(issue).toMatch(/^subtitel: Campo desconocido en el caso del portfolio; revisa la ortografía\./);
    expect(issue).toContain('Campos válidos: title, subtitle,');
  });

  it('checks nested objects by path', () => {
    expect(issuesFor({ testimonial: { text: 'Muy bien.', position: 'CEO' } })).toEqual(['testimonial.author: Falta el autor del testimonio.']);
    const clientIssues = issuesFor({ client: { name: 'Pagora', ciudad: 'CDMX' } });
    expect(clientIssues).toHaveLength(2);
    expect(clientIssues[0]).toBe('client.city: Falta la ciudad del cliente.');
    expect(clientIssues[1]).toMatch(/^client\.ciudad: Campo desconocido en el cliente; revisa la ortografía\. Campos válidos: name, city\.$/);
    expect(issuesFor({ client: 'Pagora, CDMX' })).toEqual(['client: El cliente debe tener los campos: name, city.']);
    expect(issuesFor({ metrics: [{ value: '2M+' }, { value: '1', label: 'x' }] })).toEqual(['metrics.0.label: Falta la etiqueta de la métrica.']);
  });

  it('limits the card description (also the meta description) to 160 characters', () => {
    expect(issuesFor({ description: 'a'.repeat(161) })).toEqual(['description: La descripción de la tarjeta debe tener como máximo 160 caracteres.']);
    expect(schema.safeParse({ ...validCase(), description: 'a'.repeat(160) }).success).toBe(true);
  });

  it('requires a figure in every result', () => {
    const issues = issuesFor({ results: ['Más rápido', '2x', '3x', '4x'] });
    expect(issues).toEqual(['results.0: Cada resultado debe incluir una cifra (p. ej. "-38% en contracargos").']);
  });

  it('keeps team and duration in their documented formats', () => {
    expect(issuesFor({ team: 'Cinco desarrolladores' })[0]).toMatch(/^team: El equipo se escribe como "9 especialistas:/);
    expect(issuesFor({ duration: 'siete meses' })).toEqual(['duration: La duración se escribe como "7 meses" o "6 semanas".']);
    expect(schema.safeParse({ ...validCase(), duration: '1 mes' }).success).toBe(true);
  });
});
