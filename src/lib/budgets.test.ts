import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  FIRST_LOAD_BUDGETS,
  KB,
  budgetOvershoots,
  firstLoadBudget,
  firstLoadOvershoots,
  formatKb,
} from './budgets.ts';

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

describe('firstLoadOvershoots', () => {
  it('gives the wiki 60 KB, the portfolio 190 KB and every other page 150 KB in all', () => {
    expect(firstLoadBudget('/wikiangram/overview')).toBe(60 * KB);
    expect(firstLoadBudget('/portfolio')).toBe(190 * KB);
    expect(firstLoadBudget('/portfolio/fintech-revolution')).toBe(150 * KB);
    expect(firstLoadBudget('/')).toBe(150 * KB);
    expect(firstLoadBudget('/pagina-que-no-existe')).toBe(150 * KB);
  });

  it('accepts a page exactly at its goals', () => {
    expect(firstLoadOvershoots('/', { total: 150 * KB, fonts: FIRST_LOAD_BUDGETS.fonts })).toEqual([]);
  });

  it('reports the total and the fonts separately, with the overshoot', () => {
    expect(firstLoadOvershoots('/wikiangram/overview', { total: 61 * KB, fonts: 41 * KB })).toEqual([
      { kind: 'total', bytes: 61 * KB, budget: 60 * KB, overshoot: KB },
      { kind: 'fonts', bytes: 41 * KB, budget: 40 * KB, overshoot: KB },
    ]);
  });
});
