/**
 * Name, price and duration of each consulting offer (/consultoria-tecnologica) and of the infrastructure
 * audit (/auditoria-infraestructura), as the specification fixes them (§9). The descriptive copy of each
 * offer lives in `content/consulting.yaml` and `content/audit.yaml`.
 *
 * Stand-in until the lead-API branch merges: `src/lib/forms/options.ts` (`consultingOffers`) holds the same
 * figures for the consulting form and the API. When merging, the lead points this module at that one
 * (`label`, `priceUsd` → `price`) so the figures keep a single source.
 */
import type { ConsultingOfferId } from '../schemas/consulting.ts';

export interface ConsultingOfferFigures {
  id: ConsultingOfferId | 'infrastructure-audit';
  /** The offer's name as cards, the form and the e-mails show it. */
  label: string;
  /** Whole US dollars; "desde" for the four consulting offers, a fixed price for the audit. */
  price: number;
  currency: 'USD';
  duration: string;
}

export const CONSULTING_OFFERS = [
  { id: 'architecture', label: 'Arquitectura de software', price: 2500, currency: 'USD', duration: '1-2 semanas' },
  { id: 'performance', label: 'Optimización de rendimiento', price: 3500, currency: 'USD', duration: '2-3 semanas' },
  { id: 'security-audit', label: 'Auditoría de seguridad', price: 2000, currency: 'USD', duration: '1-2 semanas' },
  { id: 'migration-strategy', label: 'Estrategia de migración', price: 4000, currency: 'USD', duration: '2-4 semanas' },
  { id: 'infrastructure-audit', label: 'Auditoría de infraestructura', price: 5000, currency: 'USD', duration: '10-14 días' },
] as const satisfies readonly ConsultingOfferFigures[];

export type ConsultingOfferFiguresId = (typeof CONSULTING_OFFERS)[number]['id'];

/** The figures of one offer; an unknown id is a programming error, so it throws (failing the build). */
export function consultingOffer(id: ConsultingOfferFiguresId): ConsultingOfferFigures {
  const found = CONSULTING_OFFERS.find((offer) => offer.id === id);
  if (!found) throw new Error(`No hay precio ni duración para la consultoría "${id}"`);
  return found;
}
