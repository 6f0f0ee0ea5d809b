import { describe, expect, it } from 'vitest';
import { filterSql, likePattern, orderSql } from '../lead/filter-store.ts';
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

const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)';
const SEARCHED = "COALESCE(x.search_text, lower(x.name || ' ' || x.email || ' ' || COALESCE(x.company, '')))";
const OWN = "COALESCE(l.search_text, lower(l.name || ' ' || l.email || ' ' || COALESCE(l.company, '')))";
const mergedLike = (n: number) =>
  `l.id = ANY (ARRAY(SELECT mm.into_id FROM pipeline_merges mm WHERE EXISTS (SELECT 1 FROM leads x WHERE x.id = mm.lead_id AND ${SEARCHED} LIKE $${String(n)} ESCAPE '\\')))`;

describe('filter SQL', () => {
  it('leaves out merged leads, and nothing else, without filters', () => {
    expect(filterSql({})).toEqual({ where: `WHERE ${NOT_MERGED}`, params: [], withMerged: 'WHERE true' });
  });

  it('turns Mexico City dates into UTC bounds, the end day included', () => {
    const { where, params } = filterSql({ from: '2026-11-01', to: '2026-11-30' });
    expect(where).toBe(`WHERE l.received_at >= $1 AND l.received_at < $2 AND ${NOT_MERGED}`);
    // Mexico City is UTC-6 all year since 2022.
    expect(params).toEqual(['2026-11-01T06:00:00.000Z', '2026-12-01T06:00:00.000Z']);
  });

  it('binds every value as a parameter, numbered after an offset', () => {
    const { where, params } = filterSql({ status: 'nuevo', kind: 'small', assignee: 3, text: "o'Brien%_" }, 2);
    expect(where).toBe(
      // The leads whose own text matches, and those that the matching merged leads were merged into.
      `WHERE l.work_status = $3 AND l.form_type = $4 AND s.assignee_id = $5 AND ((${OWN} LIKE $6 ESCAPE '\\') OR ${mergedLike(7)}) AND ${NOT_MERGED}`,
    );
    expect(params).toEqual(['nuevo', 1, 3, "%o'brien\\%\\_%", "%o'brien\\%\\_%"]);
    expect(where).not.toContain("o'Brien");
  });

  it('searches every word, folded, and finds a reference by its number', () => {
    // Merged leads too: a lead is found by what the leads merged into it said.
    expect(filterSql({ text: 'CONT-42' }).params).toEqual(['%cont-42%', '%cont-42%', 42, 42]);
    expect(filterSql({ text: '42' }).where).toContain(
      'OR l.id = $3 OR l.id = ANY (ARRAY(SELECT mm.into_id FROM pipeline_merges mm WHERE mm.lead_id = $4)))',
    );
    expect(filterSql({ text: 'cont-99999999999999999999' }).where).not.toContain('l.id = $');
    expect(filterSql({ text: 'Ana GUTIÉRREZ' }).params).toEqual(['%ana%', '%gutierrez%', '%ana%', '%gutierrez%']);
    expect(filterSql({ text: 'Ana GUTIÉRREZ' }).where).toContain(`${OWN} LIKE $1 ESCAPE '\\' AND ${OWN} LIKE $2`);
    // SQLite asks its trigram table for words of three letters or more (quotes doubled), compares the others.
    const sqlite = filterSql({ text: 'Ana "Gus" mx' }, 0, '2026-11-23', 'sqlite');
    const phrases = '"ana" AND """gus"""';
    expect(sqlite.params).toEqual([phrases, '%mx%', '%ana%', '%"gus"%', '%mx%']);
    expect(sqlite.where).toContain(
      `SELECT x.id FROM leads x WHERE x.id IN (SELECT rowid FROM leads_search WHERE leads_search MATCH $1) AND ${SEARCHED} LIKE $2`,
    );
    expect(sqlite.where).toMatch(/^WHERE \+l\.id IN \(/);
    // Without a short word the index alone answers: no lead's row is read to say it matches.
    expect(filterSql({ text: 'Gutiérrez' }, 0, '2026-11-23', 'sqlite').where).toMatch(
      /^WHERE \+l\.id IN \(SELECT rowid FROM leads_search WHERE leads_search MATCH \$1 UNION /,
    );
    // A phone is searched by its national digits, however it was typed.
    expect(filterSql({ text: '+52 (55) 1234-5678' }).params).toEqual(['%5512345678%', '%5512345678%']);
    expect(filterSql({ assignee: 'none' }).where).toBe(`WHERE s.assignee_id IS NULL AND ${NOT_MERGED}`);
  });

  it('selects the due views against the given day, open leads only', () => {
    const { where, params } = filterSql({ view: 'vencidos' }, 0, '2026-11-23');
    expect(where).toBe(
      `WHERE COALESCE(l.next_step_date, '9999-12-31') < $1 AND l.work_status NOT IN ('ganado', 'perdido') AND ${NOT_MERGED}`,
    );
    expect(params).toEqual(['2026-11-23']);
    expect(filterSql({ view: 'hoy' }, 0, '2026-11-23').where).toContain(
      "COALESCE(l.next_step_date, '9999-12-31') = $1",
    );
  });

  it('orders every sort with the newest first on ties', () => {
    expect(orderSql('recientes')).toBe('ORDER BY l.received_at DESC, l.id DESC');
    expect(orderSql('puntuacion')).toBe('ORDER BY COALESCE(l.score, -1) DESC, l.received_at DESC, l.id DESC');
    // A lead without a next step after every date: the order of the leads_next_step_order index.
    expect(orderSql('seguimiento')).toBe(
      "ORDER BY COALESCE(l.next_step_date, '9999-12-31'), l.received_at DESC, l.id DESC",
    );
    expect(orderSql('actividad')).toBe(
      'ORDER BY COALESCE(l.activity_at, l.received_at) DESC, l.received_at DESC, l.id DESC',
    );
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});
