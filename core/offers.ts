/**
 * An offer's figures as every page and e-mail writes them: "$2,500 USD", "1-2 semanas", "300-500%".
 * The offers themselves are content (content/offers.yaml, schema core/content/offers.ts).
 */
import type { Offer, OfferFacts } from './content/offers.ts';
import { formatDuration, formatDurationRange, formatMoney, formatPercentRange } from './format.ts';

/** "$2,500 USD". */
export function offerPrice(offer: Pick<OfferFacts, 'price'>): string {
  return formatMoney(offer.price.amount, offer.price.currency);
}

/** "desde $2,500 USD" for a starting price, "$5,000 USD" for a fixed one. */
export function offerPriceWithKind(offer: Pick<OfferFacts, 'price'>): string {
  return offer.price.from ? `desde ${offerPrice(offer)}` : offerPrice(offer);
}

/** "1-2 semanas", "10-14 días". */
export function offerDuration(offer: Pick<OfferFacts, 'duration'>): string {
  return formatDurationRange(offer.duration.min, offer.duration.max, offer.duration.unit);
}

/** "300-500%" and "6 meses" of an offer that promises a return, or `undefined`. */
export function offerReturn(offer: Pick<OfferFacts, 'roi'>): { range: string; period: string } | undefined {
  if (!offer.roi) return undefined;
  return {
    range: formatPercentRange(offer.roi.minPercent, offer.roi.maxPercent),
    period: formatDuration(offer.roi.months, 'month'),
  };
}

/** One offer by id; `undefined` when content has none with that id. */
export function findOffer(offers: Readonly<Record<string, OfferFacts>>, id: string | undefined): Offer | undefined {
  if (id === undefined) return undefined;
  const facts = offers[id];
  return facts ? { id, ...facts } : undefined;
}
