import { describe, expect, it } from 'vitest';
import { conflictingFigures, statsGroupSchema } from './stats.ts';
import { changed, issues, mapEntries } from './test-support.ts';

const groups = mapEntries('stats.yaml');
const marketing = groups[0]!;

describe('stats schema', () => {
  it('accepts the two real groups', () => {
    expect(groups.map((group) => group.id)).toEqual(['marketing', 'portfolio']);
    expect(groups.flatMap((group) => issues(statsGroupSchema, group))).toEqual([]);
  });

  it('requires exactly four figures per group', () => {
    const items = (marketing.items as unknown[]).slice(0, 3);
    expect(issues(statsGroupSchema, changed(marketing, 'items', items))).toEqual([
      'items: Se esperan exactamente 4 elementos',
    ]);
  });

  it('rejects an unknown group and a figure given as a number', () => {
    expect(issues(statsGroupSchema, changed(marketing, 'id', 'home'))[0]).toMatch(/^id: "home" no es válido/);
    expect(issues(statsGroupSchema, changed(marketing, 'items.0.value', 50))).toEqual([
      'items.0.value: Se espera una cifra como "50+", no un número',
    ]);
  });

  it('gives the same thing counted in two groups the same figure', () => {
    const parsed = groups.map((group) => statsGroupSchema.parse(group));
    expect(conflictingFigures(parsed)).toEqual([]);
    const portfolio = parsed[1]!;
    const clients = portfolio.items.findIndex((item) => item.label.startsWith('clientes'));
    const edited = portfolio.items.map((item, index) => (index === clients ? { ...item, value: '99+' } : item));
    expect(conflictingFigures([parsed[0]!, { ...portfolio, items: edited }])).toEqual([
      expect.stringMatching(/^"clientes" vale .+ en el grupo marketing y 99\+ en portfolio/),
    ]);
  });
});
