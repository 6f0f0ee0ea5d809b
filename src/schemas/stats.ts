/** Stat strips (`content/stats.yaml`): two named groups of four figures each. */
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text } from '../../core/content/common.ts';

/** `marketing`: home and contact; `portfolio`: the /portfolio page. */
export const STATS_GROUP_IDS = ['marketing', 'portfolio'] as const;

export const statsGroupSchema = strict({
  id: oneOf(STATS_GROUP_IDS, 'un grupo (la clave en el YAML)'),
  items: list(
    strict({ value: text('una cifra como "50+"', { max: 12 }), label: text('qué cuenta', { max: 40 }) }),
    4,
    4,
  ),
});

/** What a figure counts: the first word of its label ("clientes en México y EE. UU." counts clientes). */
function counted(label: string): string {
  return label.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
}

/**
 * The same thing counted in two groups must carry the same figure (the home said "40+ clientes" while
 * /portfolio said "50+"): one figure per thing, whichever page shows it.
 */
export function conflictingFigures(
  groups: ReadonlyArray<{ id: string; items: ReadonlyArray<{ value: string; label: string }> }>,
): string[] {
  const seen = new Map<string, { value: string; group: string }>();
  const problems: string[] = [];
  for (const group of groups) {
    for (const item of group.items) {
      const thing = counted(item.label);
      const first = seen.get(thing);
      if (!first) seen.set(thing, { value: item.value, group: group.id });
      else if (first.value !== item.value)
        problems.push(
          `"${thing}" vale ${first.value} en el grupo ${first.group} y ${item.value} en ${group.id}: usa la misma cifra en ambos.`,
        );
    }
  }
  return problems;
}

export const statsRules: EntryRules = {
  source: 'content/stats.yaml',
  ids: STATS_GROUP_IDS,
  check: (entries) =>
    conflictingFigures(
      entries.map((entry) => ({
        id: entry.id,
        items: statsGroupSchema.shape.items.safeParse(entry.data.items).data ?? [],
      })),
    ),
};
