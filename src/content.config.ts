/**
 * Content collections. Editable files live in `content/` at the repository root; each collection's
 * schema lives in `src/schemas/<collection>.ts`. Keep one short block per collection.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { portfolioSchema } from './schemas/portfolio.ts';
import { teamSchema } from './schemas/team.ts';
import { testimonialSchema } from './schemas/testimonials.ts';

const portfolio = defineCollection({ loader: glob({ pattern: '*.md', base: './content/portfolio' }), schema: portfolioSchema });
const team = defineCollection({ loader: glob({ pattern: '*.yaml', base: './content/team' }), schema: teamSchema });
const testimonials = defineCollection({ loader: glob({ pattern: '*.yaml', base: './content/testimonials' }), schema: testimonialSchema });

export const collections = { portfolio, team, testimonials };
