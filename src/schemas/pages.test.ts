import { describe, expect, it } from 'vitest';
import { PAGE_IDS, pageLabel, pageSchema, pageSection } from './pages.ts';
import { changed, folderEntry, issues, REMOVE } from './test-support.ts';
import { fillTemplate } from '../../core/text-template.ts';

const home = folderEntry('pages', 'home');
const start = folderEntry('pages', 'iniciar-proyecto');
const consulting = folderEntry('pages', 'consultoria-tecnologica');

describe('pages schema', () => {
  it.each(PAGE_IDS)('accepts the real content/pages/%s.yaml', (id) => {
    expect(issues(pageSchema, folderEntry('pages', id))).toEqual([]);
  });

  it('rejects a file name that is not a known page', () => {
    expect(issues(pageSchema, changed(home, 'id', 'inicio'))[0]).toMatch(
      /^id: "inicio" no es válido: se espera una página conocida/,
    );
  });

  it('names a missing section and an unknown one', () => {
    expect(issues(pageSchema, changed(home, 'sections.equipo', REMOVE))).toEqual([
      'sections.equipo: Falta la sección "equipo" (la página "home" lleva por-que-nosotros, portfolio, servicios, stack, proceso, equipo, testimonios, contacto)',
    ]);
    const withExtra = changed(home, 'sections.blog', { title: 'Blog' });
    expect(issues(pageSchema, withExtra)).toEqual([
      'sections.blog: Sección desconocida en "home": las secciones son por-que-nosotros, portfolio, servicios, stack, proceso, equipo, testimonios, contacto',
    ]);
  });

  it('requires exactly three why-us pillars on home and the card link texts', () => {
    expect(issues(pageSchema, changed(home, 'sections.por-que-nosotros.items.2', REMOVE))).toEqual([
      'sections.por-que-nosotros.items: Se esperan 3 elementos',
    ]);
    expect(issues(pageSchema, changed(home, 'sections.servicios.linkLabel', REMOVE))).toEqual([
      'sections.servicios.linkLabel: Falta el texto del enlace de cada tarjeta',
    ]);
  });

  it('requires the hero buttons the page has, and only those', () => {
    expect(issues(pageSchema, changed(home, 'hero.actions.1', REMOVE))).toEqual([
      'hero.actions: La portada de "home" lleva 2 botones',
    ]);
    const faq = folderEntry('pages', 'faq');
    expect(issues(pageSchema, changed(faq, 'hero.actions', [{ label: 'Ir', href: '/contacto' }]))).toEqual([
      'hero.actions: La portada de "faq" no lleva botones',
    ]);
  });

  it('rejects a button that links to another site or has no label', () => {
    expect(issues(pageSchema, changed(home, 'hero.actions.0.href', 'https://angram.mx'))[0]).toMatch(
      /^hero\.actions\.0\.href: Se espera un enlace interno/,
    );
    expect(issues(pageSchema, changed(home, 'hero.actions.0.label', REMOVE))).toEqual([
      'hero.actions.0.label: Falta este campo: se espera el texto del botón',
    ]);
  });

  it('names missing and unknown labels', () => {
    expect(issues(pageSchema, changed(consulting, 'labels.from', REMOVE))[0]).toMatch(
      /^labels\.from: Falta la etiqueta "from"/,
    );
    expect(issues(pageSchema, changed(consulting, 'labels.precio', 'Precio'))[0]).toMatch(
      /^labels\.precio: Etiqueta desconocida/,
    );
  });

  it('checks the back link of the route table', () => {
    expect(issues(pageSchema, changed(consulting, 'backLink.href', '/'))).toEqual([
      'backLink.href: El enlace de regreso va a /tecnologias',
    ]);
    expect(issues(pageSchema, changed(consulting, 'backLink', REMOVE))).toEqual([
      'backLink: Falta el enlace de regreso a /tecnologias',
    ]);
    expect(issues(pageSchema, { ...home, backLink: { label: 'Volver', href: '/' } })).toEqual([
      'backLink: La página "home" no lleva enlace de regreso',
    ]);
  });

  it('requires the offer on /iniciar-proyecto with whole numbers', () => {
    expect(issues(pageSchema, changed(start, 'offer', REMOVE))).toEqual([
      'offer: Falta el bloque offer (oferta por tiempo limitado)',
    ]);
    expect(issues(pageSchema, changed(start, 'offer.discountPercent', '20%'))).toEqual([
      'offer.discountPercent: Se espera un porcentaje, no texto: escribe solo el número, sin comillas',
    ]);
    expect(issues(pageSchema, changed(start, 'offer.slots', 2.5))).toEqual([
      'offer.slots: Se espera un número de lugares sin decimales',
    ]);
    expect(issues(pageSchema, { ...home, offer: start.offer })).toEqual([
      'offer: La página "home" no lleva bloque offer',
    ]);
  });

  it('reads the start of the offer on the Mexico City clock and ends it its hours later', () => {
    const offerOf = (path: string, value: unknown) => {
      const parsed = pageSchema.safeParse(changed(start, path, value));
      return parsed.success ? parsed.data.offer : undefined;
    };
    // YAML hands a bare date over as a Date at midnight UTC, a date with a time as text.
    expect(offerOf('offer.startsAt', new Date('2027-01-15T00:00:00Z'))?.endsAt).toEqual({
      date: '2027-01-18',
      time: '00:00',
    });
    expect(offerOf('offer.startsAt', '2027-01-15 18:30')).toMatchObject({
      startsAt: { date: '2027-01-15', time: '18:30' },
      endsAt: { date: '2027-01-18', time: '18:30' },
    });
    const hint = /^offer\.startsAt: Se espera cuándo empieza la oferta, con fecha y hora entre comillas/;
    for (const wrong of ['72 horas', '2027-02-30', 72, new Date('2027-01-15T18:30:00Z')]) {
      expect(issues(pageSchema, changed(start, 'offer.startsAt', wrong))[0]).toMatch(hint);
    }
    expect(issues(pageSchema, changed(start, 'offer.startsAt', REMOVE))[0]).toMatch(hint);
    expect(issues(pageSchema, changed(start, 'offer.hours', '72 horas'))[0]).toMatch(
      /^offer\.hours: Se espera un número de horas/,
    );
    expect(issues(pageSchema, changed(start, 'offer.window', 'Oferta de {dias} días'))[0]).toMatch(
      /^offer\.window: \{dias\} no es un dato conocido: aquí puedes usar \{horas\}/,
    );
  });

  it('requires what the offer says once ended, with only {fecha} to fill', () => {
    expect(issues(pageSchema, changed(start, 'offer.ended', REMOVE))).toEqual(['offer.ended: Falta este bloque']);
    expect(issues(pageSchema, changed(start, 'offer.ended.lead', 'Terminó el {dia}.'))).toEqual([
      'offer.ended.lead: {dia} no es un dato conocido: aquí puedes usar {fecha}',
    ]);
  });

  it('rejects an unknown key inside a section', () => {
    expect(issues(pageSchema, changed(home, 'sections.stack.subtitle', 'Extra'))[0]).toMatch(
      /^sections\.stack\.subtitle: Campo desconocido: los campos válidos son eyebrow, title/,
    );
  });
});

