/** Team members shown on the home page: one YAML file per person in `content/team/<slug>.yaml`. */
import { z } from 'astro/zod';
import type { SchemaContext } from 'astro:content';
import { entry, integer, list, text } from './field-helpers.ts';

export function teamSchema({ image }: SchemaContext) {
  return entry(
    {
      name: text('el nombre'),
      role: text('el puesto (role)'),
      image: image(),
      imageAlt: text('el texto alternativo del retrato'),
      bio: text('la biografía (bio)', { min: 80, max: 500 }),
      skills: list(text('cada habilidad'), 'las habilidades (skills)', { min: 4, max: 6 }),
      order: integer('el orden (order)', 1),
    },
    'la persona del equipo',
  );
}

export type TeamMemberData = z.output<ReturnType<typeof teamSchema>>;
