import { describe, expect, it } from 'vitest';
import { filterSql } from '../lead/filter-store.ts';
import { listQueryString, parseListQuery } from './filters.ts';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

describe('inbox filters', () => {
  it('reads every filter and the page from the query string', () => {
    expect(
      parse('status=propuesta&type=3&from=2026-11-01&to=2026-11-30&q=%20Café%20%20Origen%20&assignee=4&page=3'),
    ).toEqual({
      filter: {
        status: 'propuesta',
        kind: 'project',
        from: '2026-11-01',
        to: '2026-11-30',
        text: 'Café Origen',
        assignee: 4,
      },
      sort: 'recientes',
      page: 3,
      problems: [],
    });
    expect(parse('type=consultancy&assignee=none').filter).toEqual({ kind: 'consultancy', assignee: 'none' });
    expect(parse('')).toEqual({ filter: {}, sort: 'recientes', page: 1, problems: [] });
  });

  it('reads the day views and the order; a due view sorts by the next step unless told otherwise', () => {
    expect(parse('vista=hoy&assignee=4')).toEqual({
      filter: { view: 'hoy', assignee: 4 },
      sort: 'seguimiento',
      page: 1,
      problems: [],
    });
    expect(parse('vista=vencidos&orden=puntuacion').sort).toBe('puntuacion');
    expect(parse('orden=actividad').sort).toBe('actividad');
    const nonsense = parse('vista=manana&orden=alfabetico');
    expect(nonsense.filter).toEqual({});
    expect(nonsense.sort).toBe('recientes');
    expect(nonsense.problems).toEqual(['Se ignoró una vista que no existe.', 'Se ignoró un orden que no existe.']);
  });

  it('ignores a search PostgreSQL could not even compare (a NUL), instead of failing', () => {
    const parsed = parse('q=Ana%00');
    expect(parsed.filter.text).toBeUndefined();
    expect(parsed.problems).toEqual(['Se ignoró una búsqueda con caracteres que no se pueden buscar.']);
  });

  it('drops nonsense and says so, in Spanish', () => {
    const parsed = parse('status=ganadisimo&type=9&from=2026-02-30&to=ayer&assignee=-1&page=0');
    expect(parsed.filter).toEqual({});
    expect(parsed.page).toBe(1);
    expect(parsed.problems).toHaveLength(6);
    expect(parsed.problems.join(' ')).toContain('La fecha «desde» no es válida');
    expect(parse('page=99999999999').page).toBe(1);
    expect(parse('page=1e3').page).toBe(1);
    expect(parse('type=__proto__').filter.kind).toBeUndefined();
  });

  it('swaps reversed dates and cuts a long search', () => {
    const parsed = parse(`from=2026-12-01&to=2026-11-01&q=${'ñ'.repeat(150)}`);
    expect(parsed.filter.from).toBe('2026-11-01');
    expect(parsed.filter.to).toBe('2026-12-01');
    expect(Array.from(parsed.filter.text ?? '')).toHaveLength(100);
    expect(parsed.problems).toHaveLength(2);
  });

  it('reads the language a lead arrived in, and drops what is no language tag', () => {
    expect(parse('idioma=en').filter).toEqual({ language: 'en' });
    expect(listQueryString({ language: 'en', status: 'nuevo' })).toBe('?status=nuevo&idioma=en');
    const nonsense = parse(`idioma=${encodeURIComponent("en'--")}`);
    expect(nonsense.filter).toEqual({});
    expect(nonsense.problems).toEqual(['Se ignoró un idioma que no existe.']);
    const english = filterSql({ language: 'en' });
    expect(english.where).toContain('l.language = $1');
    expect(english.params).toEqual(['en']);
    // The default language also lists the leads stored before the site had languages.
    expect(filterSql({ language: 'es-MX' }).where).toContain('(l.language IS NULL OR l.language = $1)');
  });

  it('writes the filter back as a stable query string', () => {
    expect(listQueryString({ text: 'a&b', status: 'nuevo', kind: 'big' }, 2)).toBe(
      '?status=nuevo&type=2&q=a%26b&page=2',
    );
    expect(listQueryString({}, 1)).toBe('');
    const round = parse(
      listQueryString({ status: 'perdido', from: '2026-01-05', text: 'x y', assignee: 'none' }, 4).slice(1),
    );
    expect(round).toEqual({
      filter: { status: 'perdido', from: '2026-01-05', text: 'x y', assignee: 'none' },
      sort: 'recientes',
      page: 4,
      problems: [],
    });
    // A view and a sort other than the view's own go into the URL too.
    expect(listQueryString({ view: 'vencidos', assignee: 2 }, 1)).toBe('?assignee=2&vista=vencidos');
    expect(listQueryString({ view: 'vencidos' }, 1, 'puntuacion')).toBe('?vista=vencidos&orden=puntuacion');
    expect(listQueryString({}, 3, 'actividad')).toBe('?orden=actividad&page=3');
  });
});
