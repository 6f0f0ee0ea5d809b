/**
 * Technology consulting offers (`content/consulting.yaml`), keyed by the offer id. Only the descriptive
 * copy lives here: each offer's label, starting price and duration belong to the forms' options module
 * (`src/lib/forms/options.ts`), which the consulting form and the lead API also read.
 */
import { z } from 'astro/zod';
import { TECH_CONSULTING_OFFER_IDS } from '../lib/forms/options.ts';
import type { EntryRules } from '../lib/content/strict-loader.ts';
import { list, oneOf, strict, text } from './common.ts';
import { icon } from './icons.ts';

/** The four consulting offers of /consultoria-tecnologica, as the options module names them. */
export const CONSULTING_OFFER_IDS = TECH_CONSULTING_OFFER_IDS;
export type ConsultingOfferId = (typeof CONSULTING_OFFER_IDS)[number];

export const consultingOfferSchema = strict({
  id: oneOf(CONSULTING_OFFER_IDS, 'una consultoría (la clave en el YAML)'),
  icon,
  summary: text('un resumen', { max: 260 }),
  includes: list(text('qué incluye', { max: 140 }), 4, 6),
  deliverables: list(text('un entregable', { max: 140 }), 3, 5),
  idealFor: list(text('para quién es', { max: 140 }), 2, 4),
});

export type ConsultingOffer = z.infer<typeof consultingOfferSchema>;

export const consultingRules: EntryRules = { source: 'content/consulting.yaml', ids: CONSULTING_OFFER_IDS };
