import { describe, expect, it } from 'vitest';
import { loadContentFacts } from './content/load.ts';
import { consultingOffers } from './content/offers.ts';
import { findOffer, offerDuration, offerPrice, offerPriceWithKind, offerReturn } from './offers.ts';

const { offers } = loadContentFacts();

describe('offers', () => {
  it('write price and duration the way the pages and e-mails show them', () => {
    const sample = {
      price: { amount: 2500, currency: 'USD' as const, from: true },
      duration: { min: 1, max: 2, unit: 'week' as const },
    };
    expect(offerPrice(sample)).toBe('$2,500 USD');
    expect(offerPriceWithKind(sample)).toBe('desde $2,500 USD');
    expect(offerPriceWithKind({ price: { ...sample.price, from: false } })).toBe('$2,500 USD');
    expect(offerDuration(sample)).toBe('1-2 semanas');
    expect(offerDuration({ duration: { min: 10, max: 14, unit: 'day' } })).toBe('10-14 días');
    expect(offerReturn({ roi: { minPercent: 300, maxPercent: 500, months: 6 } })).toEqual({
      range: '300-500%',
      period: '6 meses',
    });
    expect(offerReturn({})).toBeUndefined();
  });

  it('content/offers.yaml has the audit with its return and support, and the consulting services apart from it', () => {
    const audit = findOffer(offers, 'infrastructure-audit');
    expect(audit?.roi).toBeDefined();
    expect(audit?.supportDays).toBeGreaterThan(0);
    const consulting = consultingOffers(offers).map((offer) => offer.id);
    expect(consulting.length).toBeGreaterThan(0);
    expect(consulting).not.toContain('infrastructure-audit');
    expect(findOffer(offers, 'no-such-offer')).toBeUndefined();
  });
});
