/**
 * One owner per table: SQL that reads or writes `leads`, `bookings` or `outbox` lives in that table's
 * storage module, and the rest of the server calls it. A change to a table's columns then touches one
 * folder, and a reader cannot drift from the row the writer stores. The few exceptions are listed below,
 * each with its reason; a new file with SQL on these tables outside its owner fails here.
 */
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

const under = (folder: string) => (path: string) => path.startsWith(`${folder}/`);
// The privacy rights go through the stores too (lead/privacy-store.ts, db/outbox-privacy.ts); only the
// registry-driven erasure names tables from the registry at run time (privacy/erase.ts), which no pattern sees.
/** The lead's stores: its other modules stay pure functions, tested without a database. */
const leadStore = (path: string) => /^server\/lead\/[^/]*store\.ts$/.test(path);
const oneOf =
  (...files: string[]) =>
  (path: string) =>
    files.includes(path);

type Table = 'leads' | 'bookings' | 'outbox';

/** Where each table's SQL belongs. */
const OWNERS: Record<Table, { module: string; holds: (path: string) => boolean }> = {
  // The lead's stores: its row (store.ts), its bookings, and the reads the inbox joins with it.
  leads: { module: 'server/lead/*store.ts', holds: leadStore },
  bookings: { module: 'server/lead/bookings-store.ts', holds: leadStore },
  outbox: {
    module: 'server/db/outbox.ts',
    holds: oneOf('server/db/outbox.ts', 'server/db/outbox-queries.ts', 'server/db/outbox-privacy.ts'),
  },
};

/** The exceptions, each with its reason. */
const ALLOWED: ReadonlyArray<{ holds: (path: string) => boolean; tables: readonly Table[]; reason: string }> = [
  {
    // Every module's migrations file (server/db/migrations.ts, server/admin/store/pipeline-migrations.ts…).
    holds: (path) => path.endsWith('migrations.ts'),
    tables: ['leads', 'bookings', 'outbox'],
    reason:
      'migrations: their DDL, triggers and backfills are frozen once applied (db/migrations.test.ts) and run before any store exists',
  },
  {
    holds: oneOf('server/lead/privacy-store.ts'),
    tables: ['outbox'],
    reason: "the retention limit finds expired leads in one query over every table's last activity, e-mails included",
  },
];

/** A statement naming the table: FROM, JOIN, INTO, UPDATE, TABLE (DDL) or ON (an index, a trigger). */
const SQL_ON = (table: Table) => new RegExp(`\\b(?:FROM|JOIN|INTO|UPDATE|TABLE|ON)\\s+${table}\\b`);

/** The tables of `source` named by SQL, outside their owner and the exceptions. */
function misplaced(path: string, source: string): Table[] {
  return (Object.keys(OWNERS) as Table[]).filter(
    (table) =>
      SQL_ON(table).test(source) &&
      !OWNERS[table].holds(path) &&
      !ALLOWED.some((allowed) => allowed.tables.includes(table) && allowed.holds(path)),
  );
}

/** Product files only: tests and their helpers build fixtures with SQL of their own. */
const isProduct = (path: string) => !path.endsWith('.test.ts') && !under('server/testing')(path);

describe('one owner per table', () => {
  it('keeps SQL on leads, bookings and outbox in their storage modules (server/ and the commands)', () => {
    const files = globSync(['server/**/*.ts', 'scripts/**/*.ts'], { cwd: ROOT }).filter(isProduct);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      misplaced(path, readFileSync(join(ROOT, path), 'utf8')).map(
        (table) => `${path}: SQL en ${table} (su módulo es ${OWNERS[table].module})`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('catches each statement outside the owner, and leaves the owner and the exceptions alone', () => {
    expect(misplaced('server/admin/x.ts', "db.all('SELECT * FROM leads WHERE id = $1')")).toEqual(['leads']);
    expect(misplaced('server/api/x.ts', 'DELETE FROM bookings WHERE lead_id = $1')).toEqual(['bookings']);
    expect(misplaced('server/meetings/x.ts', "UPDATE outbox SET status = 'sent'")).toEqual(['outbox']);
    expect(misplaced('server/admin/x.ts', 'SELECT 1 FROM pipeline_deals d JOIN leads l ON l.id = d.lead_id')).toEqual([
      'leads',
    ]);
    expect(misplaced('server/email/x.ts', 'INSERT INTO outbox (lead_id) VALUES ($1)')).toEqual(['outbox']);
    expect(misplaced('server/lead/store.ts', 'SELECT * FROM leads; INSERT INTO bookings')).toEqual([]);
    expect(misplaced('server/db/outbox.ts', "UPDATE outbox SET status = 'sent'")).toEqual([]);
    expect(misplaced('server/lead/store.ts', 'DELETE FROM outbox')).toEqual(['outbox']);
    expect(misplaced('server/lead/erasure-store.ts', 'DELETE FROM leads WHERE id = $1')).toEqual([]);
    expect(misplaced('server/lead/analysis.ts', 'SELECT score FROM leads')).toEqual(['leads']);
    expect(misplaced('server/db/migrations.ts', 'ALTER TABLE leads ADD COLUMN x TEXT')).toEqual([]);
    expect(misplaced('server/lead/dashboard-store.ts', 'SELECT count(*) FROM leads l')).toEqual([]);
    expect(misplaced('server/lead/dashboard-store.ts', 'SELECT count(*) FROM outbox')).toEqual(['outbox']);
    // The inbox's aggregates and list call the lead's stores; SQL of their own on leads fails.
    expect(misplaced('server/admin/store/dashboard.ts', 'SELECT count(*) FROM leads l')).toEqual(['leads']);
    expect(misplaced('server/admin/filters.ts', 'SELECT x.id FROM leads x WHERE x.id = $1')).toEqual(['leads']);
    expect(misplaced('server/monitoring/conversion.ts', 'SELECT page FROM leads WHERE received_at >= $1')).toEqual([
      'leads',
    ]);
    // Other tables whose names start alike are someone else's.
    expect(misplaced('server/admin/x.ts', 'SELECT * FROM leads_search JOIN outbox_log o')).toEqual([]);
  });
});
