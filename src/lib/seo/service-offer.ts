/**
 * schema.org Offer for a Service node with a published price: a fixed price, or a starting one ("desde")
 * as a minimum price. Pages spread it into `service(...)`: `{ ...service(site, …), offers: serviceOffer(…) }`.
 */
import type { JsonLd } from './structured-data.ts';

export function serviceOffer(price: number, currency: 'USD' | 'MXN', kind: 'fixed' | 'from'): JsonLd {
  if (kind === 'fixed') return { '@type': 'Offer', price: String(price), priceCurrency: currency };
  return {
    '@type': 'Offer',
    priceSpecification: { '@type': 'PriceSpecification', minPrice: String(price), priceCurrency: currency },
  };
}
