/** Technologies (`content/technologies.yaml`): what we work with, grouped as the home's tech stack. */
import { z } from 'astro/zod';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { kebabId, list, oneOf, strict, text } from '../../core/content/common.ts';

export const TECHNOLOGY_LEVELS = ['Expert', 'Advanced'] as const;
export const TECHNOLOGY_CATEGORIES = ['Frontend', 'Backend', 'Cloud', 'Mobile'] as const;
export type TechnologyCategory = (typeof TECHNOLOGY_CATEGORIES)[number];

/** The site says "20+ tecnologías"; the stack shows four columns that should not look empty. */
export const MIN_TECHNOLOGIES = 20;
export const MIN_PER_CATEGORY = 4;

export const technologySchema = strict({
  id: kebabId,
  name: text('el nombre de la tecnología', { max: 40 }),
  description: text('una descripción breve', { max: 200 }),
  level: oneOf(TECHNOLOGY_LEVELS, 'un nivel'),
  category: oneOf(TECHNOLOGY_CATEGORIES, 'una categoría'),
  /** Other names the portfolio's cases give it ("AWS", "Google Cloud Run"): a case's tags must all be here. */
  alsoCalled: list(text('otro nombre de la tecnología', { max: 40 }), 1, 8).optional(),
});

export type Technology = z.infer<typeof technologySchema>;

export const technologyRules: EntryRules = {
  source: 'content/technologies.yaml',
  min: MIN_TECHNOLOGIES,
  check: (entries) =>
    TECHNOLOGY_CATEGORIES.flatMap((category) => {
      const count = entries.filter((entry) => entry.data.category === category).length;
      return count < MIN_PER_CATEGORY
        ? [`La categoría ${category} tiene ${count} tecnologías; se esperan al menos ${MIN_PER_CATEGORY}.`]
        : [];
    }),
};
