/**
 * Frontmatter of a wiki page (`content/wiki/<slug>.mdx`). The file name is the slug and the URL:
 * `content/wiki/setup.mdx` is `/wikiangram/setup`.
 */
import { z } from 'astro/zod';
import { WIKI_GROUP_IDS } from '../lib/wiki/groups.ts';
import { oneOf, strict, text, whole } from '../../core/content/common.ts';
import { SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_MIN, seoSchema } from './seo.ts';

export const wikiSchema = strict({
  // Shown in the sidebar and the browser tab.
  title: text('el título de la página', { min: 3, max: 60 }),
  // Also the page's meta description, held to the same bounds as every other page's.
  description: text('la descripción de la página (su meta description)', {
    min: SEO_DESCRIPTION_MIN,
    max: SEO_DESCRIPTION_MAX,
  }),
  group: oneOf(WIKI_GROUP_IDS, 'un grupo del menú lateral'),
  order: whole('la posición dentro del grupo', 1),
  // YAML reads an unquoted 2026-11-22 as a date; quoted, it is text and fails here.
  lastUpdated: z.date({ error: 'Se espera una fecha AAAA-MM-DD sin comillas, por ejemplo 2026-11-22' }).optional(),
});

/** `content/wiki/wiki.yaml`: what the wiki as a whole says to search engines (its pages bring their own title and description). */
export const wikiSiteSchema = strict({
  seo: seoSchema,
  /** The wiki's name in the trail "Inicio › Wiki › page". */
  breadcrumb: text('el nombre de la wiki en la ruta de navegación', { max: 40 }),
});
