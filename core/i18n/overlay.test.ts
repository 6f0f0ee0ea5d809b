/** Long-form translations laid over the original: prose replaced, facts kept, every gap named by path. */
import { describe, expect, it } from 'vitest';
import { applyTranslation } from './overlay.ts';

const original = {
  icon: 'globe',
  title: 'Aplicaciones Web',
  features: ['Portales', 'Paneles'],
  link: '/servicios/aplicaciones-web',
  order: 1,
  price: { amount: 2500, currency: 'USD' },
  faq: { link: { label: 'Lee el aviso', href: '/aviso-de-privacidad' } },
  seo: { description: '{Casos} casos reales' },
};

const english = {
  title: 'Web Applications',
  features: ['Portals', 'Dashboards'],
  faq: { link: { label: 'Read the notice' } },
  seo: { description: '{Casos} real case studies' },
};

describe('applyTranslation', () => {
  it('replaces the prose and keeps every fact of the original', () => {
    const { value, problems } = applyTranslation(original, english);
    expect(problems).toEqual([]);
    expect(value).toEqual({
      ...original,
      title: 'Web Applications',
      features: ['Portals', 'Dashboards'],
      faq: { link: { label: 'Read the notice', href: '/aviso-de-privacidad' } },
      seo: { description: '{Casos} real case studies' },
    });
  });

  it('names a missing text, quoting the original, and keeps the original there', () => {
    const { value, problems } = applyTranslation(original, { ...english, title: undefined });
    expect(problems).toEqual([
      { path: 'title', message: 'Falta esta traducción (el original dice «Aplicaciones Web»)' },
    ]);
    expect((value as { title: string }).title).toBe('Aplicaciones Web');
  });

  it('refuses a list of another length, a translated fact and an unknown field', () => {
    const { problems } = applyTranslation(original, {
      ...english,
      features: ['Portals'],
      order: 2,
      subtitle: 'Fast',
    });
    expect(problems).toEqual([
      { path: 'features', message: 'Se espera una lista de 2 elementos, como en el original' },
      { path: 'order', message: 'Este dato no se traduce: bórralo, se toma del original' },
      { path: 'subtitle', message: 'Este campo no existe en el original: revisa el nombre o bórralo' },
    ]);
  });

  it("keeps the privacy notice's storage keys, kinds and section blocks, and translates its forms' names", () => {
    const notice = {
      forms: { small: 'Contacto rápido', project: 'Iniciar proyecto' },
      browserStorage: [{ key: 'angram:reunion', kind: 'sessionStorage', where: 'La página de tu reunión' }],
      sections: [{ id: 'responsable', block: 'controller', title: 'Quién es responsable' }],
    };
    const { value, problems } = applyTranslation(notice, {
      forms: { small: 'Quick contact', project: 'Start a project' },
      browserStorage: [{ where: 'Your meeting page' }],
      sections: { responsable: { title: 'Who is responsible' } },
    });
    expect(problems).toEqual([]);
    expect(value).toEqual({
      forms: { small: 'Quick contact', project: 'Start a project' },
      browserStorage: [{ key: 'angram:reunion', kind: 'sessionStorage', where: 'Your meeting page' }],
      sections: [{ id: 'responsable', block: 'controller', title: 'Who is responsible' }],
    });
    const moved = applyTranslation(notice, {
      forms: { small: 'Quick contact', project: 'Start a project' },
      browserStorage: [{ key: 'angram:meeting', where: 'Your meeting page' }],
      sections: { responsable: { title: 'Who is responsible' } },
    });
    expect(moved.problems.map((problem) => problem.path)).toEqual(['browserStorage[0].key']);
  });

  it('translates every field of a labels block, even one named like a fact', () => {
    const page = { labels: { rating: 'Calificación: {rating} de {max}', skills: 'Especialidades' }, rating: 5 };
    const result = applyTranslation(page, { labels: { rating: 'Rating: {rating} out of {max}', skills: 'Expertise' } });
    expect(result.problems).toEqual([]);
    expect(result.value).toEqual({
      labels: { rating: 'Rating: {rating} out of {max}', skills: 'Expertise' },
      rating: 5,
    });
    expect(applyTranslation(page, { labels: { skills: 'Expertise' } }).problems.map((problem) => problem.path)).toEqual(
      ['labels.rating'],
    );
  });

  it('follows a list of blocks with ids by id, whatever the order, naming a missing or unknown id', () => {
    const list = [
      { id: 'pagos', title: 'Pagos', order: 1 },
      { id: 'envios', title: 'Envíos', order: 2 },
    ];
    const keyed = applyTranslation(list, { envios: { title: 'Shipping' }, pagos: { title: 'Payments' } });
    expect(keyed.problems).toEqual([]);
    expect(keyed.value).toEqual([
      { id: 'pagos', title: 'Payments', order: 1 },
      { id: 'envios', title: 'Shipping', order: 2 },
    ]);
    const broken = applyTranslation(list, { pagos: { title: 'Payments' }, envio: { title: 'Shipping' } });
    expect(broken.problems.map((problem) => problem.path)).toEqual(['envios', 'envio']);
  });

  it('requires the same {placeholders} as the original', () => {
    const { problems } = applyTranslation(original, { ...english, seo: { description: 'Six real case studies' } });
    expect(problems).toEqual([
      {
        path: 'seo.description',
        message: 'La traducción debe llevar los mismos datos entre llaves que el original: {Casos}',
      },
    ]);
  });

  it('names an empty text, a text where a block goes and a missing file', () => {
    expect(applyTranslation(original, { ...english, title: '  ' }).problems[0]?.path).toBe('title');
    expect(applyTranslation(original, { ...english, seo: 'SEO' }).problems).toEqual([
      { path: 'seo', message: 'Se espera un bloque con campos, como en el original' },
    ]);
    expect(applyTranslation(original, undefined).problems).toEqual([
      { path: '(archivo)', message: 'Falta este bloque en la traducción' },
    ]);
  });
});

