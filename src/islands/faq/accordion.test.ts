import { describe, expect, it } from 'vitest';
import { focusTarget, isFocusKey, itemFromHash, itemIds } from './accordion.ts';

const pagos = { category: 'inversion-y-pagos', index: 1 };

describe('itemIds and itemFromHash', () => {
  const categories = [
    { id: 'proyectos-y-tiempos', count: 5 },
    { id: 'inversion-y-pagos', count: 5 },
  ];

  it('numbers ids from 1 so they read well in a URL', () => {
    expect(itemIds(pagos)).toEqual({
      item: 'faq-inversion-y-pagos-2',
      question: 'faq-inversion-y-pagos-2-pregunta',
      answer: 'faq-inversion-y-pagos-2-respuesta',
    });
  });

  it('finds the item a fragment names, from the item, question or answer id', () => {
    expect(itemFromHash('#faq-inversion-y-pagos-2', categories)).toEqual(pagos);
    expect(itemFromHash('#faq-inversion-y-pagos-2-pregunta', categories)).toEqual(pagos);
    expect(itemFromHash('faq-proyectos-y-tiempos-5-respuesta', categories)).toEqual({
      category: 'proyectos-y-tiempos',
      index: 4,
    });
  });

  it('ignores fragments that name no item', () => {
    expect(itemFromHash('#preguntas', categories)).toBeNull();
    expect(itemFromHash('#faq-inversion-y-pagos-6-pregunta', categories)).toBeNull();
    expect(itemFromHash('#faq-inversion-y-pagos-0-pregunta', categories)).toBeNull();
    expect(itemFromHash('#faq-blog-1-pregunta', categories)).toBeNull();
    expect(itemFromHash('#faq-inversion-y-pagos-2-otra', categories)).toBeNull();
  });
});

describe('focusTarget', () => {
  it('moves down and up, wrapping at both ends', () => {
    expect(focusTarget(0, 20, 'ArrowDown')).toBe(1);
    expect(focusTarget(19, 20, 'ArrowDown')).toBe(0);
    expect(focusTarget(0, 20, 'ArrowUp')).toBe(19);
    expect(focusTarget(7, 20, 'ArrowUp')).toBe(6);
  });

  it('jumps to the first and the last question', () => {
    expect(focusTarget(7, 20, 'Home')).toBe(0);
    expect(focusTarget(7, 20, 'End')).toBe(19);
  });

  it('has nothing to focus in an empty list', () => {
    expect(focusTarget(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('recognises only the navigation keys', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End'].every(isFocusKey)).toBe(true);
    expect(isFocusKey('Enter')).toBe(false);
    expect(isFocusKey(' ')).toBe(false);
  });
});
