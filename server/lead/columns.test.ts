/**
 * The lead's columns are documented in one place, this folder's README: its tables must list every column
 * of `leads` and `bookings` that the migrations of all modules leave, in their order, on both engines, so a
 * migration that adds one without documenting it fails here.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { openTestStorage } from '../testing/storage.ts';

const README = readFileSync(new URL('README.md', import.meta.url), 'utf8');

/** The first cell of each row of the table under the heading that names `table`. */
function documented(table: string): string[] {
  const section = README.split(/^## /m).find((part) => part.startsWith(`Las columnas de \`${table}\``)) ?? '';
  return [...section.matchAll(/^\| `([a-z_]+)`/gm)].map((match) => match[1] ?? '');
}

async function columnsOf(storage: Storage, table: string): Promise<string[]> {
  const rows =
    storage.dialect === 'sqlite'
      ? await storage.all<{ name: string }>('SELECT name FROM pragma_table_info($1) ORDER BY cid', [table])
      : await storage.all<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
          [table],
        );
  return rows.map((row) => row.name);
}

it('documents the columns of leads and bookings', () => {
  expect(documented('leads')).toContain('anonymised_at');
  expect(documented('bookings')).toContain('client_hash');
});

describe.each(TEST_ENGINES)('the columns of the lead (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
  });

  afterAll(() => close());

  it.each(['leads', 'bookings'])('of %s are the ones server/lead/README.md lists, in order', async (table) => {
    expect(await columnsOf(storage, table)).toEqual(documented(table));
  });
});
