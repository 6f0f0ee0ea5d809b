import { describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { analyzeLead as analyze, budgetEstimate, LEAD_SCORE_DEFAULT, priorityOf } from './analysis.ts';
import type { Lead } from './model.ts';

const facts = loadContentFacts();
const analyzeLead = (lead: Pick<Lead, 'kind' | 'fields'>) => analyze(lead, facts);

const base = { name: 'Ana', email: 'ana@x.mx', company: 'Café Origen' };

describe('lead analysis', () => {
  it(`starts at ${LEAD_SCORE_DEFAULT} with no signals`, () => {
    const analysis = analyzeLead({ kind: 'small', fields: { ...base, message: 'Hola' } });
    expect(analysis.score).toBe(75);
    expect(analysis.reasons).toEqual([]);
    expect(analysis.priority).toBe('Media');
    expect(analysis.revenue).toBeUndefined();
  });

  it('adds and subtracts the documented points and clamps to 0-100', () => {
    const hot = analyzeLead({
      kind: 'project',
      fields: {
        ...base,
        phone: '+525512345678',
        budget: '1500k-plus',
        timeline: 'asap',
        urgency: 'critical',
        appointmentDate: '2026-11-25T10:00',
      },
    });
    expect(hot.score).toBe(100);
    expect(hot.priority).toBe('Alta');
    expect(hot.reasons.map((reason) => reason.points)).toEqual([10, 5, 10, 10, 5]);

    const cold = analyzeLead({
      kind: 'big',
      fields: { name: 'Ana', email: 'ana@x.mx', budget: 'up-to-100k', urgency: 'low', timeline: 'flexible' },
    });
    // 75 - 10 (no company) - 10 (lowest budget) - 10 (low urgency)
    expect(cold.score).toBe(45);
    expect(cold.priority).toBe('Baja');
  });

  it('reads budgets against the list of their own form', () => {
    const cloud = analyzeLead({
      kind: 'consultancy',
      fields: { ...base, serviceType: 'cloud-migration', budget: '120k-plus' },
    });
    expect(cloud.reasons.map((reason) => reason.description)).toContain('Presupuesto en los dos rangos más altos');
    expect(cloud.revenue).toEqual({ amount: 120_000, currency: 'USD' });
  });

  it('estimates revenue from every budget option with an amount, in its currency, and none for the others', () => {
    const { budgets, cloudBudgets, integrationBudgets } = facts.lists;
    for (const option of [...budgets, ...cloudBudgets, ...integrationBudgets]) {
      if (option.currency === undefined) expect(budgetEstimate(option)).toBeUndefined();
      else expect(budgetEstimate(option)).toEqual({ amount: option.estimate, currency: option.currency });
    }
  });

  it('counts a budget without an amount as undecided and takes the price of a consulting offer', () => {
    const undecided = analyzeLead({ kind: 'big', fields: { ...base, budget: 'undecided' } });
    expect(undecided.reasons.map((reason) => reason.description)).toEqual(['Presupuesto aún por definir']);
    const audit = analyzeLead({ kind: 'consultancy', fields: { ...base, serviceType: 'infrastructure-audit' } });
    expect(audit.revenue).toEqual({ amount: facts.offers['infrastructure-audit']?.price.amount, currency: 'USD' });
  });

  it('maps scores to priorities', () => {
    expect([100, 85, 84, 65, 64, 0].map(priorityOf)).toEqual(['Alta', 'Alta', 'Media', 'Media', 'Baja', 'Baja']);
  });
});
