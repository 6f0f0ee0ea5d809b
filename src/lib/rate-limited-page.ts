/**
 * The copy of /429 (content/rate-limited.yaml), read at build time and checked like every content file:
 * a wrong or missing field stops the build naming the file and the field. Its texts for search engines
 * follow the pages' rules (src/schemas/seo.ts); the page stays out of the index.
 */
import { readFileSync } from 'node:fs';
import { defaultRoot } from '../../core/content/load.ts';
import { strict, text } from '../../core/content/common.ts';
import { parseContent } from '../../core/content/parse.ts';
import { seoSchema } from '../schemas/seo.ts';

export const RATE_LIMITED_FILE = 'content/rate-limited.yaml';

export const rateLimitedSchema = strict({
  seo: seoSchema,
  hero: strict({
    eyebrow: text('el antetítulo', { max: 40 }),
    title: text('el título', { max: 90 }),
    lead: text('el párrafo bajo el título', { max: 400 }),
    home: text('el texto del botón que lleva al inicio', { max: 40 }),
  }),
  channels: strict({
    title: text('el título de los canales', { max: 90 }),
    lead: text('el párrafo de los canales', { max: 300 }),
    whatsapp: text('el texto del botón de WhatsApp', { max: 40 }),
    email: text('el texto del botón de correo', { max: 40 }),
    newTab: text('el aviso para lectores de pantalla de que el chat se abre aparte', { max: 60 }),
    retry: text('cuándo se puede volver a usar el formulario', { max: 160 }),
  }),
});

export function rateLimitedCopy(root: string = defaultRoot()) {
  return parseContent(
    RATE_LIMITED_FILE,
    readFileSync(new URL(RATE_LIMITED_FILE, `file://${root.endsWith('/') ? root : `${root}/`}`), 'utf8'),
    rateLimitedSchema,
  );
}
