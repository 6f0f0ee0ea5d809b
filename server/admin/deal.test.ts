import { describe, expect, it } from 'vitest';
import { checkDeal, dealSummary, dueOf, nextStepSummary, parsePesos } from './deal.ts';

const TODAY = '2026-11-23';
const form = (fields: Record<string, string>) => new Map(Object.entries(fields));

describe('a deal and its next step', () => {
  it('reads pesos as people write them, in whole pesos', () => {
    expect(parsePesos('150000')).toEqual({ ok: true, value: 150000 });
    expect(parsePesos('$150,000')).toEqual({ ok: true, value: 150000 });
    expect(parsePesos('150 000 MXN')).toEqual({ ok: true, value: 150000 });
    expect(parsePesos('150000.50')).toEqual({ ok: true, value: 150001 });
    expect(parsePesos('  ')).toEqual({ ok: true, value: null });
    expect(parsePesos('-5').ok).toBe(false);
    expect(parsePesos('1e9').ok).toBe(false);
    expect(parsePesos('1000000000')).toEqual({
      ok: false,
      message: 'El valor puede ser como máximo $999,999,999 MXN.',
    });
  });

  it('needs both the date and the text of a next step, on one line, within five years', () => {
    expect(checkDeal(form({ value: '', nextStepDate: TODAY, nextStep: 'Llamar' }), TODAY)).toEqual({
      ok: true,
      change: { valueMxn: null, closeDate: null, nextStepDate: TODAY, nextStep: 'Llamar' },
    });
    const half = checkDeal(form({ nextStep: 'Llamar' }), TODAY);
    expect(half).toEqual({ ok: false, errors: { nextStepDate: 'Elige la fecha del siguiente paso.' } });
    const hostile = checkDeal(form({ nextStepDate: TODAY, nextStep: 'Llamar\u0000' }), TODAY);
    expect(hostile.ok).toBe(false);
    const twoLines = checkDeal(form({ nextStepDate: TODAY, nextStep: 'Llamar\nBcc: x' }), TODAY);
    expect(twoLines.ok).toBe(false);
    const far = checkDeal(form({ closeDate: '2062-11-23' }), TODAY);
    expect(far).toEqual({
      ok: false,
      errors: { closeDate: 'La fecha de cierre está a más de cinco años de hoy: revísala.' },
    });
    expect(checkDeal(form({ closeDate: '2026-02-30' }), TODAY).ok).toBe(false);
  });

  it('tells what changed for the history', () => {
    const empty = { valueMxn: null, closeDate: null, nextStepDate: null, nextStep: null };
    const set = { valueMxn: 150000, closeDate: '2026-12-15', nextStepDate: TODAY, nextStep: 'Llamar' };
    expect(dealSummary(empty, set)).toBe('valor $150,000 MXN; cierre esperado el 15/12/2026');
    expect(dealSummary(set, { ...set, valueMxn: null })).toBe('quitó el valor');
    expect(dealSummary(set, set)).toBeUndefined();
    expect(nextStepSummary(empty, set)).toBe('23/11/2026: Llamar');
    expect(nextStepSummary(set, empty)).toBe('quitó el siguiente paso');
  });

  it('is due today, overdue or later by Mexico City date', () => {
    expect(dueOf(TODAY, TODAY)).toBe('today');
    expect(dueOf('2026-11-22', TODAY)).toBe('overdue');
    expect(dueOf('2026-11-24', TODAY)).toBe('later');
    expect(dueOf(null, TODAY)).toBe('none');
  });
});
