/**
 * The forms' option lists and consulting offers (`src/lib/forms/options.ts`, owned by the lead API),
 * loaded through Vite's glob like the e-mail templates: the wiki renders its tables from them when the
 * module is in the repository and says so when it is not.
 */
export interface ConsultingOfferDoc {
  id: string;
  label: string;
  priceUsd: number;
  priceFrom: boolean;
  duration: string;
  summary: string;
}

interface OptionsModule {
  consultingOffers: readonly ConsultingOfferDoc[];
}

const optionsModule = Object.values(import.meta.glob<OptionsModule>('/src/lib/forms/options.ts', { eager: true }))[0];

if (optionsModule && !Array.isArray(optionsModule.consultingOffers)) {
  throw new Error('src/lib/forms/options.ts ya no exporta consultingOffers: actualiza src/lib/wiki/form-options.ts.');
}

export const CONSULTING_OFFERS: readonly ConsultingOfferDoc[] = optionsModule?.consultingOffers ?? [];

/** "desde 2,500 USD" or "5,000 USD". */
export function offerPrice(offer: Pick<ConsultingOfferDoc, 'priceUsd' | 'priceFrom'>): string {
  const amount = `${offer.priceUsd.toLocaleString('es-MX')} USD`;
  return offer.priceFrom ? `desde ${amount}` : amount;
}
