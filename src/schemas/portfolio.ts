/**
 * Portfolio case studies: one Markdown file per case in `content/portfolio/<id>.md`; the file name is the
 * URL id (`/portfolio/<id>`). Every case carries the full case study, so no case link leads to a thin page.
 * The optional Markdown body adds narrative below the structured sections. A new case is a new file and
 * its image: nothing here lists the cases or their categories.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { SITE } from '../../core/site.ts';
import { flag, list, strict, text, whole } from '../../core/content/common.ts';
import { entryIds } from '../lib/content/entry-ids.ts';
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, SEO_TITLE_MAX } from './seo.ts';

/** Where the cases live, from the project root. */
export const PORTFOLIO_FOLDER = 'content/portfolio';

/** Cards show this many metrics (the first ones), so a case needs at least that many. */
export const CARD_METRICS = 2;

/**
 * Card text must fit a card in two or three lines on a phone; it is also the case page's meta
 * description, held to the bounds of every page's description.
 */
export const DESCRIPTION_MAX = SEO_DESCRIPTION_MAX;

/**
 * The id of an existing case, as testimonials and service pages cite it. Checked against the files in
 * content/portfolio/ when the citing entry is read, so a typo fails the build listing the valid ids.
 */
export const portfolioId = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'Falta este campo: se espera el id de un caso del portfolio'
        : 'Se espera el id de un caso del portfolio, como texto',
  })
  .refine((id) => entryIds(PORTFOLIO_FOLDER, '.md').includes(id), {
    error: (issue) =>
      `${JSON.stringify(issue.input)} no es válido: se espera el id de un caso del portfolio, el nombre de su archivo en ${PORTFOLIO_FOLDER}/ (${entryIds(PORTFOLIO_FOLDER, '.md').join(', ')})`,
  });

const metric = strict({
  value: text('el valor de la métrica (p. ej. "99.99%")'),
  label: text('la etiqueta de la métrica'),
});

/** Every field of a case but its image and the two whose wording is Spanish (team and duration). */
function caseFields() {
  return {
    // Also the case page's title in search results.
    title: text('el título del caso', { max: SEO_TITLE_MAX }),
    subtitle: text('el subtítulo del caso'),
    category: text('la industria del caso (p. ej. Fintech, EdTech, E-commerce)', { max: 30 }),
    // A case is dated by its launch; the company exists since SITE.foundingYear.
    year: whole('el año de lanzamiento', SITE.foundingYear, new Date().getFullYear()),
    client: strict({ name: text('el nombre de la empresa cliente'), city: text('la ciudad del cliente') }),
    description: text('la descripción de la tarjeta', { min: SEO_DESCRIPTION_MIN, max: DESCRIPTION_MAX }),
    imageAlt: text('el texto alternativo de la imagen (describe la ilustración)'),
    tech: list(text('una tecnología'), 4, 8),
    metrics: list(metric, CARD_METRICS, 4),
    challenge: text('el reto del cliente', { min: 80 }),
    solution: text('la solución', { min: 80 }),
    results: list(
      text('un resultado').regex(/\d/, 'Cada resultado debe incluir una cifra (p. ej. "-38% en contracargos").'),
      4,
      5,
    ),
    features: list(text('una funcionalidad'), 5, 6),
    testimonial: strict({
      text: text('el texto del testimonio'),
      author: text('el autor del testimonio'),
      position: text('el puesto del autor del testimonio'),
    }),
    featured: flag('¿el caso aparece en la página de inicio?'),
    order: whole('la posición en la lista', 1),
  };
}

export function portfolioSchema({ image }: SchemaContext) {
  return strict({
    ...caseFields(),
    image: image(),
    team: text('el equipo').regex(
      /^\d+ especialistas: .+/,
      'El equipo se escribe como "9 especialistas: 5 desarrolladores, 2 QA, 1 diseñadora UX, 1 PM".',
    ),
    duration: text('la duración').regex(
      /^\d{1,2} (semana|semanas|mes|meses)$/,
      'La duración se escribe como "7 meses" o "6 semanas".',
    ),
  });
}

/**
 * A case in another language (`content/<code>/portfolio/<id>.md` over the Spanish file's facts): the same
 * fields and limits, the team and the duration in that language's words ("12 specialists: …", "11 months"),
 * and its story below the front matter as `body`. The image is the Spanish entry's, already optimised.
 */
export const translatedCaseSchema = strict({
  ...caseFields(),
  image: z.string(),
  team: text('el equipo').regex(
    /^\d+ [^:]+: .+/,
    'El equipo se escribe como el original: "<número> <especialistas>: …".',
  ),
  duration: text('la duración').regex(/^\d{1,2} \S+$/, 'La duración se escribe como el original: "<número> <unidad>".'),
  body: z.string().optional(),
});
