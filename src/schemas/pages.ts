/**
 * Copy of the marketing pages (`content/pages/<page>.yaml`, one file per page): every visible string that
 * is not a service, a case, a FAQ or another collection's entry, so editors change it without code, plus
 * the page's SEO texts and its place in the breadcrumb trail. The file name is the URL: `tecnologias.yaml`
 * is /tecnologias, `home.yaml` is / and `404.yaml` is the error page.
 *
 * All pages share one shape (hero, sections keyed by name, labels, cta...). `PAGE_RULES` says which
 * sections, labels and extras each page needs; a missing or unknown one fails the build naming the key.
 * Section keys double as the sections' anchors where the route table names one (`stack`, `fases`...).
 */
import { z } from 'astro/zod';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import {
  action,
  internalHref,
  kebabId,
  list,
  oneOf,
  strict,
  template,
  text,
  whole,
} from '../../core/content/common.ts';
import { parseWindowStart, windowEnd } from '../../core/limited-offer.ts';
import { icon } from './icons.ts';
import { seoSchema } from './seo.ts';

interface SectionRule {
  /** Required number of items `[min, max]`; without it the section has no items. */
  items?: readonly [number, number];
  /** Number of buttons `[min, max]`; without it the section has none. */
  actions?: readonly [number, number];
  /** The text of each card's link ("Ver Caso", "Ver Más"). */
  linkLabel?: true;
}

interface PageRule {
  /** Number of hero buttons; without it the hero has none. */
  heroActions?: readonly [number, number];
  /** Every section the page shows, and only those. */
  sections: Readonly<Record<string, SectionRule>>;
  /** Short interface strings (column headings, units, button texts), and only those. */
  labels?: readonly string[];
  /** Pages with a back link (route table), with its target. */
  backTo?: string;
  /** The closing call to action. */
  cta?: true;
  /** /iniciar-proyecto's limited offer. */
  offer?: true;
  /** Pages with no breadcrumb trail (the home page is its root, the error page has no place in it). */
  trail?: false;
  /** Pages kept out of search results and the sitemap (a private link's page). */
  noindex?: true;
}

