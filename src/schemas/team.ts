/** Team members shown on the home page: one YAML file per person in `content/team/<slug>.yaml`. */
import type { SchemaContext } from 'astro:content';
import { list, strict, text, whole } from '../../core/content/common.ts';

export function teamSchema({ image }: SchemaContext) {
  return strict({
    name: text('el nombre'),
    role: text('el puesto'),
    /** The photo; without it the page shows a monogram of the name (src/components/ui/Portrait.astro). */
    image: image().optional(),
    /** What the photo shows, or, without one, what the monogram is ("Monograma de …"). */
    imageAlt: text('el texto alternativo del retrato'),
    bio: text('la biografía', { min: 80, max: 500 }),
    skills: list(text('una habilidad'), 4, 6),
    order: whole('la posición en la lista', 1),
  });
}
