/**
 * Frontmatter of a wiki page (`content/wiki/<slug>.mdx`). The file name is the slug and the URL:
 * `content/wiki/setup.mdx` is `/wikiangram/setup`.
 */
import { z } from 'astro/zod';
import { WIKI_GROUP_IDS } from '../lib/wiki/groups.ts';
import { oneOf, strict, text, whole } from '../../core/content/common.ts';

/** The description is the page's meta description, which search engines cut after about 160 characters. */
export const WIKI_DESCRIPTION_MIN = 50;
export const WIKI_DESCRIPTION_MAX = 160;

export const wikiSchema = strict({
  // Shown in the sidebar and the browser tab.
  title: text('el título de la página', { min: 3, max: 60 }),
  description: text('la descripción de la página (su meta description)', { min: WIKI_DESCRIPTION_MIN, max: WIKI_DESCRIPTION_MAX }),
  group: oneOf(WIKI_GROUP_IDS, 'un grupo del menú lateral'),
  order: whole('la posición dentro del grupo', 1),
  // YAML reads an unquoted 2026-11-22 as a date; quoted, it is text and fails here.
  lastUpdated: z.date({ error: 'Se espera una fecha AAAA-MM-DD sin comillas, por ejemplo 2026-11-22' }).optional(),
});

export type WikiFrontmatter = z.infer<typeof wikiSchema>;