export const PAGE_RULES = {
  home: {
    heroActions: [2, 2],
    sections: {
      'por-que-nosotros': { items: [3, 3] },
      portfolio: { linkLabel: true, actions: [1, 1] },
      servicios: { linkLabel: true },
      stack: { actions: [1, 1] },
      proceso: { actions: [1, 1] },
      equipo: {},
      testimonios: {},
      contacto: {},
    },
    labels: ['rating', 'skills'],
    trail: false,
  },
  portfolio: {
    sections: { proyectos: { linkLabel: true }, estadisticas: {}, 'caso-no-encontrado': { actions: [1, 1] } },
    labels: [
      'client',
      'year',
      'duration',
      'team',
      'technologies',
      'challenge',
      'solution',
      'results',
      'features',
      'testimonial',
      'story',
      'backToPortfolio',
      'previousCase',
      'nextCase',
    ],
    cta: true,
  },
  tecnologias: {
    sections: { stack: {}, niveles: { items: [2, 2] }, consultoria: { actions: [1, 1] } },
    labels: ['Expert', 'Advanced', 'Frontend', 'Backend', 'Cloud', 'Mobile'],
    cta: true,
  },
  integraciones: {
    sections: { categorias: {}, consultoria: { items: [3, 4], actions: [1, 1] } },
    cta: true,
  },
  'proceso-desarrollo': {
    sections: { fases: {}, calidad: { items: [3, 6] } },
    labels: ['phase', 'duration', 'activities', 'deliverables'],
    cta: true,
  },
  'cms-a-codigo': {
    sections: { problema: { items: [3, 4] }, beneficios: { items: [4, 6] }, migracion: { items: [3, 5] } },
    cta: true,
  },
  'consultoria-tecnologica': {
    heroActions: [1, 1],
    sections: { servicios: {}, 'por-que': { items: [3, 4] }, formulario: {} },
    labels: ['from', 'duration', 'includes', 'deliverables', 'idealFor', 'choose'],
    backTo: '/tecnologias',
  },
  'auditoria-infraestructura': {
    heroActions: [1, 1],
    sections: { areas: {}, fases: {}, entregables: {}, roi: {}, formulario: {} },
    // roiWithin joins the ROI range to its period: "300-500% en 6 meses".
    labels: ['price', 'duration', 'days', 'day', 'roi', 'roiWithin', 'support'],
    backTo: '/servicios/cloud-native',
  },
  'migracion-cloud': {
    heroActions: [1, 1],
    sections: { 'por-que-migrar': { items: [3, 6] }, enfoque: { items: [3, 6] }, formulario: {} },
    backTo: '/servicios/cloud-native',
  },
  'consultoria-integraciones': {
    heroActions: [1, 1],
    sections: { beneficios: { items: [3, 6] }, enfoque: { items: [3, 6] }, formulario: {} },
    backTo: '/integraciones',
  },
  'iniciar-proyecto': {
    heroActions: [1, 1],
    sections: { beneficios: { items: [3, 6] }, formulario: {}, promesa: { items: [3, 4] } },
    labels: ['submit', 'slotsLeft', 'validUntil', 'timeZone', 'endsIn', 'discount', 'bonus'],
    cta: true,
    offer: true,
  },
  contacto: {
    sections: { promesas: { items: [4, 4] }, formulario: {}, canales: { items: [3, 3] } },
    labels: ['supportHours', 'newTab'],
  },
  faq: {
    sections: { preguntas: {}, ayuda: { actions: [1, 2] } },
    labels: ['topics'],
  },
  // The full privacy notice: its text is content/privacy.yaml; this file holds its SEO, hero and labels.
  'aviso-de-privacidad': {
    sections: {},
    labels: [
      'lastUpdated',
      'contents',
      'controller',
      'address',
      'dataEmail',
      'required',
      'optional',
      'depends',
      'where',
      'sessionStorage',
      'localStorage',
      'cookie',
      // Which version of the notice governs when the languages' texts differ.
      'prevails',
    ],
  },
  // /reunion?t=…: the client's own meeting, opened from the link in their e-mail (noindex, not in the sitemap).
  reunion: {
    // What the page says when the link is unknown, expired, or the meeting could not be read.
    sections: { desconocida: {}, vencida: {}, falla: {} },
    labels: [
      'loading',
      'retry',
      'meetingTitle',
      'when',
      'mexicoCity',
      'yourZone',
      'with',
      'video',
      'join',
      'reference',
      'status',
      'scheduled',
      'cancelled',
      'held',
      'missed',
      'addToCalendar',
      'reschedule',
      'rescheduleTitle',
      'rescheduleCurrent',
      'cancel',
      'confirmText',
      'confirmYes',
      'confirmNo',
      'working',
      'pastText',
      'cancelledText',
      'connection',
      'rebook',
      'contact',
      'noScript',
    ],
    trail: false,
    noindex: true,
  },
  // Any unknown path: where to go instead (three cards, eight popular links) and a chat asking for help.
  '404': {
    heroActions: [2, 2],
    // The popular links wrap in their grid: an editor may add or drop one without a layout change.
    sections: { explora: { items: [3, 3] }, populares: { actions: [4, 12] }, ayuda: {} },
    labels: ['chat', 'newTab'],
    trail: false,
  },
} as const satisfies Record<string, PageRule>;

export type PageId = keyof typeof PAGE_RULES;

/** Whether a page stays out of search results and the sitemap (its rule says `noindex`). */
export function isNoindexPage(id: PageId): boolean {
  const rule: PageRule = PAGE_RULES[id];
  return rule.noindex === true;
}
export const PAGE_IDS = Object.keys(PAGE_RULES) as [PageId, ...PageId[]];

const sectionItem = strict({
  title: text('un título', { max: 90 }),
  description: text('una descripción'),
  icon: icon.optional(),
  /** A figure shown big ("< 2 h", "24 h"); room for a promise quoted as `{horasPropuesta} h`. */
  value: text('una cifra corta', { max: 24 }).optional(),
  href: internalHref.optional(),
});

const WINDOW_START_HINT =
  'Se espera cuándo empieza la oferta, con fecha y hora entre comillas, como "2026-11-28 10:00" (hora de la Ciudad de México)';

/**
 * When the offer starts. YAML reads a bare date as a date object (midnight UTC: its UTC day is the day
 * written) and a date with a time as text; a time with seconds would be read as a UTC instant, so it is
 * refused.
 */