describe('pageSection and pageLabel', () => {
  const page = pageSchema.parse(start);

  it('return what the schema guarantees', () => {
    expect(pageSection(page, 'promesa').title).toBe('Respuesta con estrategia en {horasPropuesta} h');
    expect(pageLabel(page, 'submit')).toBe('Enviar Proyecto');
  });

  it('throw, naming page and key, when asked for what the page lacks', () => {
    expect(() => pageSection(page, 'stack')).toThrow('La página "iniciar-proyecto" no tiene la sección "stack"');
    expect(() => pageLabel(page, 'client')).toThrow('La página "iniciar-proyecto" no tiene la etiqueta "client"');
  });
});

describe('labels the new pages read', () => {
  it('home names the star rating with both numbers filled in', () => {
    const page = pageSchema.parse(home);
    expect(fillTemplate(pageLabel(page, 'rating'), { rating: 5, max: 5 })).toBe('Calificación: 5 de 5');
  });

  it('requires the case page labels and the FAQ topics title', () => {
    const portfolio = folderEntry('pages', 'portfolio');
    expect(issues(pageSchema, changed(portfolio, 'labels.nextCase', REMOVE))[0]).toMatch(
      /^labels\.nextCase: Falta la etiqueta "nextCase"/,
    );
    expect(issues(pageSchema, changed(folderEntry('pages', 'faq'), 'labels.topics', REMOVE))[0]).toMatch(
      /^labels\.topics: Falta la etiqueta "topics"/,
    );
  });
});

describe('breadcrumb and the error page', () => {
  it('names the page in the trail by breadcrumb.name or the hero eyebrow', () => {
    const faq = folderEntry('pages', 'faq');
    expect(issues(pageSchema, changed(faq, 'hero.eyebrow', REMOVE))).toEqual([
      'breadcrumb.name: Falta el nombre de la página en la ruta de navegación: escribe breadcrumb.name (o hero.eyebrow)',
    ]);
    expect(issues(pageSchema, { ...changed(faq, 'hero.eyebrow', REMOVE), breadcrumb: { name: 'FAQ' } })).toEqual([]);
    expect(issues(pageSchema, { ...home, breadcrumb: { name: 'Inicio' } })).toEqual([
      'breadcrumb: La página "home" no aparece en la ruta de navegación: quita breadcrumb',
    ]);
    expect(
      issues(pageSchema, changed(folderEntry('pages', 'cms-a-codigo'), 'breadcrumb.parent', 'servicios'))[0],
    ).toMatch(/^breadcrumb\.parent: Se espera un enlace interno/);
  });

  it('reads the 404 copy: three cards with icon and link, four to twelve popular links, the chat labels', () => {
    const notFound = pageSchema.parse(folderEntry('pages', '404'));
    expect(notFound.hero.title).toBe('Página No Encontrada');
    expect(notFound.hero.actions?.map((action) => [action.label, action.href])).toEqual([
      ['Ir al Inicio', '/'],
      ['Contactar Soporte', '/contacto'],
    ]);
    expect(pageSection(notFound, 'explora').items?.map((item) => [item.title, item.href])).toEqual([
      ['Servicios', '/#servicios'],
      ['Portfolio', '/portfolio'],
      ['Tecnologías', '/tecnologias'],
    ]);
    expect(pageSection(notFound, 'populares').actions?.length).toBeGreaterThanOrEqual(4);
    expect(pageLabel(notFound, 'chat')).toBe('Pedir ayuda por WhatsApp');
    const populares = (count: number) =>
      issues(
        pageSchema,
        changed(
          folderEntry('pages', '404'),
          'sections.populares.actions',
          Array.from({ length: count }, (_, index) => ({ label: `Enlace ${index + 1}`, href: '/faq' })),
        ),
      );
    expect(populares(3)).toEqual(['sections.populares.actions: Se esperan de 4 a 12 botones']);
    expect(populares(9)).toEqual([]);
    expect(populares(13)).not.toEqual([]);
  });
});
