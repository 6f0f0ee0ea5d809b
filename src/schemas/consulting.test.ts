import { describe, expect, it } from 'vitest';
import { entryProblems } from '../lib/content/strict-loader.ts';
import { CONSULTING_OFFER_IDS, consultingOfferSchema, consultingRules } from './consulting.ts';
import { changed, issues, mapEntries, REMOVE } from './test-support.ts';

const offers = mapEntries('consulting.yaml');
const architecture = offers.find((offer) => offer.id === 'architecture')!;

describe('consulting schema', () => {
  it('accepts the four real offers, keyed by the options module ids', () => {
    expect(offers.map((offer) => offer.id)).toEqual([...CONSULTING_OFFER_IDS]);
    expect(offers.flatMap((offer) => issues(consultingOfferSchema, offer))).toEqual([]);
  });

  it('refuses a price in content: prices live in the options module', () => {
    expect(issues(consultingOfferSchema, changed(architecture, 'price', 2500))).toEqual([
      'price: Campo desconocido: los campos válidos son id, icon, summary, includes, deliverables, idealFor',
    ]);
  });

  it('rejects an unknown offer id, a missing summary and too few inclusions', () => {
    expect(issues(consultingOfferSchema, changed(architecture, 'id', 'cloud-migration'))[0]).toMatch(
      /^id: "cloud-migration" no es válido/,
    );
    expect(issues(consultingOfferSchema, changed(architecture, 'summary', REMOVE))).toEqual([
      'summary: Falta este campo: se espera un resumen',
    ]);
    expect(issues(consultingOfferSchema, changed(architecture, 'includes', ['Talleres']))).toEqual([
      'includes: Se esperan entre 4 y 6 elementos',
    ]);
  });

  it('requires the four offers', () => {
    expect(entryProblems([{ id: 'architecture', data: {} }], consultingRules)).toHaveLength(3);
  });
});