const offerStart = z.union([z.date(), z.string()], { error: WINDOW_START_HINT }).transform((value, context) => {
  const isMidnight = value instanceof Date && value.toISOString().endsWith('T00:00:00.000Z');
  const written = value instanceof Date ? (isMidnight ? value.toISOString().slice(0, 10) : '') : value;
  const start = parseWindowStart(written);
  if (!start) {
    context.addIssue({ code: 'custom', message: WINDOW_START_HINT });
    return z.NEVER;
  }
  return start;
});

const section = strict({
  eyebrow: text('una frase corta', { max: 60 }).optional(),
  title: text('un título', { max: 110 }),
  lead: text('un párrafo introductorio').optional(),
  items: list(sectionItem, 1, 12).optional(),
  linkLabel: text('el texto del enlace de cada tarjeta', { max: 40 }).optional(),
  actions: list(action, 1, 12).optional(),
});

export const pageSchema = strict({
  id: oneOf(PAGE_IDS, 'una página conocida (nombre del archivo)'),
  seo: seoSchema,
  /**
   * The page in the trail "Inicio › parent › page": its name (the hero's eyebrow when omitted, so the two
   * agree) and the page shown between Inicio and this one (the back link's page when omitted).
   */
  breadcrumb: strict({
    name: text('el nombre corto de la página', { max: 40 }).optional(),
    parent: internalHref.optional(),
  }).optional(),
  hero: strict({
    eyebrow: text('una frase corta', { max: 60 }).optional(),
    title: text('el título principal', { max: 90 }),
    lead: text('un párrafo introductorio'),
    actions: list(action, 1, 4).optional(),
  }),
  sections: z.record(kebabId, section, { error: 'Se espera un bloque sections con una sección por clave' }),
  labels: z
    .record(z.string(), text('un texto corto', { max: 60 }), { error: 'Se espera un bloque labels de clave: texto' })
    .optional(),
  backLink: action.optional(),
  offer: strict({
    title: text('un título', { max: 90 }),
    lead: text('un párrafo'),
    /** Mexico City wall clock, "date HH:mm". The offer ends `hours` later; the page counts down to it. */
    /** How long the window lasts, in words: "Oferta de {horas} horas". */
    window: template('cuánto dura la oferta', ['horas']),
    startsAt: offerStart,
    hours: whole('un número de horas', 1, 720),
    slots: whole('un número de lugares', 1, 20),
    discountPercent: whole('un porcentaje', 1, 90),
    bonus: text('el regalo que acompaña el descuento', { max: 80 }),
    terms: text('las condiciones'),
    /** What the panel says once the window has closed; `{fecha}` is the end date in words. */
    ended: strict({
      title: text('el título de la oferta terminada', { max: 90 }),
      lead: template('el párrafo de la oferta terminada', ['fecha']),
    }),
  })
    .transform((offer) => ({ ...offer, endsAt: windowEnd(offer.startsAt, offer.hours) }))
    .optional(),
  cta: strict({
    title: text('un título', { max: 110 }),
    lead: text('un párrafo').optional(),
    actions: list(action, 1, 3),
  }).optional(),
}).superRefine((page, ctx) => {
  const rule: PageRule = PAGE_RULES[page.id];
  const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const count = (found: number, [min, max]: readonly [number, number]) => found >= min && found <= max;
  const range = ([min, max]: readonly [number, number]) => (min === max ? `${min}` : `de ${min} a ${max}`);

  if (rule.heroActions) {
    if (!count(page.hero.actions?.length ?? 0, rule.heroActions)) {
      issue(['hero', 'actions'], `La portada de "${page.id}" lleva ${range(rule.heroActions)} botones`);
    }
  } else if (page.hero.actions) {
    issue(['hero', 'actions'], `La portada de "${page.id}" no lleva botones`);
  }

  const expected = Object.keys(rule.sections);
  for (const key of Object.keys(page.sections)) {
    if (!expected.includes(key))
      issue(['sections', key], `Sección desconocida en "${page.id}": las secciones son ${expected.join(', ')}`);
  }
  for (const [key, sectionRule] of Object.entries(rule.sections)) {
    const found = page.sections[key];
    if (!found) {
      issue(['sections', key], `Falta la sección "${key}" (la página "${page.id}" lleva ${expected.join(', ')})`);
      continue;
    }
    if (sectionRule.items) {
      if (!count(found.items?.length ?? 0, sectionRule.items))
        issue(['sections', key, 'items'], `Se esperan ${range(sectionRule.items)} elementos`);
    } else if (found.items) {
      issue(['sections', key, 'items'], `La sección "${key}" no lleva items: su contenido viene de otra colección`);
    }
    if (sectionRule.actions) {
      if (!count(found.actions?.length ?? 0, sectionRule.actions))
        issue(['sections', key, 'actions'], `Se esperan ${range(sectionRule.actions)} botones`);
    } else if (found.actions) {
      issue(['sections', key, 'actions'], `La sección "${key}" no lleva botones`);
    }
    if (sectionRule.linkLabel && !found.linkLabel)
      issue(['sections', key, 'linkLabel'], 'Falta el texto del enlace de cada tarjeta');
    if (!sectionRule.linkLabel && found.linkLabel)
      issue(['sections', key, 'linkLabel'], `La sección "${key}" no lleva linkLabel`);
  }

  const labelKeys = rule.labels ?? [];
  for (const key of labelKeys) {
    if (!page.labels?.[key])
      issue(['labels', key], `Falta la etiqueta "${key}" (la página "${page.id}" lleva ${labelKeys.join(', ')})`);
  }
  for (const key of Object.keys(page.labels ?? {})) {
    if (!labelKeys.includes(key)) {
      issue(
        ['labels', key],
        labelKeys.length
          ? `Etiqueta desconocida: las de "${page.id}" son ${labelKeys.join(', ')}`
          : `La página "${page.id}" no lleva labels`,
      );
    }
  }

  if (rule.backTo) {
    if (!page.backLink) issue(['backLink'], `Falta el enlace de regreso a ${rule.backTo}`);
    else if (page.backLink.href !== rule.backTo)
      issue(['backLink', 'href'], `El enlace de regreso va a ${rule.backTo}`);
  } else if (page.backLink) {
    issue(['backLink'], `La página "${page.id}" no lleva enlace de regreso`);
  }
  if (rule.cta && !page.cta) issue(['cta'], 'Falta el bloque cta (llamada a la acción final)');
  if (!rule.cta && page.cta) issue(['cta'], `La página "${page.id}" no lleva bloque cta`);
  if (rule.offer && !page.offer) issue(['offer'], 'Falta el bloque offer (oferta por tiempo limitado)');
  if (!rule.offer && page.offer) issue(['offer'], `La página "${page.id}" no lleva bloque offer`);
  if (rule.trail === false) {
    if (page.breadcrumb)
      issue(['breadcrumb'], `La página "${page.id}" no aparece en la ruta de navegación: quita breadcrumb`);
  } else if (!page.breadcrumb?.name && !page.hero.eyebrow) {
    issue(
      ['breadcrumb', 'name'],
      'Falta el nombre de la página en la ruta de navegación: escribe breadcrumb.name (o hero.eyebrow)',
    );
  }
});

