/**
 * What keeps the inbox as fast at 100,000 leads as at 1,000, on both engines: the team's work copied onto
 * each lead by triggers (whoever writes the rows, including a database migrated with work already in it),
 * search through trigrams (any part of a word, a phone's middle digits, short words, a corrected or merged
 * lead), and the queries of the list, the board and the search planned on their indexes. Results are
 * checked here; the speed itself is what `npm run bench:inbox` prints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateAll } from '../../database.ts';
import { migrateAccess } from '../../db/access-migrations.ts';
import { migrateLeads } from '../../db/migrations.ts';
import type { SqlValue, Storage } from '../../db/storage.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { leadSearchText } from '../../lead/search.ts';
import { filterSql, orderSql } from '../../lead/filter-store.ts';
import { parseListQuery } from '../filters.ts';
import { afterKeySql } from '../../lead/keyset.ts';
import { boardColumns } from './board.ts';
import { migrateInbox } from './migrations.ts';
import { PIPELINE_MIGRATIONS, PIPELINE_MODULE } from './pipeline-migrations.ts';
import { createWorkStore } from './work.ts';
import { openTestStorage } from '../../testing/storage.ts';

const TODAY = '2026-11-28';
const AT = '2026-11-20T16:00:00.000Z';

interface Copies {
  work_status: string;
  first_contact_at: string | null;
  next_step_date: string | null;
  activity_at: string | null;
  deal_value: number | null;
}

describe.each(TEST_ENGINES)('the inbox at scale (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  const addLead = async (id: number, name: string, email: string, phone: string | null, message: string) => {
    const fields = { name, email, message, ...(phone ? { phone } : {}) };
    const searchText = leadSearchText({ kind: 'small', name, email, phone: phone ?? undefined, fields });
    await storage.run(
      `INSERT INTO leads (id, form_type, name, email, phone, fields, origin_page, received_at, client_hash, search_text, score)
       VALUES ($1, 1, $2, $3, $4, $5, '/contacto', $6, 'prueba', $7, 10)`,
      [
        id,
        name,
        email,
        phone,
        JSON.stringify(fields),
        `2026-11-${String(10 + id).padStart(2, '0')}T16:00:00.000Z`,
        searchText,
      ],
    );
  };
  const copies = (id: number) =>
    storage.get<Copies>(
      'SELECT work_status, first_contact_at, next_step_date, activity_at, deal_value FROM leads WHERE id = $1',
      [id],
    );
  const found = async (query: string) => {
    const { filter, page, sort } = parseListQuery(new URLSearchParams({ q: query }));
    const { rows } = await createWorkStore(storage).list(filter, page, sort, TODAY);
    return rows.map((row) => row.id).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine, { migrate: false }));
    // A database from before the copies: work already recorded when the pipeline's third version arrives.
    await migrateLeads(storage);
    await migrateInbox(storage);
    await migrateAccess(storage);
    await storage.migrate(PIPELINE_MODULE, PIPELINE_MIGRATIONS.slice(0, 2));
    await addLead(1, 'Mónica Treviño', 'monica@ferremax.mx', '+52 81 2345 6789', 'Queremos una app de inventario.');
    await addLead(2, 'Álvaro Núñez', 'alvaro@cafeorigen.mx', null, 'Cotización de fletes a Laredo.');
    await storage.run(
      "INSERT INTO inbox_lead_state (lead_id, status, first_contact_at, updated_at, version) VALUES (1, 'propuesta', $1, $1, 1)",
      [AT],
    );
    await storage.run(
      "INSERT INTO pipeline_deals (lead_id, value_mxn, next_step_date, next_step, activity_at, version) VALUES (1, 90000, '2026-11-27', 'Llamar', $1, 1)",
      [AT],
    );
    await migrateAll(storage);
  });

  afterAll(() => close());

  it('copies the work recorded before the migration onto each lead', async () => {
    expect(await copies(1)).toEqual({
      work_status: 'propuesta',
      first_contact_at: AT,
      next_step_date: '2026-11-27',
      activity_at: AT,
      deal_value: 90000,
    });
    expect(await copies(2)).toEqual({
      work_status: 'nuevo',
      first_contact_at: null,
      next_step_date: null,
      activity_at: null,
      deal_value: null,
    });
  });

  it('follows every later change of the status and the deal, and their removal', async () => {
    await storage.run(
      "INSERT INTO inbox_lead_state (lead_id, status, first_contact_at, updated_at, version) VALUES (2, 'contactado', $1, $1, 1)",
      [AT],
    );
    await storage.run(
      `INSERT INTO pipeline_deals (lead_id, activity_at, version) VALUES (2, $1, 0)
       ON CONFLICT (lead_id) DO UPDATE SET activity_at = excluded.activity_at`,
      ['2026-11-21T10:00:00.000Z'],
    );
    await storage.run("UPDATE pipeline_deals SET next_step_date = '2026-11-28', value_mxn = 15000 WHERE lead_id = 2");
    expect(await copies(2)).toEqual({
      work_status: 'contactado',
      first_contact_at: AT,
      next_step_date: '2026-11-28',
      activity_at: '2026-11-21T10:00:00.000Z',
      deal_value: 15000,
    });
    await storage.run("UPDATE inbox_lead_state SET status = 'ganado' WHERE lead_id = 2");
    expect((await copies(2))?.work_status).toBe('ganado');
    await storage.run('DELETE FROM pipeline_deals WHERE lead_id = 2');
    await storage.run('DELETE FROM inbox_lead_state WHERE lead_id = 2');
    expect(await copies(2)).toEqual({
      work_status: 'nuevo',
      first_contact_at: null,
      next_step_date: null,
      activity_at: null,
      deal_value: null,
    });
  });

  it('finds any part of a word, a phone by its middle digits, and short words', async () => {
    expect(await found('trevi')).toEqual([1]);
    expect(await found('ÑEZ')).toEqual([2]);
    expect(await found('3456')).toEqual([1]);
    expect(await found('fletes laredo')).toEqual([2]);
    expect(await found('mx')).toEqual([1, 2]);
    expect(await found('al origen')).toEqual([2]);
    expect(await found('trevino laredo')).toEqual([]);
    expect(await found('"fletes')).toEqual([]);
    expect(await found('CONT-2')).toEqual([2]);
  });

  it('forgets the old text of a corrected lead and finds the new one', async () => {
    const renamed = leadSearchText({
      kind: 'small',
      name: 'Zacarías Yáñez',
      email: 'zacarias@ferremax.mx',
      fields: { message: 'Queremos una app de inventario.' },
    });
    await storage.run(
      "UPDATE leads SET name = 'Zacarías Yáñez', email = 'zacarias@ferremax.mx', phone = NULL, search_text = $1 WHERE id = 1",
      [renamed],
    );
    expect(await found('monica')).toEqual([]);
    expect(await found('3456')).toEqual([]);
    expect(await found('yanez')).toEqual([1]);
  });

  it('finds a lead by what a lead merged into it said', async () => {
    await addLead(3, 'Rosa Elena Cantú', 'rosa@clinicasvida.mx', '+52 55 8765 4321', 'Portal de citas.');
    await storage.run("INSERT INTO pipeline_merges (lead_id, into_id, at) VALUES (3, 1, '2026-11-25T10:00:00.000Z')");
    expect(await found('clinicasvida')).toEqual([1]);
    expect(await found('87654321')).toEqual([1]);
    expect(await found('CONT-3')).toEqual([1]);
    // Counted once, in the lead it was merged into: the list and the board say two leads, not three.
    expect((await createWorkStore(storage).list({}, 1, 'recientes', TODAY)).total).toBe(2);
    expect((await createWorkStore(storage).list({ text: 'mx' }, 1, 'recientes', TODAY)).total).toBe(2);
    const board = await boardColumns(storage, {}, TODAY);
    expect(board.reduce((sum, column) => sum + column.total, 0)).toBe(2);
  });

  it('sorts by activity and next step from the copies, newest first on ties', async () => {
    const work = createWorkStore(storage);
    const ids = async (sort: 'actividad' | 'seguimiento') =>
      (await work.list({}, 1, sort, TODAY)).rows.map((row) => row.id);
    // Lead 1 has activity on the 20th and a next step; lead 2 arrived on the 12th with none.
    expect(await ids('actividad')).toEqual([1, 2]);
    expect(await ids('seguimiento')).toEqual([1, 2]);
    expect((await work.list({ view: 'vencidos' }, 1, 'seguimiento', TODAY)).rows.map((row) => row.id)).toEqual([1]);
    const board = await boardColumns(storage, {}, TODAY);
    expect(board.find((column) => column.status === 'propuesta')).toMatchObject({ total: 1, valueMxn: 90000 });
    expect(board.find((column) => column.status === 'nuevo')?.cards.map((card) => card.id)).toEqual([2]);
  });

  it('plans the list, the board and the search on their indexes', async () => {
    /** `bitmaps`: PostgreSQL may read no index in order either (what it does for a search's many matches). */
    const plan = async (sql: string, params: ReadonlyArray<string | number>, bitmaps = false) => {
      if (storage.dialect === 'sqlite') {
        const rows = await storage.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, [...params]);
        return rows.map((row) => row.detail).join('\n');
      }
      // A few rows are read faster without an index: the planner is asked whether it can use one.
      return storage.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off');
        if (bitmaps) await tx.exec('SET LOCAL enable_indexscan = off');
        const rows = await tx.all<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, [...params]);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    };
    const list = async (filter: Parameters<typeof filterSql>[0], sort: Parameters<typeof orderSql>[0]) => {
      const { where, params } = filterSql(filter, 0, TODAY, storage.dialect);
      return plan(`SELECT l.id FROM leads l ${where} ${orderSql(sort, filter)} LIMIT 20`, params);
    };
    expect(await list({}, 'actividad')).toContain('leads_activity_order');
    expect(await list({}, 'seguimiento')).toContain('leads_next_step_order');
    // The due views read the open leads' own index (PostgreSQL) or the whole next-step order (SQLite).
    expect(await list({ view: 'vencidos' }, 'seguimiento')).toMatch(/leads_open_next_step|leads_next_step_order/);
    // A page after a key starts at the key in an index led by the sort's first term (by arrival, either
    // index that starts with it).
    for (const [sort, index, first] of [
      ['seguimiento', /leads_next_step_order/, '2026-11-27'],
      ['recientes', /leads_received_at|leads_period/, AT],
      ['puntuacion', /leads_score_order/, 10],
    ] as const) {
      const { where, params } = filterSql({}, 0, TODAY, storage.dialect);
      const keyed: Array<string | number> = [...params];
      const param = (value: SqlValue) => {
        keyed.push(value ?? '');
        return `$${String(keyed.length)}`;
      };
      const after = afterKeySql(sort, { first, receivedAt: AT, id: 1 }, param);
      expect(await plan(`SELECT l.id FROM leads l ${where} AND ${after} ${orderSql(sort)} LIMIT 20`, keyed)).toMatch(
        index,
      );
    }
    const search = filterSql({ text: 'trevino' }, 0, TODAY, storage.dialect);
    expect(await plan(`SELECT count(*) FROM leads l ${search.withMerged}`, search.params, true)).toContain(
      storage.dialect === 'sqlite' ? 'leads_search VIRTUAL TABLE' : 'leads_search_trgm',
    );
    const board = filterSql({}, 0, TODAY, storage.dialect);
    expect(
      await plan(
        `SELECT l.id FROM leads l ${board.where} AND l.work_status = $1
         ORDER BY COALESCE(l.next_step_date, '9999-12-31'), COALESCE(l.activity_at, l.received_at) DESC, l.id DESC LIMIT 25`,
        ['nuevo'],
      ),
      // An open column may also start from the open leads' index, when as few rows are in it.
    ).toMatch(/leads_board_order|leads_open_next_step/);
  });
});
