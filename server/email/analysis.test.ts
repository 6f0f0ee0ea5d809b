import { describe, expect, it } from 'vitest';
import { FORM_TYPES } from '../../src/lib/forms/schemas.ts';
import { budgets, cloudBudgets, integrationBudgets } from '../../src/lib/forms/options.ts';
import { analyzeLead, budgetEstimate, LEAD_SCORE_DEFAULT, priorityOf } from './analysis.ts';

const base = { name: 'Ana', email: 'ana@x.mx', company: 'Café Origen' };

describe('lead analysis', () => {
  it(`starts at ${LEAD_SCORE_DEFAULT} with no signals`, () => {
    const analysis = analyzeLead({ formType: FORM_TYPES.small, fields: { ...base, message: 'Hola' } });
    expect(analysis.score).toBe(75);
    expect(analysis.reasons).toEqual([]);
    expect(analysis.priority).toBe('Media');
    expect(analysis.revenue).toBeUndefined();
  });

  it('adds and subtracts the documented points and clamps to 0-100', () => {
    const hot = analyzeLead({
      formType: FORM_TYPES.project,
      fields: { ...base, phone: '+525512345678', budget: '1500k-plus', timeline: 'asap', urgency: 'critical', appointmentDate: '2026-11-25T10:00' },
    });
    expect(hot.score).toBe(100);
    expect(hot.priority).toBe('Alta');
    expect(hot.reasons.map((reason) => reason.points)).toEqual([10, 5, 10, 10, 5]);

    const cold = analyzeLead({
      formType: FORM_TYPES.big,
      fields: { name: 'Ana', email: 'ana@x.mx', budget: 'up-to-100k', urgency: 'low', timeline: 'flexible' },
    });
    // 75 - 10 (no company) - 10 (lowest budget) - 10 (low urgency)
    expect(cold.score).toBe(45);
    expect(cold.priority).toBe('Baja');
  });

  it('reads budgets against the list of their own form', () => {
    const cloud = analyzeLead({ formType: FORM_TYPES.consultancy, fields: { ...base, serviceType: 'cloud-migration', budget: '120k-plus' } });
    expect(cloud.reasons.map((reason) => reason.description)).toContain('Presupuesto en los dos rangos más altos');
    expect(cloud.revenue).toEqual({ amount: 120_000, currency: 'USD' });
  });

  it('has an estimate for every budget option except "undecided"', () => {
    for (const option of [...budgets, ...cloudBudgets, ...integrationBudgets]) {
      if (option.id === 'undecided') expect(budgetEstimate(option.id)).toBeUndefined();
      else expect(budgetEstimate(option.id)?.currency).toBe(option.currency);
    }
  });

  it('maps scores to priorities', () => {
    expect([100, 85, 84, 65, 64, 0].map(priorityOf)).toEqual(['Alta', 'Alta', 'Media', 'Media', 'Baja', 'Baja']);
  });
});
