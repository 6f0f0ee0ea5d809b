import { describe, expect, it } from 'vitest';
import { byOrder, cardMetrics, neighbours } from './portfolio-cases.ts';

const entry = (id: string, order: number) => ({ id, data: { order } });
const cases = [
  entry('healthtech-app', 4),
  entry('fintech-revolution', 1),
  entry('edutech-platform', 2),
  entry('ecommerce-enterprise', 3),
];

describe('byOrder', () => {
  it('sorts by the front matter order without touching the input', () => {
    expect(byOrder(cases).map((c) => c.id)).toEqual([
      'fintech-revolution',
      'edutech-platform',
      'ecommerce-enterprise',
      'healthtech-app',
    ]);
    expect(cases[0]?.id).toBe('healthtech-app');
  });

  it('breaks ties by id so the order never depends on how files were read', () => {
    expect(byOrder([entry('b', 1), entry('a', 1)]).map((c) => c.id)).toEqual(['a', 'b']);
  });
});

describe('neighbours', () => {
  const ordered = byOrder(cases);

  it('links the previous and next case', () => {
    const { previous, next } = neighbours(ordered, 'edutech-platform');
    expect(previous.id).toBe('fintech-revolution');
    expect(next.id).toBe('ecommerce-enterprise');
  });

  it('wraps around at both ends', () => {
    expect(neighbours(ordered, 'fintech-revolution').previous.id).toBe('healthtech-app');
    expect(neighbours(ordered, 'healthtech-app').next.id).toBe('fintech-revolution');
  });

  it('fails on an unknown case', () => {
    expect(() => neighbours(ordered, 'no-existe')).toThrow('No existe el caso "no-existe"');
  });
});

describe('cardMetrics', () => {
  it('keeps only the first two metrics', () => {
    const metrics = [{ value: '$50M+ MXN' }, { value: '2M+' }, { value: '99.99%' }, { value: '15 min' }];
    expect(cardMetrics(metrics)).toEqual([{ value: '$50M+ MXN' }, { value: '2M+' }]);
  });
});
