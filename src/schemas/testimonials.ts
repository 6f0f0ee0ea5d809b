/**
 * Client testimonials shown on the home page: one YAML file per person in `content/testimonials/<slug>.yaml`.
 * `project` names the portfolio case the client belongs to.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { portfolioId } from './portfolio.ts';
import { strict, text, whole } from '../../core/content/common.ts';

/**
 * Astro's `reference('portfolio')` accepts any string (a typo would only show up as a missing entry at
 * render time), so `project` is checked against the case files in content/portfolio/ and then turned into
 * the same `{ collection, id }` shape a reference has: pages resolve it with `getEntry(data.project)`.
 */
const project = portfolioId.transform((id) => ({ collection: 'portfolio' as const, id }));

export function testimonialSchema({ image }: SchemaContext) {
  return strict({
    name: text('el nombre'),
    role: text('el puesto'),
    company: text('la empresa'),
    /** The photo; without it the page shows a monogram of the name (src/components/ui/Portrait.astro). */
    image: image().optional(),
    /** What the photo shows, or, without one, what the monogram is ("Monograma de …"). */
    imageAlt: text('el texto alternativo del retrato'),
    content: text('el texto del testimonio', { min: 80, max: 600 }),
    rating: z.literal(5, {
      error: (issue) =>
        issue.input === undefined
          ? 'Falta este campo: se espera 5 (solo se publican testimonios de cinco estrellas)'
          : 'Se espera 5, sin comillas: solo se publican testimonios de cinco estrellas',
    }),
    project,
    order: whole('la posición en la lista', 1),
  });
}
