/**
 * Frontmatter of a wiki page (`content/wiki/<slug>.mdx`). The file name is the slug and the URL:
 * `content/wiki/setup.mdx` is `/wikiangram/setup`. Messages are in Spanish and say what is expected;
 * Astro prints them after the file name and the field when `astro sync` or `astro build` fails.
 */
import { z } from 'astro/zod';
import { WIKI_GROUP_IDS } from '../lib/wiki/groups.ts';

export const WIKI_DESCRIPTION_MIN = 50;
export const WIKI_DESCRIPTION_MAX = 160;

const fields = {
  title: z
    .string({ error: (issue) => (issue.input === undefined ? 'Falta el título de la página (title).' : 'title debe ser texto.') })
    .trim()
    .min(3, 'El título necesita al menos 3 caracteres.')
    .max(60, 'El título admite máximo 60 caracteres (se muestra en el menú lateral y en la pestaña).'),
  description: z
    .string({ error: (issue) => (issue.input === undefined ? 'Falta la descripción (description).' : 'description debe ser texto.') })
    .trim()
    .min(WIKI_DESCRIPTION_MIN, `La descripción necesita entre ${WIKI_DESCRIPTION_MIN} y ${WIKI_DESCRIPTION_MAX} caracteres (es la meta description).`)
    .max(WIKI_DESCRIPTION_MAX, `La descripción necesita entre ${WIKI_DESCRIPTION_MIN} y ${WIKI_DESCRIPTION_MAX} caracteres (es la meta description).`),
  group: z.enum(WIKI_GROUP_IDS, {
    error: (issue) =>
      issue.input === undefined
        ? `Falta el grupo (group): uno de ${WIKI_GROUP_IDS.join(', ')}.`
        : `group "${String(issue.input)}" no existe: usa uno de ${WIKI_GROUP_IDS.join(', ')}.`,
  }),
  order: z
    .number({ error: (issue) => (issue.input === undefined ? 'Falta order (posición dentro del grupo, 1, 2, 3…).' : 'order debe ser un número entero sin comillas.') })
    .int('order debe ser un número entero.')
    .min(1, 'order empieza en 1.'),
  lastUpdated: z
    .date({ error: 'lastUpdated debe ser una fecha AAAA-MM-DD sin comillas, por ejemplo 2026-11-22.' })
    .optional(),
};

const known = new Set(Object.keys(fields));
const unknownKeyMessage = `Campo desconocido: los campos válidos son ${[...known].join(', ')}.`;

// Any other key is a typo or a field that does not exist. It is reported under its own name
// ("autor: Campo desconocido…"), next to the other problems of the page (`when` keeps the check running
// even when another field already failed), and dropped from the data.
export const wikiSchema = z
  .looseObject(fields)
  .check(
    z.superRefine(
      (data: Record<string, unknown>, ctx) => {
        for (const key of Object.keys(data)) if (!known.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: unknownKeyMessage });
      },
      { when: () => true },
    ),
  )
  .transform(({ title, description, group, order, lastUpdated }) => ({ title, description, group, order, lastUpdated }));

export type WikiFrontmatter = z.infer<typeof wikiSchema>;
