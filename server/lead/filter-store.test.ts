import { describe, expect, it } from 'vitest';
import { filterSql, likePattern, orderSql } from './filter-store.ts';

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
