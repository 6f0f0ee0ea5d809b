import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  FIRST_LOAD_BUDGETS,
  KB,
  budgetOvershoots,
  firstLoadBudget,
  firstLoadOvershoots,
  formatKb,
  LIGHTHOUSE_GOALS,
  lighthouseShortfalls,
} from './budgets.ts';

describe('budgetOvershoots', () => {
  it('accepts a page within its budgets', () => {
    expect(budgetOvershoots({ js: BUDGETS.jsNavbarOnly, css: BUDGETS.css }, false)).toEqual([]);
  });

  it('gives pages with a form the larger JavaScript budget', () => {
    expect(budgetOvershoots({ js: 100 * 1024, css: 1000 }, true)).toEqual([]);
    expect(budgetOvershoots({ js: 100 * 1024, css: 1000 }, false)).toEqual([
      { kind: 'js', bytes: 100 * 1024, budget: BUDGETS.jsNavbarOnly, overshoot: 100 * 1024 - BUDGETS.jsNavbarOnly },
    ]);
  });

  it('reports CSS over 20 KB with the overshoot', () => {
    const [check] = budgetOvershoots({ js: 0, css: BUDGETS.css + 512 }, false);
    expect(check).toMatchObject({ kind: 'css', overshoot: 512 });
    expect(formatKb(512)).toBe('0.5 KB');
  });
});

describe('firstLoadOvershoots', () => {
  it('gives a wiki page 50 KB and every other page, /portfolio and the cases included, 60 KB in all', () => {
    expect(firstLoadBudget('/wikiangram/overview')).toBe(50 * KB);
    expect(firstLoadBudget('/wikiangram')).toBe(50 * KB);
    expect(firstLoadBudget('/portfolio')).toBe(60 * KB);
    expect(firstLoadBudget('/portfolio/fintech-revolution')).toBe(60 * KB);
    expect(firstLoadBudget('/portfolio/404')).toBe(60 * KB);
    expect(firstLoadBudget('/')).toBe(60 * KB);
    expect(firstLoadBudget('/contacto')).toBe(60 * KB);
    expect(firstLoadBudget('/pagina-que-no-existe')).toBe(60 * KB);
  });

  it('accepts a page exactly at its goals', () => {
    expect(
      firstLoadOvershoots('/', { total: 60 * KB, fonts: FIRST_LOAD_BUDGETS.fonts, js: FIRST_LOAD_BUDGETS.js }),
    ).toEqual([]);
  });

  it('reports the total, the fonts and the JavaScript separately, with the overshoot', () => {
    expect(firstLoadOvershoots('/wikiangram/overview', { total: 51 * KB, fonts: 41 * KB, js: 13 * KB })).toEqual([
      { kind: 'total', bytes: 51 * KB, budget: 50 * KB, overshoot: KB },
      { kind: 'fonts', bytes: 41 * KB, budget: 40 * KB, overshoot: KB },
      { kind: 'js', bytes: 13 * KB, budget: 12 * KB, overshoot: KB },
    ]);
  });
});

describe('lighthouseShortfalls', () => {
  const perfect = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100, tbtMs: 0, cls: 0 };

  it('asks 100 in every category, TBT under 50 ms and no layout shift', () => {
    expect(lighthouseShortfalls(perfect)).toEqual([]);
    expect(lighthouseShortfalls({ ...perfect, performance: 99, tbtMs: 50, cls: 0.001 })).toEqual([
      `rendimiento 99 (meta ${LIGHTHOUSE_GOALS.score})`,
      'TBT 50 ms (meta: menos de 50 ms)',
      'CLS 0.001 (meta 0)',
    ]);
  });

  it('does not ask SEO and best practices of the error page, which answers 404 with noindex on purpose', () => {
    expect(lighthouseShortfalls({ ...perfect, seo: 61, bestPractices: 96 }, { errorPage: true })).toEqual([]);
    expect(lighthouseShortfalls({ ...perfect, seo: 61 })).toEqual(['SEO 61 (meta 100)']);
    expect(lighthouseShortfalls({ ...perfect, performance: 98 }, { errorPage: true })).toHaveLength(1);
  });
});
