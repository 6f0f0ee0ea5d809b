import { describe, expect, it } from 'vitest';
import { CLOSED, focusTarget, isFocusKey, isOpen, itemFromHash, itemIds, toggle } from './accordion.ts';

const pagos = { category: 'inversion-y-pagos', index: 1 };
const tiempos = { category: 'proyectos-y-tiempos', index: 1 };

describe('toggle', () => {
  it('opens an item when everything is closed', () => {
    const state = toggle(CLOSED, pagos);
    expect(isOpen(state, pagos)).toBe(true);
  });

  it('closes the open item when it is activated again', () => {
    expect(toggle(toggle(CLOSED, pagos), pagos)).toBe(CLOSED);
  });

  it('keeps one item open across categories: the same position in another category is another item', () => {
    const state = toggle(toggle(CLOSED, pagos), tiempos);
    expect(isOpen(state, tiempos)).toBe(true);
    expect(isOpen(state, pagos)).toBe(false);
  });

  it('switches within a category', () => {
    const state = toggle(toggle(CLOSED, pagos), { category: 'inversion-y-pagos', index: 3 });
    expect(isOpen(state, pagos)).toBe(false);
    expect(isOpen(state, { category: 'inversion-y-pagos', index: 3 })).toBe(true);
  });

  it('does not keep a reference to the caller object', () => {
    const item = { category: 'soporte-y-garantia', index: 0 };
    const state = toggle(CLOSED, item);
    item.index = 4;
    expect(state).toEqual({ category: 'soporte-y-garantia', index: 0 });
  });
});

describe('itemIds and itemFromHash', () => {
  const categories = [
    { id: 'proyectos-y-tiempos', count: 5 },
    { id: 'inversion-y-pagos', count: 5 },
  ];

  it('numbers ids from 1 so they read well in a URL', () => {
    expect(itemIds(pagos)).toEqual({ button: 'faq-inversion-y-pagos-2-pregunta', panel: 'faq-inversion-y-pagos-2-respuesta' });
  });

  it('finds the item a fragment names, from the button id or the panel id', () => {
    expect(itemFromHash('#faq-inversion-y-pagos-2-pregunta', categories)).toEqual(pagos);
    expect(itemFromHash('faq-proyectos-y-tiempos-5-respuesta', categories)).toEqual({ category: 'proyectos-y-tiempos', index: 4 });
  });

  it('ignores fragments that name no item', () => {
    expect(itemFromHash('#preguntas', categories)).toBe(CLOSED);
    expect(itemFromHash('#faq-inversion-y-pagos-6-pregunta', categories)).toBe(CLOSED);
    expect(itemFromHash('#faq-inversion-y-pagos-0-pregunta', categories)).toBe(CLOSED);
    expect(itemFromHash('#faq-blog-1-pregunta', categories)).toBe(CLOSED);
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
