/**
 * The inbox list paged by key gives exactly the pages it gives by number, in every sort, with ties in
 * every sort term (leads that arrived at the same instant, equal scores, no score, no next step, no
 * activity), with a search and a due view, on both engines; a key that was not written by the list is
 * ignored (the page number still shows that page).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadSearchText } from '../lead/search.ts';
import { LIST_SORTS, listQueryString, parseListQuery, PAGE_SIZE, type LeadFilter, type ListSort } from './filters.ts';
import { decodeListKey, encodeListKey } from '../lead/keyset.ts';
import { createWorkStore } from './store/work.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';
import { openTestStorage } from '../testing/storage.ts';

const TODAY = '2026-11-25';
const LEADS = 67;
const SORTS = Object.keys(LIST_SORTS) as ListSort[];

async function seed(storage: Storage): Promise<void> {
  for (let i = 0; i < LEADS; i += 1) {
    const name = `Cliente ${String(i)} ${i % 2 ? 'Treviño' : 'Núñez'}`;
    const email = `cliente${String(i)}@ejemplo.mx`;
    const fields = { name, email, message: 'Queremos una app.' };
    // Three leads per instant: ties in the arrival, broken by id.
    const received = new Date(Date.UTC(2026, 10, 1 + Math.floor(i / 3), 16)).toISOString();
    const row = await storage.get<{ id: number }>(
      `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash, search_text, score)
       VALUES (1, $1, $2, $3, '/contacto', $4, 'prueba', $5, $6) RETURNING id`,
      [
        name,
        email,
        JSON.stringify(fields),
        received,
        leadSearchText({ kind: 'small', name, email, fields }),
        i % 4 === 0 ? null : (i * 7) % 5,
      ],
    );
    const id = Number(row?.id);
    if (i % 3 === 0)
      await storage.run(
        `INSERT INTO inbox_lead_state (lead_id, status, first_contact_at, updated_at, version)
         VALUES ($1, $2, $3, $3, 1)`,
        [id, i % 2 ? 'ganado' : 'contactado', received],
      );
    if (i % 2 === 0)
      await storage.run(
        `INSERT INTO pipeline_deals (lead_id, next_step_date, next_step, activity_at, version)
         VALUES ($1, $2, 'Llamar', $3, 1)`,
        [
          id,
          i % 6 === 0 ? null : `2026-11-${String(20 + (i % 4)).padStart(2, '0')}`,
          i % 8 === 0 ? null : `2026-11-2${String(i % 3)}T10:00:00.000Z`,
        ],
      );
  }
}

describe('list keys', () => {
  it('come back as they were written, for their sort', () => {
    const key = { first: '2026-11-20', receivedAt: '2026-11-01T16:00:00.000Z', id: 42 };
    expect(decodeListKey(encodeListKey(key), 'seguimiento')).toEqual(key);
    expect(decodeListKey(encodeListKey({ ...key, first: -1 }), 'puntuacion')).toEqual({ ...key, first: -1 });
  });

  it('refuse anything the list did not write', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      '',
      'no es una llave',
      '%27%20OR%201%3D1',
      'x'.repeat(500),
      encode({ first: 'a', receivedAt: 'b', id: 1 }),
      encode(['2026-11-20', '2026-11-01T16:00:00.000Z']),
      encode(['2026-11-20', '2026-11-01T16:00:00.000Z', 0]),
      encode(['2026-11-20', '2026-11-01T16:00:00.000Z', 1.5]),
      encode(['2026-11-20', '2026-11-01T16:00:00.000Z', '7']),
      encode(["' OR 1=1 --".repeat(10), '2026-11-01T16:00:00.000Z', 7]),
      encode([3, '2026-11-01T16:00:00.000Z', 7]),
    ])
      expect(decodeListKey(text, 'seguimiento')).toBeUndefined();
    // A score is a whole number; a text where one is expected is refused, and the other way round.
    expect(decodeListKey(encode(['3', '2026-11-01T16:00:00.000Z', 7]), 'puntuacion')).toBeUndefined();
    expect(decodeListKey(encode([3, '2026-11-01T16:00:00.000Z', 7]), 'recientes')).toBeUndefined();
  });

  it('travel in the next page link only, after the page number', () => {
    expect(listQueryString({}, 3, 'recientes', 'abc')).toBe('?page=3&tras=abc');
    expect(listQueryString({}, 1, 'recientes', 'abc')).toBe('');
    expect(parseListQuery(new URLSearchParams('page=3&tras=abc')).after).toBe('abc');
    expect(parseListQuery(new URLSearchParams('tras=abc')).after).toBeUndefined();
  });
});

describe.each(TEST_ENGINES)('the list paged by key (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    await seed(storage);
  });
  afterAll(() => close());

  const filters: LeadFilter[] = [{}, { text: 'treviño' }, { view: 'vencidos' }, { status: 'contactado' }];

  it.each(SORTS)('gives the pages it gives by number, sorted by %s', async (sort) => {
    const work = createWorkStore(storage);
    for (const filter of filters) {
      const first = await work.list(filter, 1, sort, TODAY);
      const pages = Math.ceil(first.total / PAGE_SIZE);
      expect(pages, JSON.stringify(filter)).toBeGreaterThan(filter.view || filter.status ? 0 : 1);
      let previous = first;
      const seen = new Set(first.rows.map((row) => row.id));
      for (let page = 2; page <= pages; page += 1) {
        const key = previous.nextKey === undefined ? undefined : decodeListKey(previous.nextKey, sort);
        expect(key, `${sort} ${JSON.stringify(filter)} página ${String(page)}`).toBeDefined();
        const byKey = await work.list(filter, page, sort, TODAY, key);
        const byNumber = await work.list(filter, page, sort, TODAY);
        expect(byKey.rows.map((row) => row.id)).toEqual(byNumber.rows.map((row) => row.id));
        for (const row of byKey.rows) seen.add(row.id);
        previous = byKey;
      }
      // The last page has no next key, and every lead was listed once.
      if (previous.rows.length < PAGE_SIZE) expect(previous.nextKey).toBeUndefined();
      expect(seen.size).toBe(first.total);
    }
  });

  it('pages a search for a reference by number', async () => {
    const work = createWorkStore(storage);
    const key = { first: '9999-12-31', receivedAt: '2000-01-01T00:00:00.000Z', id: 1 };
    const byNumber = await work.list({ text: 'CONT-5' }, 1, 'recientes', TODAY);
    expect((await work.list({ text: 'CONT-5' }, 1, 'recientes', TODAY, key)).rows).toEqual(byNumber.rows);
  });
});

describe.each(TEST_ENGINES)('the next page link (%s)', (engine) => {
  let t: TestAdmin;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    await seed(t.api.storage);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('carries the key of the page it leaves, and the page is the numbered one', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const refs = (text: string) => [...text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));
    const first = await ana.get('/admin/contacts?orden=puntuacion');
    const next = /<a class="page-edge" href="([^"]+)" rel="next">/.exec(first.text)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toMatch(/^\/admin\/contacts\?orden=puntuacion&page=2&tras=[\w-]+$/);
    const numbered = refs((await ana.get('/admin/contacts?orden=puntuacion&page=2')).text);
    expect(numbered).toHaveLength(PAGE_SIZE);
    expect(refs((await ana.get(next ?? '')).text)).toEqual(numbered);
    // A key the list never wrote is ignored: the page by its number.
    expect(refs((await ana.get('/admin/contacts?orden=puntuacion&page=2&tras=bm8gZXMgdW5hIGxsYXZl')).text)).toEqual(
      numbered,
    );
  });
});
