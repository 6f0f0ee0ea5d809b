/**
 * Services: the six home cards (`content/services/<id>.yaml`), and for the four services with their own
 * route (`/servicios/<id>`) the page copy under `page`.
 */
import { z } from 'astro/zod';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import {
  action,
  internalHref,
  kebabId,
  list,
  oneOf,
  questionAnswer,
  strict,
  text,
  whole,
} from '../../core/content/common.ts';
import { icon } from './icons.ts';
import { portfolioId } from './portfolio.ts';
import { isLanguageCode } from '../lib/languages.ts';
import { seoSchema } from './seo.ts';

export const SERVICE_IDS = [
  'aplicaciones-web',
  'apps-moviles',
  'ecommerce',
  'sistemas-empresariales',
  'cloud-native',
  'datos-ia',
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

/**
 * The services with a page at `/servicios/<id>`, and the anchor of each page's key section: links from
 * elsewhere (the home cards, campaigns) point at these, so they are fixed here rather than in content.
 */
export const SERVICE_PAGE_ANCHORS = {
  'aplicaciones-web': 'tecnologias',
  'apps-moviles': 'tipos',
  ecommerce: 'tipos',
  'cloud-native': 'servicios',
} as const satisfies Partial<Record<ServiceId, string>>;

export function hasServicePage(id: string): id is keyof typeof SERVICE_PAGE_ANCHORS {
  return Object.hasOwn(SERVICE_PAGE_ANCHORS, id);
}

const titled = { title: text('un título', { max: 100 }) };

/** An ISO 639 code ("es", "ja"); the page shows its name in Spanish and in the language itself. */
const languageCode = z
  .string({ error: 'Se espera un código de idioma ISO 639 en minúsculas, como es, en o ja' })
  .refine(isLanguageCode, {
    error: (issue) => `"${String(issue.input)}" no es un código de idioma ISO 639: se espera uno como es, en o ja`,
  });

const servicePage = strict({
  /** The page's title, description and keywords for search engines. */
  seo: seoSchema,
  hero: strict({
    eyebrow: text('una frase corta', { max: 60 }).optional(),
    ...titled,
    lead: text('un párrafo introductorio'),
    /** Hero buttons: start a project and talk to the team. */
    actions: list(action, 1, 2),
  }),
  /** Short interface strings of the page (the cards' "Ideal para", the engagement figures' captions). */
  labels: strict({
    bestFor: text('el encabezado de "para quién conviene"', { max: 40 }),
    itemLink: text('el texto del enlace de una tarjeta que lleva a otra página', { max: 40 }),
    timeline: text('la etiqueta de la duración', { max: 40 }),
    investment: text('la etiqueta de la inversión inicial', { max: 40 }),
  }),
  /** The section the route table anchors (`#tecnologias`, `#tipos` or `#servicios`). */
  anchored: strict({
    anchor: kebabId,
    ...titled,
    lead: text('un párrafo introductorio'),
    items: list(
      strict({
        title: text('un nombre', { max: 60 }),
        description: text('una descripción'),
        bestFor: text('para quién conviene').optional(),
        tags: list(text('una etiqueta', { max: 30 }), 1, 8).optional(),
        /** A page that goes deeper (cloud-native links its migration and audit pages). */
        href: internalHref.optional(),
      }),
      3,
      8,
    ),
  }),
  /** Languages the team localises products into (optional): codes only, names come from Intl. */
  languages: strict({
    ...titled,
    lead: text('un párrafo introductorio'),
    codes: list(languageCode, 2, 30),
  }).optional(),
  benefits: strict({
    ...titled,
    items: list(strict({ title: text('un título', { max: 60 }), description: text('una descripción'), icon }), 3, 6),
  }),
  process: strict({
    ...titled,
    steps: list(strict({ title: text('un título', { max: 60 }), description: text('una descripción') }), 3, 6),
  }),
  /** Typical duration and starting price; the FAQ quotes the same figures. */
  engagement: strict({
    ...titled,
    timeline: strict({
      minWeeks: whole('un número de semanas', 1, 52),
      maxWeeks: whole('un número de semanas', 1, 104),
    }),
    startingInvestment: strict({
      amount: whole('un monto', 500, 1_000_000),
      currency: oneOf(['USD', 'MXN'], 'una moneda'),
    }),
    note: text('una nota sobre qué incluye el precio'),
  }),
  faqs: strict({ ...titled, items: list(questionAnswer, 3, 3) }),
  /** Portfolio cases built with this service, shown as cards (optional). */
  related: strict({
    ...titled,
    lead: text('un párrafo introductorio').optional(),
    linkLabel: text('el texto del enlace de cada caso', { max: 40 }),
    cases: list(portfolioId, 1, 3),
  }).optional(),
  cta: strict({ ...titled, lead: text('un párrafo'), action, secondary: action }),
});

export const serviceSchema = strict({
  id: oneOf(SERVICE_IDS, 'un servicio (nombre del archivo)'),
  icon,
  title: text('el título de la tarjeta', { max: 40 }),
  description: text('la descripción de la tarjeta', { max: 220 }),
  features: list(text('una característica', { max: 90 }), 3, 5),
  link: internalHref,
  /** Position among the six home cards, 1 first. */
  order: whole('la posición en la portada', 1, 6),
  page: servicePage.optional(),
}).superRefine((service, ctx) => {
  if (!hasServicePage(service.id)) {
    if (service.page) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `"${service.id}" no tiene página propia: quita el bloque page`,
      });
    }
    return;
  }
  const expectedLink = `/servicios/${service.id}`;
  if (service.link !== expectedLink) {
    ctx.addIssue({
      code: 'custom',
      path: ['link'],
      message: `Este servicio tiene página propia: el enlace debe ser "${expectedLink}"`,
    });
  }
  if (!service.page) {
    ctx.addIssue({
      code: 'custom',
      path: ['page'],
      message: `Falta el bloque page: "${service.id}" tiene página en ${expectedLink}`,
    });
    return;
  }
  const anchor = SERVICE_PAGE_ANCHORS[service.id];
  if (service.page.anchored.anchor !== anchor) {
    ctx.addIssue({
      code: 'custom',
      path: ['page', 'anchored', 'anchor'],
      message: `El ancla de esta página es "${anchor}"`,
    });
  }
  const codes = service.page.languages?.codes ?? [];
  codes.forEach((code, index) => {
    if (codes.indexOf(code) !== index) {
      ctx.addIssue({
        code: 'custom',
        path: ['page', 'languages', 'codes', index],
        message: `El idioma "${code}" está repetido`,
      });
    }
  });
  const cases = service.page.related?.cases ?? [];
  cases.forEach((id, index) => {
    if (cases.indexOf(id) !== index) {
      ctx.addIssue({
        code: 'custom',
        path: ['page', 'related', 'cases', index],
        message: `El caso "${id}" está repetido`,
      });
    }
  });
  const { minWeeks, maxWeeks } = service.page.engagement.timeline;
  if (minWeeks > maxWeeks) {
    ctx.addIssue({
      code: 'custom',
      path: ['page', 'engagement', 'timeline'],
      message: 'minWeeks no puede ser mayor que maxWeeks',
    });
  }
});

export type Service = z.infer<typeof serviceSchema>;

export const serviceRules: EntryRules = {
  source: 'content/services/',
  fileOf: (id) => `content/services/${id}.yaml`,
  ids: SERVICE_IDS,
  check: (entries) => {
    const orders = entries.map((entry) => entry.data.order);
    const repeated = orders.filter((order, index) => orders.indexOf(order) !== index);
    return repeated.map(
      (order) => `Dos servicios tienen order ${String(order)}: cada tarjeta necesita una posición distinta.`,
    );
  },
};
