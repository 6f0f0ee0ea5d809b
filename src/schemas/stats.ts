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

export const statsRules: EntryRules = { source: 'content/stats.yaml', ids: STATS_GROUP_IDS };
