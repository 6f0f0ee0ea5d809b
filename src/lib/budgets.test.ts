import { describe, expect, it } from 'vitest';
import { BUDGETS, budgetOvershoots, formatKb } from './budgets.ts';

describe('budgetOvershoots', () => {
  it('accepts a page within its budgets', () => {
    expect(budgetOvershoots({ js: BUDGETS.jsNavbarOnly, css: BUDGETS.css }, false)).toEqual([]);
  });

  it('gives pages with a form the larger JavaScript budget', () => {
    expect(budgetOvershoots({ js: 100 * 1024, css: 1000 }, true)).toEqual([]);
    expect(budgetOvershoots({ js: 100 * 1024, css: 1000 }, false)).toEqual([
      { kind: 'js', bytes: 100 * 1024, budget: BUDGETS.jsNavbarOnly, overshoot: 25 * 1024 },
    ]);
  });

  it('reports CSS over 20 KB with the overshoot', () => {
    const [check] = budgetOvershoots({ js: 0, css: BUDGETS.css + 512 }, false);
    expect(check).toMatchObject({ kind: 'css', overshoot: 512 });
    expect(formatKb(512)).toBe('0.5 KB');
  });
});
