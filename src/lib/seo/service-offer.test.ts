import { describe, expect, it } from 'vitest';
import { serviceOffer } from './service-offer.ts';

describe('serviceOffer', () => {
  it('states a fixed price', () => {
    expect(serviceOffer(5000, 'USD', 'fixed')).toEqual({ '@type': 'Offer', price: '5000', priceCurrency: 'USD' });
  });

  it('states a starting price as a minimum, with no exact price', () => {
    const offer = serviceOffer(2500, 'USD', 'from');
    expect(offer).not.toHaveProperty('price');
    expect(offer.priceSpecification).toEqual({ '@type': 'PriceSpecification', minPrice: '2500', priceCurrency: 'USD' });
  });
});
