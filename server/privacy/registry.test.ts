/**
 * The registry is the only list `find`, `export`, `cancel` and the retention job read: a table or text column
 * that holds a person's data and is missing from it would survive an erasure unnoticed. This test migrates a
 * fresh database of every module and fails for each table or text column that is neither registered as
 * personal nor marked as not personal with a reason; and for registry entries naming columns that no longer
 * exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { NOT_PERSONAL_TABLES, REGISTRY } from './registry.ts';
import { openTestStorage } from '../testing/storage.ts';

interface Column {
  table: string;
  column: string;
  type: string;
}

async function schemaColumns(storage: Storage): Promise<Column[]> {
  if (storage.dialect === 'sqlite') {
    const tables = await storage.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    const columns: Column[] = [];
    for (const { name } of tables) {
      const info = await storage.all<{ name: string; type: string }>(`PRAGMA table_info(${name})`);
      for (const column of info) columns.push({ table: name, column: column.name, type: column.type.toUpperCase() });
    }
    return columns;
  }
  const rows = await storage.all<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT table_name, column_name, data_type FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  return rows.map((row) => ({ table: row.table_name, column: row.column_name, type: row.data_type.toUpperCase() }));
}

const isText = (type: string) => /TEXT|CHAR|JSON|BYTEA|BLOB/.test(type);

describe.each(TEST_ENGINES)('the personal-data registry (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let columns: Column[];

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    columns = await schemaColumns(storage);
  });

  afterAll(() => close());

  it('names every table, as personal or with the reason it holds nothing personal', () => {
    const registered = new Set([...REGISTRY.map((entry) => entry.table), ...Object.keys(NOT_PERSONAL_TABLES)]);
    const unknown = [...new Set(columns.map((column) => column.table))].filter((table) => !registered.has(table));
    expect(unknown, 'tablas fuera de server/privacy/registry.ts').toEqual([]);
  });

  it('classifies every text column of a registered table', () => {
    const missing = columns
      .filter((column) => isText(column.type))
      .filter((column) => {
        const entry = REGISTRY.find((candidate) => candidate.table === column.table);
        if (!entry) return false;
        return !Object.hasOwn(entry.personal, column.column) && !Object.hasOwn(entry.notPersonal, column.column);
      })
      .map((column) => `${column.table}.${column.column}`);
    expect(missing, 'columnas de texto sin clasificar en server/privacy/registry.ts').toEqual([]);
  });

  it('names only columns that exist, and links and keys rows by real columns', () => {
    const present = new Set(columns.map((column) => `${column.table}.${column.column}`));
    const named = REGISTRY.flatMap((entry) =>
      [...Object.keys(entry.personal), ...Object.keys(entry.notPersonal), ...entry.key, entry.link.column]
        .map((column) => `${entry.table}.${column}`)
        .filter((name) => !present.has(name)),
    );
    expect(named).toEqual([]);
  });
});
