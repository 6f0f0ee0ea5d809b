/**
 * Content collections. Editable files live in `content/` at the repository root; each collection's
 * schema lives in `src/schemas/<collection>.ts`. Keep one short block per collection.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { wikiSchema } from './schemas/wiki.ts';

// Wiki: one MDX page per file, content/wiki/<slug>.mdx → /wikiangram/<slug>.
const wiki = defineCollection({ loader: glob({ pattern: '**/*.mdx', base: './content/wiki' }), schema: wikiSchema });

export const collections = { wiki };
