/**
 * The real content keeps the figures the business has promised: FAQ figures, process durations, offer numbers,
 * promises, stats. Also keeps the service pages' timelines and prices in step with the FAQ.
 */
import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { AUDIT_ID, auditSchema } from './audit.ts';
import { faqCategorySchema } from './faq.ts';
import { pageLabel, pageSchema, pageSection } from './pages.ts';
import { processPhaseSchema } from './process.ts';
import { hasServicePage, SERVICE_IDS, serviceSchema } from './services.ts';
import { statsGroupSchema } from './stats.ts';
import { fillKnownDeep } from '../../core/text-template.ts';
import { folderEntry, listEntries, mapEntries, PROMISES } from './test-support.ts';

const faq = listEntries('faq.yaml').map((entry) => faqCategorySchema.parse(entry));
const faqText = faq
  .flatMap((category) => category.questions.map((item) => `${item.question} ${item.answer}`))
  .join(' ')
  .replace(/\s+/g, ' ');
// Pages are filled when the site reads them (src/lib/content/page.ts), after the schema: parse, then fill.
const page = (id: string) => fillKnownDeep(pageSchema.parse(folderEntry('pages', id)), PROMISES);

describe('FAQ figures: the promises every page repeats', () => {
  // Each figure must appear in one sentence with what it refers to; the wording around it is free.
  it.each([
    ['web app 4-8 weeks', /aplicación web[^.]* 4 a 8 semanas/i],
    ['e-commerce 8-16 weeks', /e-commerce[^.]* 8 a 16 semanas/i],
    ['enterprise 12-24 weeks', /sistema empresarial[^.]* 12 a 24 semanas/i],
    ['payments 30/40/30', /30% al firmar[^.]* 40% [^.]* 30% al lanzamiento/i],
    ['3 months of free support', /3 meses de soporte gratuito/i],
    ['maintenance from 500 USD a month', /mantenimiento[^.]* desde 500 USD al mes/i],
    ['6-month defect warranty', /6 meses de garantía contra defectos/i],
    ['first reply under 2 hours', /primera respuesta[^.]* menos de 2 horas/i],
    ['proposal 24 hours after the meeting', /propuesta detallada llega 24 horas después de la reunión/i],
    ['a video call, or a time proposed within 48 hours', /reunión es una videollamada[^.]* 48 horas/i],
  ])('states %s', (_figure, sentence) => {
    expect(faqText).toMatch(sentence);
  });

  it('quotes every service page timeline and starting price', () => {
    const money = new Intl.NumberFormat('es-MX');
    for (const id of SERVICE_IDS.filter(hasServicePage)) {
      const engagement = serviceSchema.parse(folderEntry('services', id)).page?.engagement;
      expect(engagement, id).toBeDefined();
      if (!engagement) continue;
      expect(faqText, id).toContain(`${engagement.timeline.minWeeks} a ${engagement.timeline.maxWeeks} semanas`);
      expect(faqText, id).toContain(
        `$${money.format(engagement.startingInvestment.amount)} ${engagement.startingInvestment.currency}`,
      );
    }
  });
});

describe('process: five phases with the durations the home page quotes', () => {
  const phases = listEntries('process.yaml').map((entry) => processPhaseSchema.parse(entry));

  it('has the five durations in order, with 1-2 week sprints', () => {
    expect(phases.map((phase) => [phase.title, phase.duration])).toEqual([
      ['Descubrimiento', '1-2 días'],
      ['Arquitectura', '3-5 días'],
      ['Desarrollo', '3-24 semanas'],
      ['Lanzamiento', '1 semana'],
      ['Soporte y evolución', 'Continuo'],
    ]);
    expect(phases[2]?.description).toContain('sprints de 1 a 2 semanas');
  });

  it('claims coverage 90%+ and 95%+, a Lighthouse performance of 90+ (a score, not a percentage), uptime 99.9%', () => {
    const metrics = phases.flatMap((phase) => (phase.metrics ?? []).map((metric) => `${metric.value} ${metric.label}`));
    expect(metrics).toEqual([
      '90%+ cobertura de pruebas en la lógica de negocio',
      '95%+ cobertura en pagos, facturación y permisos',
      '90+ puntos de rendimiento en Lighthouse (de 100)',
      '99.9% disponibilidad mensual comprometida',
    ]);
  });
});

