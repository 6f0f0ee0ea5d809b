import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../db/testing/engines.ts';
import { compactAfterErasure } from './compact.ts';
import { scanPostgres } from './testing/scan.ts';
import { openTestStorage } from '../testing/storage.ts';

const SECRET = 'rosaura.quintanilla@ejemplo.mx';

describe.runIf(TEST_ENGINES.includes('postgres'))('compaction after an erasure (postgres)', () => {
  let database: TestDatabase;
  let storage: Storage;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ database, storage, close } = await openTestStorage('postgres', { migrate: false }));
    await storage.run('CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)');
    await storage.run('CREATE INDEX notes_body ON notes (body)');
  });

  afterAll(() => close());

  /**
   * Erases the secret while another connection to `url` holds the transaction `open` begins, starts the
   * rewrite, ends the transaction 300 ms later: the rewrite must have waited for it and kept nothing.
   */
  async function rewriteWaitsFor(url: string, open: (client: pg.Client) => Promise<void>) {
    await storage.run('INSERT INTO notes (body) VALUES ($1)', [SECRET]);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await open(other);
      await storage.run('DELETE FROM notes WHERE body = $1', [SECRET]);

      const compaction = compactAfterErasure(storage, ['notes']);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');

      expect((await compaction).complete).toBe(true);
      expect(await scanPostgres(storage, [SECRET])).toEqual({});
    } finally {
      await other.end();
    }
  }

  it('waits for a transaction older than the erasure, so the rewrite keeps no old version', async () => {
    // A transaction that took its snapshot before the erasure and holds no lock on the table (as a request
    // reading other tables would): VACUUM FULL would copy the row along as "recently dead".
    await rewriteWaitsFor(database.env.DATABASE_URL ?? '', async (reader) => {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await reader.query('SELECT 1');
    });
  });

  it('waits for a write begun before the erasure even while it holds no snapshot between statements', async () => {
    await storage.run('CREATE TABLE IF NOT EXISTS visits (id serial PRIMARY KEY)');
    // A request's transaction that wrote and now awaits something else: in READ COMMITTED it has no snapshot
    // between statements, yet its transaction id keeps every version deleted after it from being dropped.
    await rewriteWaitsFor(database.env.DATABASE_URL ?? '', async (writer) => {
      await writer.query('BEGIN');
      await writer.query('INSERT INTO visits DEFAULT VALUES');
    });
  });

  it('waits for a write begun before the erasure in another database of the same cluster', async () => {
    // Another application's (or another instance's) database on the same server: its open write is not one
    // of this database's sessions, yet VACUUM's snapshot reaches back to it and would keep the row.
    const neighbour = await createTestDatabase('postgres');
    try {
      await rewriteWaitsFor(neighbour.env.DATABASE_URL ?? '', async (writer) => {
        await writer.query('CREATE TABLE pedidos (id serial PRIMARY KEY)');
        await writer.query('BEGIN');
        await writer.query('INSERT INTO pedidos DEFAULT VALUES');
      });
    } finally {
      await neighbour.drop();
    }
  });
});

describe.runIf(TEST_ENGINES.includes('sqlite'))('compaction after an erasure (sqlite)', () => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage('sqlite', { migrate: false }));
    // As the inbox's search index is built: trigrams, no copy of the text, deletions by rowid.
    await storage.run(
      "CREATE VIRTUAL TABLE leads_search USING fts5(text, content='', contentless_delete=1, tokenize='trigram')",
    );
    await storage.run("CREATE VIRTUAL TABLE search_terms USING fts5vocab(leads_search, 'instance')");
  });

  afterAll(() => close());

  const termsOf = async (text: string) =>
    (await storage.all<{ term: string }>('SELECT DISTINCT term FROM search_terms')).filter(({ term }) =>
      text.includes(term),
    );

  it('merges the search index, so no trigram of an erased lead stays in its segments', async () => {
    await storage.run('INSERT INTO leads_search (rowid, text) VALUES (1, $1), (2, $2)', [
      SECRET,
      'otra solicitud que se queda',
    ]);
    await storage.run('DELETE FROM leads_search WHERE rowid = 1');
    expect((await compactAfterErasure(storage, ['leads_search'])).complete).toBe(true);
    expect(await termsOf('quintanilla')).toEqual([]);
    expect((await termsOf('solicitud')).length).toBeGreaterThan(0);
  });
});
