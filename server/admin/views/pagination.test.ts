import { describe, expect, it } from 'vitest';
import { numberedPagination, pageWindow } from './pagination.ts';

const href = (page: number) => `/admin/contacts?page=${page}`;

describe('numbered pagination', () => {
  it('shows the first, the last and two pages each side, with a gap mark where pages are skipped', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 500)).toEqual([1, 2, 3, null, 500]);
    expect(pageWindow(250, 500)).toEqual([1, null, 248, 249, 250, 251, 252, null, 500]);
    expect(pageWindow(500, 500)).toEqual([1, null, 498, 499, 500]);
  });

  it('shows a single skipped page instead of a gap mark hiding just one number', () => {
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 10]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('links every page, marks the current one, and greys out the edges it is on', () => {
    expect(numberedPagination(1, 1, href, 'Páginas').value).toBe('');
    const first = numberedPagination(1, 500, href, 'Páginas de la bandeja').value;
    expect(first).toContain('aria-label="Páginas de la bandeja"');
    expect(first).toContain('Página 1 de 500');
    expect(first).toContain(
      '<a class="page-number" href="/admin/contacts?page=1" aria-current="page"><span class="visually-hidden">Página </span>1</a>',
    );
    expect(first).toContain('href="/admin/contacts?page=500"');
    expect(first).toContain('<span class="page-edge"><span aria-hidden="true">‹</span> Anterior</span>');
    expect(first).toContain('href="/admin/contacts?page=2" rel="next"');
    const middle = numberedPagination(250, 500, href, 'Páginas').value;
    expect(middle).toContain('href="/admin/contacts?page=249" rel="prev"');
    expect(middle.match(/aria-current="page"/g)).toHaveLength(1);
    expect(middle).not.toContain('?page=100"');
  });
});
