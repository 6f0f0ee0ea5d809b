import { describe, expect, it } from 'vitest';
import { groupByCategory } from './tech-stack.ts';

describe('groupByCategory', () => {
  it('returns the four categories in the fixed order, keeping the order inside each', () => {
    const groups = groupByCategory([
      { name: 'Flutter', category: 'Mobile' as const },
      { name: 'React', category: 'Frontend' as const },
      { name: 'AWS', category: 'Cloud' as const },
      { name: 'Astro', category: 'Frontend' as const },
    ]);
    expect(groups.map((group) => group.category)).toEqual(['Frontend', 'Backend', 'Cloud', 'Mobile']);
    expect(groups[0]?.items.map((item) => item.name)).toEqual(['React', 'Astro']);
    expect(groups[1]?.items).toEqual([]);
  });
});
