/**
 * What search engines and social networks read about a page, written by editors beside the page's copy:
 * `seo:` in `content/pages/<page>.yaml`, in the `page` block of `content/services/<id>.yaml` and in
 * `content/wiki/wiki.yaml`. Portfolio cases and wiki pages take theirs from their own title and description.
 */
import { z } from 'astro/zod';
import { list, strict, text } from '../../core/content/common.ts';

/** Search results show about 70 characters of a title; the layout appends " | Angram" (9). */
export const SEO_TITLE_MAX = 61;
/** Search engines cut a description after about 160 characters, and a short one says too little. */
export const SEO_DESCRIPTION_MIN = 50;
export const SEO_DESCRIPTION_MAX = 160;

export const seoSchema = strict({
  title: text('el título para buscadores, sin "| Angram" (se agrega solo)', { min: 10, max: SEO_TITLE_MAX }),
  description: text('la descripción para buscadores', { min: SEO_DESCRIPTION_MIN, max: SEO_DESCRIPTION_MAX }),
  keywords: list(text('una palabra clave', { max: 60 }), 2, 10),
  /** The title shared on social networks, when it should differ from the search title. */
  ogTitle: text('el título para redes sociales', { max: 70 }).optional(),
});

export type SeoCopy = z.infer<typeof seoSchema>;
