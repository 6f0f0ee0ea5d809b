import { describe, expect, it } from 'vitest';
import { CONSULTING_OFFER_IDS } from '../schemas/consulting.ts';
import { CONSULTING_OFFERS, consultingOffer } from './consulting-offers.ts';

describe('consulting offers', () => {
  it('covers every offer of content/consulting.yaml plus the infrastructure audit, once each', () => {
    const ids = CONSULTING_OFFERS.map((offer) => offer.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...CONSULTING_OFFER_IDS, 'infrastructure-audit'].sort());
  });

  it('carries the specification figures (§9)', () => {
    const figures = Object.fromEntries(CONSULTING_OFFERS.map(({ id, price, currency, duration }) => [id, `${price} ${currency} ${duration}`]));
    expect(figures).toEqual({
      architecture: '2500 USD 1-2 semanas',
      performance: '3500 USD 2-3 semanas',
      'security-audit': '2000 USD 1-2 semanas',
      'migration-strategy': '4000 USD 2-4 semanas',
      'infrastructure-audit': '5000 USD 10-14 días',
    });
  });

  it('finds one offer by id', () => {
    expect(consultingOffer('performance').label).toBe('Optimización de rendimiento');
    expect(consultingOffer('infrastructure-audit').price).toBe(5000);
  });
});
