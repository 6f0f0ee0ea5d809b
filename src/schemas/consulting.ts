/**
 * Technology consulting offers (`content/consulting.yaml`), keyed by the offer id. Only the descriptive
 * copy lives here: each offer's name, price and duration are in content/offers.yaml, which the consulting
 * form and the lead API also read, and every consulting offer there needs its copy here.
 */
import { loadContentFacts } from '../../core/content/load.ts';
import { consultingOffers } from '../../core/content/offers.ts';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text } from '../../core/content/common.ts';
import { icon } from './icons.ts';

/** The consulting offers of /consultoria-tecnologica: every offer of content/offers.yaml but the audit. */
export const CONSULTING_OFFER_IDS = consultingOffers(loadContentFacts().offers).map((offer) => offer.id) as [
  string,
  ...string[],
];

export const consultingOfferSchema = strict({
  id: oneOf(CONSULTING_OFFER_IDS, 'una consultoría (la clave en el YAML)'),
  icon,
  summary: text('un resumen', { max: 260 }),
  includes: list(text('qué incluye', { max: 140 }), 4, 6),
  deliverables: list(text('un entregable', { max: 140 }), 3, 5),
  idealFor: list(text('para quién es', { max: 140 }), 2, 4),
});

export const consultingRules: EntryRules = { source: 'content/consulting.yaml', ids: CONSULTING_OFFER_IDS };