describe('figures the pages show', () => {
  it('stats: marketing and portfolio groups', () => {
    const groups = mapEntries('stats.yaml').map((entry) => statsGroupSchema.parse(entry));
    const group = (id: string) => groups.find((candidate) => candidate.id === id);
    expect(group('marketing')?.items.map((item) => item.value)).toEqual(['50+', '40+', '99.9%', '< 2 h']);
    expect(group('portfolio')?.items.map((item) => `${item.value} ${item.label}`)).toEqual([
      '50+ proyectos',
      '40+ clientes',
      '10+ años de experiencia',
      '20+ tecnologías',
    ]);
  });

  it('audit: its phases end on the last day of the duration content/offers.yaml gives it', () => {
    const audit = auditSchema.parse(mapEntries('audit.yaml')[0]);
    const offer = loadContentFacts().offers[AUDIT_ID];
    expect(offer?.duration.unit).toBe('day');
    expect(audit.phases.at(-1)?.toDay).toBe(offer?.duration.max);
  });

  it('home: hero and its two buttons', () => {
    const home = page('home');
    expect(home.hero.title).toBe('Desarrollo Sin Límites');
    expect(home.hero.actions).toEqual([
      { label: 'Descubre tu Potencial', href: '/iniciar-proyecto' },
      { label: 'Ver Portfolio', href: '#portfolio' },
    ]);
    expect(pageSection(home, 'por-que-nosotros').items?.map((item) => item.title)).toEqual([
      'Sin dependencias',
      'Velocidad extrema',
      'Escalabilidad infinita',
    ]);
    expect(pageSection(home, 'portfolio').linkLabel).toBe('Ver Caso');
    expect(pageSection(home, 'portfolio').actions?.[0]?.label).toBe('Ver Todos los Proyectos');
    expect(pageSection(home, 'servicios').linkLabel).toBe('Ver Más');
  });

  it('start project: a 72-hour window, 3 slots, 20% plus free consulting, the four buttons and the 24 h promise', () => {
    const start = page('iniciar-proyecto');
    expect(start.offer?.hours).toBe(72);
    expect(start.offer).toMatchObject({
      slots: 3,
      discountPercent: 20,
      bonus: 'Consultoría tecnológica gratuita',
    });
    const buttons = [...(start.hero.actions ?? []), ...(start.cta?.actions ?? [])].map((button) => button.label);
    expect([...buttons, pageLabel(start, 'submit')].sort()).toEqual(
      ['Enviar Proyecto', 'Iniciar Revolución', 'Reservar mi Slot AHORA', 'Transformar mi Idea'].sort(),
    );
    expect(pageSection(start, 'promesa').title).toBe('Respuesta con estrategia en 24 h');
  });

  it('contact: first reply < 2 h, proposal 24 h, meeting 48 h, maximum 24 h', () => {
    const promises = pageSection(page('contacto'), 'promesas').items?.map((item) => `${item.title}: ${item.value}`);
    expect(promises).toEqual([
      'Primera respuesta: < 2 h',
      'Propuesta detallada: 24 h',
      'Reunión agendada: 48 h',
      'Respuesta máxima: 24 h',
    ]);
  });

  it('portfolio: the unknown case texts', () => {
    const notFound = pageSection(page('portfolio'), 'caso-no-encontrado');
    expect(notFound.title).toBe('Caso no encontrado');
    expect(notFound.actions).toEqual([{ label: 'Volver al portfolio', href: '/portfolio' }]);
  });
});
