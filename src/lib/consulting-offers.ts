/**
 * Name, price and duration of each consulting offer (/consultoria-tecnologica) and of the infrastructure
 * audit (/auditoria-infraestructura), in the shape the pages use. The figures live once, in the forms'
 * options module (`consultingOffers`), which the consulting form and the lead API's e-mails also read;
 * the descriptive copy of each offer lives in `content/consulting.yaml` and `content/audit.yaml`.
 */
import { consultingOffers } from './forms/options.ts';

export type ConsultingOfferFiguresId = (typeof consultingOffers)[number]['id'];

export interface ConsultingOfferFigures {
  id: ConsultingOfferFiguresId;
  /** The offer's name as cards, the form and the e-mails show it. */
  label: string;
  /** Whole US dollars; "desde" for the four consulting offers, a fixed price for the audit. */
  price: number;
  currency: 'USD';
  duration: string;
}

export const CONSULTING_OFFERS: readonly ConsultingOfferFigures[] = consultingOffers.map((offer) => ({
  id: offer.id,
  label: offer.label,
  price: offer.priceUsd,
  currency: 'USD',
  duration: offer.duration,
}));

/** The figures of one offer; an unknown id is a programming error, so it throws (failing the build). */
export function consultingOffer(id: ConsultingOfferFiguresId): ConsultingOfferFigures {
  const found = CONSULTING_OFFERS.find((offer) => offer.id === id);
  if (!found) throw new Error(`No hay precio ni duración para la consultoría "${id}"`);
  return found;
}