export type Page = z.infer<typeof pageSchema>;

export const pageRules: EntryRules = {
  source: 'content/pages/',
  fileOf: (id) => `content/pages/${id}.yaml`,
  ids: PAGE_IDS,
};

export type PageSection = Page['sections'][string];
type SectionKeyOf<P extends PageId> = keyof (typeof PAGE_RULES)[P]['sections'] & string;
/** Every section key of every page, so a typo in a page component is a type error. */
export type SectionKey = { [P in PageId]: SectionKeyOf<P> }[PageId];
type LabelKeyOf<P extends PageId> = (typeof PAGE_RULES)[P] extends { labels: ReadonlyArray<infer L> }
  ? L & string
  : never;
export type LabelKey = { [P in PageId]: LabelKeyOf<P> }[PageId];

/** A section the schema guarantees; throws (failing the build) only if asked for a key the page lacks. */
export function pageSection(page: Page, key: SectionKey): PageSection {
  const found = page.sections[key];
  if (!found) throw new Error(`La página "${page.id}" no tiene la sección "${key}"`);
  return found;
}

/** A label the schema guarantees, with the same failure mode as `pageSection`. */
export function pageLabel(page: Page, key: LabelKey): string {
  const found = page.labels?.[key];
  if (found === undefined) throw new Error(`La página "${page.id}" no tiene la etiqueta "${key}"`);
  return found;
}
