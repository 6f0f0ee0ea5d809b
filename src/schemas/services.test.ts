import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { SERVICE_IDS, serviceRules, serviceSchema } from './services.ts';
import { changed, folderEntry, issues, REMOVE } from './test-support.ts';

const web = folderEntry('services', 'aplicaciones-web');
const data = folderEntry('services', 'datos-ia');

describe('services schema', () => {
  it.each(SERVICE_IDS)('accepts the real content/services/%s.yaml', (id) => {
    expect(issues(serviceSchema, folderEntry('services', id))).toEqual([]);
  });

  it('rejects a missing title, naming the field', () => {
    expect(issues(serviceSchema, changed(web, 'title', REMOVE))).toEqual([
      'title: Falta este campo: se espera el título de la tarjeta',
    ]);
  });

  it('rejects an icon outside the list', () => {
    expect(issues(serviceSchema, changed(web, 'icon', 'rocketship'))[0]).toMatch(
      /^icon: "rocketship" no es válido: se espera un icono \(arrow-right, /,
    );
  });

  it('rejects six features (3 to 5)', () => {
    const features = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'];
    expect(issues(serviceSchema, changed(web, 'features', features))).toEqual([
      'features: Se esperan entre 3 y 5 elementos',
    ]);
  });

  it('rejects an order written as text', () => {
    expect(issues(serviceSchema, changed(web, 'order', 'primero'))).toEqual([
      'order: Se espera la posición en la portada, no texto: escribe solo el número, sin comillas',
    ]);
  });

  it('rejects an unknown key', () => {
    expect(issues(serviceSchema, changed(web, 'titel', 'Apps'))[0]).toMatch(
      /^titel: Campo desconocido: los campos válidos son id, icon, title/,
    );
  });

  it('rejects a file name that is not a service id', () => {
    expect(issues(serviceSchema, changed(web, 'id', 'blog'))[0]).toMatch(/^id: "blog" no es válido/);
  });

  it('requires the page block on services with their own page, with the anchor the route table gives', () => {
    expect(issues(serviceSchema, changed(web, 'page', REMOVE))).toEqual([
      'page: Falta el bloque page: "aplicaciones-web" tiene página en /servicios/aplicaciones-web',
    ]);
    expect(issues(serviceSchema, changed(web, 'page.anchored.anchor', 'tipos'))).toEqual([
      'page.anchored.anchor: El ancla de esta página es "tecnologias"',
    ]);
    expect(issues(serviceSchema, changed(web, 'link', '/servicios/web'))).toEqual([
      'link: Este servicio tiene página propia: el enlace debe ser "/servicios/aplicaciones-web"',
    ]);
  });

  it('lists on the web apps page the twelve languages products are localised into, as valid unique codes', () => {
    const page = web.page as { languages?: { codes: string[] } };
    expect(page.languages?.codes).toEqual(['es', 'en', 'fr', 'pt', 'it', 'de', 'ja', 'zh', 'ar', 'ru', 'ko', 'hi']);
    expect(issues(serviceSchema, changed(web, 'page.languages.codes.3', 'portugués'))).toEqual([
      'page.languages.codes.3: "portugués" no es un código de idioma ISO 639: se espera uno como es, en o ja',
    ]);
    expect(issues(serviceSchema, changed(web, 'page.languages.codes.3', 'es'))).toEqual([
      'page.languages.codes.3: El idioma "es" está repetido',
    ]);
    expect(issues(serviceSchema, changed(web, 'page.languages', REMOVE))).toEqual([]);
  });

  it('forbids a page block on a card-only service', () => {
    expect(issues(serviceSchema, { ...data, page: web.page })).toEqual([
      'page: "datos-ia" no tiene página propia: quita el bloque page',
    ]);
  });

  it('requires exactly three FAQs and a sane timeline on a service page', () => {
    expect(issues(serviceSchema, changed(web, 'page.faqs.items.2', REMOVE))).toEqual([
      'page.faqs.items: Se esperan exactamente 3 elementos',
    ]);
    const swapped = changed(
      changed(web, 'page.engagement.timeline.minWeeks', 9),
      'page.engagement.timeline.maxWeeks',
      4,
    );
    expect(issues(serviceSchema, swapped)).toEqual([
      'page.engagement.timeline: minWeeks no puede ser mayor que maxWeeks',
    ]);
  });

  it('requires the hero buttons and the page labels', () => {
    expect(issues(serviceSchema, changed(web, 'page.hero.actions', REMOVE))).toEqual([
      'page.hero.actions: Falta esta lista (entre 1 y 2 elementos)',
    ]);
    expect(issues(serviceSchema, changed(web, 'page.labels.investment', REMOVE))).toEqual([
      'page.labels.investment: Falta este campo: se espera la etiqueta de la inversión inicial',
    ]);
    expect(issues(serviceSchema, changed(web, 'page.cta.secondary', REMOVE))).toEqual([
      'page.cta.secondary: Falta este bloque',
    ]);
  });

  it('accepts a page without related cases, and rejects an unknown or repeated case', () => {
    expect(issues(serviceSchema, changed(web, 'page.related', REMOVE))).toEqual([]);
    expect(issues(serviceSchema, changed(web, 'page.related.cases.0', 'fintech'))[0]).toMatch(
      /^page\.related\.cases\.0: .*fintech-revolution/,
    );
    const repeated = changed(web, 'page.related.cases', ['healthtech-app', 'healthtech-app']);
    expect(issues(serviceSchema, repeated)).toEqual(['page.related.cases.1: El caso "healthtech-app" está repetido']);
  });

  it('rejects a link to another site', () => {
    expect(issues(serviceSchema, changed(data, 'link', 'https://example.com'))[0]).toMatch(
      /^link: Se espera un enlace interno/,
    );
  });
});

describe('service entry rules', () => {
  const entries = SERVICE_IDS.map((id, index) => ({ id, data: { order: index + 1 } }));

  it('accepts the six services with distinct positions', () => {
    expect(entryProblems(entries, serviceRules)).toEqual([]);
  });

  it('names the file of a missing service and flags repeated positions', () => {
    const broken = entries
      .filter((entry) => entry.id !== 'ecommerce')
      .map((entry) => (entry.id === 'datos-ia' ? { ...entry, data: { order: 1 } } : entry));
    expect(entryProblems(broken, serviceRules)).toEqual([
      'Falta content/services/ecommerce.yaml.',
      'Dos servicios tienen order 1: cada tarjeta necesita una posición distinta.',
    ]);
  });
});
