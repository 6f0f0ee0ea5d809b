/**
 * Client testimonials shown on the home page: one YAML file per person in `content/testimonials/<slug>.yaml`.
 * `project` names the portfolio case the client belongs to.
 */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { portfolioId } from './portfolio.ts';
import { entry, integer, text } from './field-helpers.ts';

/**
 * `project` is validated against the six portfolio ids first: Astro's `reference()` accepts any string
 * and a typo would only surface as a missing entry at render time. `src/content.config.ts` passes
 * `portfolioId.pipe(reference('portfolio'))` so pages get a reference they can resolve with `getEntry`;
 * tests pass `portfolioId` alone.
 */
export function testimonialSchema<P extends z.ZodType<unknown, string>>({ image }: SchemaContext, project: P) {
  return entry(
    {
      name: text('el nombre'),
      role: text('el puesto (role)'),
      company: text('la empresa'),
      image: image(),
      imageAlt: text('el texto alternativo del retrato'),
      content: text('el texto del testimonio (content)', { min: 80, max: 600 }),
      rating: z.literal(5, { error: 'La calificación (rating) debe ser 5.' }),
      project,
      order: integer('el orden (order)', 1),
    },
    'el testimonio',
  );
}

export type TestimonialData = z.output<ReturnType<typeof testimonialSchema<typeof portfolioId>>>;