describe('lists whose text sits in a fact-named field', () => {
  const options = {
    emergency: [
      { id: 'low', level: 'Baja: estoy comparando opciones' },
      { id: 'high', level: 'Alta: necesito arrancar este mes' },
    ],
    technologies: [{ id: 'react', level: 'Expert', description: 'Interfaces' }],
  };

  it("translates the urgency options' level, by id or by position, and keeps other levels as facts", () => {
    const translation = {
      emergency: { low: { level: 'Low: comparing options' }, high: { level: 'High: starting this month' } },
      technologies: { react: { description: 'Interfaces' } },
    };
    expect(applyTranslation(options, translation)).toEqual({
      value: {
        emergency: [
          { id: 'low', level: 'Low: comparing options' },
          { id: 'high', level: 'High: starting this month' },
        ],
        technologies: [{ id: 'react', level: 'Expert', description: 'Interfaces' }],
      },
      problems: [],
    });
    const positional = { ...translation, emergency: [{ level: 'Low' }, { level: 'High' }] };
    expect(applyTranslation(options, positional).problems).toEqual([]);
  });

  it('names an urgency option left untranslated and a level written over a fact', () => {
    const { problems } = applyTranslation(options, {
      emergency: { low: { level: 'Low' }, high: {} },
      technologies: { react: { description: 'UI', level: 'Experto' } },
    });
    expect(problems.map((problem) => problem.path)).toEqual(['emergency.high.level', 'technologies.react.level']);
  });
});

describe('a file whose field names mean something else (a case study)', () => {
  const story = {
    category: 'Logística',
    tech: ['Go', 'PostgreSQL'],
    metrics: [{ value: '14 mil', label: 'pedidos en un día' }],
    testimonial: { text: 'Cambiamos el motor', author: 'Jorge Castañeda' },
  };
  const rules = { prose: ['category', 'value'], facts: ['tech', 'author'] };

  it('translates the fact-named prose and keeps the word-shaped facts', () => {
    const { value, problems } = applyTranslation(
      story,
      {
        category: 'Logistics',
        metrics: [{ value: '14,000', label: 'orders in one day' }],
        testimonial: { text: 'We swapped the engine' },
      },
      '',
      undefined,
      rules,
    );
    expect(problems).toEqual([]);
    expect(value).toEqual({
      category: 'Logistics',
      tech: ['Go', 'PostgreSQL'],
      metrics: [{ value: '14,000', label: 'orders in one day' }],
      testimonial: { text: 'We swapped the engine', author: 'Jorge Castañeda' },
    });
  });

  it('names the prose left out and the facts written in, by path', () => {
    const { problems } = applyTranslation(
      story,
      { tech: ['Go'], metrics: [{ label: 'orders' }], testimonial: { text: 'Engine', author: 'J. C.' } },
      '',
      undefined,
      rules,
    );
    expect(problems.map((problem) => problem.path)).toEqual([
      'category',
      'tech',
      'metrics[0].value',
      'testimonial.author',
    ]);
  });

  it('without the rules, the same names keep their meaning elsewhere', () => {
    const { problems } = applyTranslation(story, { category: 'Logistics' });
    expect(problems.map((problem) => problem.path)).toContain('category');
    expect(problems.map((problem) => problem.path)).toContain('tech');
  });
});
