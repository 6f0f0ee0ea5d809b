/**
 * Portfolio case studies: one Markdown file per case in `content/portfolio/<id>.md`; the file name is the
 * URL id (`/portfolio/<id>`). Every case carries the full case study (PRODUCT.md item 1). The optional
 * Markdown body adds narrative below the structured sections.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { SITE } from '../../core/site.ts';
import { flag, list, oneOf, strict, text, whole } from '../../core/content/common.ts';

/** The six cases the specification names, in their display order. Testimonials point at these ids. */
export { PORTFOLIO_IDS, type PortfolioId } from '../lib/content-ids.ts';
import { PORTFOLIO_IDS } from '../lib/content-ids.ts';

export const PORTFOLIO_CATEGORIES = ['Fintech', 'EdTech', 'E-commerce', 'HealthTech', 'Logística', 'PropTech'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** Cards show this many metrics (the first ones), so a case needs at least that many. */
export const CARD_METRICS = 2;

/**
 * Card text must fit a card in two or three lines on a phone; it is also the case page's meta
 * description, which search engines cut after about 160 characters.
 */
export const DESCRIPTION_MAX = 160;

export const portfolioId = oneOf(PORTFOLIO_IDS, 'el id del caso del portfolio');

const metric = strict({ value: text('el valor de la métrica (p. ej. "99.99%")'), label: text('la etiqueta de la métrica') });

export function portfolioSchema({ image }: SchemaContext) {
  return strict({
    title: text('el título del caso'),
    subtitle: text('el subtítulo del caso'),
    category: oneOf(PORTFOLIO_CATEGORIES, 'la categoría'),
    // A case is dated by its launch; the company exists since SITE.foundingYear.
    year: whole('el año de lanzamiento', SITE.foundingYear, new Date().getFullYear()),
    client: strict({ name: text('el nombre de la empresa cliente'), city: text('la ciudad del cliente') }),
    description: text('la descripción de la tarjeta', { max: DESCRIPTION_MAX }),
    image: image(),
    imageAlt: text('el texto alternativo de la imagen (describe la ilustración)'),
    tech: list(text('una tecnología'), 4, 8),
    metrics: list(metric, CARD_METRICS, 4),
    team: text('el equipo').regex(/^\d+ especialistas: .+/, 'El equipo se escribe como "9 especialistas: 5 desarrolladores, 2 QA, 1 diseñadora UX, 1 PM".'),
    duration: text('la duración').regex(/^\d{1,2} (semana|semanas|mes|meses)$/, 'La duración se escribe como "7 meses" o "6 semanas".'),
    challenge: text('el reto del cliente', { min: 80 }),
    solution: text('la solución', { min: 80 }),
    results: list(text('un resultado').regex(/\d/, 'Cada resultado debe incluir una cifra (p. ej. "-38% en contracargos").'), 4, 5),
    features: list(text('una funcionalidad'), 5, 6),
    testimonial: strict({ text: text('el texto del testimonio'), author: text('el autor del testimonio'), position: text('el puesto del autor del testimonio') }),
    featured: flag('¿el caso aparece en la página de inicio?'),
    order: whole('la posición en la lista', 1),
  });
}

export type PortfolioData = z.output<ReturnType<typeof portfolioSchema>>;
