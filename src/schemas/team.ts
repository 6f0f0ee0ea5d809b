/** Team members shown on the home page: one YAML file per person in `content/team/<slug>.yaml`. */
import type { SchemaContext } from 'astro:content';
import { list, strict, text, whole } from '../../core/content/common.ts';

export function teamSchema({ image }: SchemaContext) {
  return strict({
    name: text('el nombre'),
    role: text('el puesto'),
    image: image(),
    imageAlt: text('el texto alternativo del retrato'),
    bio: text('la biografía', { min: 80, max: 500 }),
    skills: list(text('una habilidad'), 4, 6),
    order: whole('la posición en la lista', 1),
  });
}
