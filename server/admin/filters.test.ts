import { describe, expect, it } from 'vitest';
import { filterSql, likePattern, listQueryString, parseListQuery } from './filters.ts';

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
      page: 3,
      problems: [],
    });
    expect(parse('type=consultancy&assignee=none').filter).toEqual({ kind: 'consultancy', assignee: 'none' });
    expect(parse('')).toEqual({ filter: {}, page: 1, problems: [] });
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
      page: 4,
      problems: [],
    });
  });
});

describe('filter SQL', () => {
  it('is empty without filters', () => {
    expect(filterSql({})).toEqual({ where: '', params: [] });
  });

  it('turns Mexico City dates into UTC bounds, the end day included', () => {
    const { where, params } = filterSql({ from: '2026-11-01', to: '2026-11-30' });
    expect(where).toBe('WHERE l.received_at >= $1 AND l.received_at < $2');
    // Mexico City is UTC-6 all year since 2022.
    expect(params).toEqual(['2026-11-01T06:00:00.000Z', '2026-12-01T06:00:00.000Z']);
  });

  it('binds every value as a parameter, numbered after an offset', () => {
    const { where, params } = filterSql({ status: 'nuevo', kind: 'small', assignee: 3, text: "o'Brien%_" }, 2);
    expect(where).toBe(
      "WHERE COALESCE(s.status, 'nuevo') = $3 AND l.form_type = $4 AND s.assignee_id = $5 AND (lower(l.name) LIKE $6 ESCAPE '\\' OR lower(l.email) LIKE $6 ESCAPE '\\' OR lower(COALESCE(l.company, '')) LIKE $6 ESCAPE '\\')",
    );
    expect(params).toEqual(['nuevo', 1, 3, "%o'brien\\%\\_%"]);
    expect(where).not.toContain("o'Brien");
  });

  it('finds a reference by its number', () => {
    expect(filterSql({ text: 'CONT-42' }).params).toEqual(['%cont-42%', 42]);
    expect(filterSql({ text: '42' }).where).toContain('l.id = $2');
    expect(filterSql({ text: 'cont-99999999999999999999' }).where).not.toContain('l.id');
    expect(filterSql({ assignee: 'none' }).where).toBe('WHERE s.assignee_id IS NULL');
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});
