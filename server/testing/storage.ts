/**
 * Test helper (not a test): a test file's own database, fresh, opened and migrated as the server opens it,
 * on either engine (../db/testing/engines.ts), and `close()` to close it and drop it; and a lead stored in
 * it for tests about something else (its bookings, its e-mails). Inside a `describe`:
 *
 *     let storage: Storage;
 *     let close: () => Promise<void>;
 *     beforeAll(async () => ({ storage, close } = await openTestStorage(engine)));
 *     afterAll(() => close());
 */
import { migrateAll } from '../database.ts';
import { openStorage } from '../db/open.ts';
import type { Storage } from '../db/storage.ts';
import { createTestDatabase, type EngineName, type TestDatabase } from '../db/testing/engines.ts';
import { createLeadStore, type NewLead } from '../lead/store.ts';

export interface TestStorage {
  database: TestDatabase;
  storage: Storage;
  /** Closes the connection and drops the database. */
  close: () => Promise<void>;
}

/**
 * A fresh database of `engine`, opened, with every module's migrations unless `migrate` is false (a test
 * of a migration, or of a module's own tables, runs the ones it needs itself).
 */
export async function openTestStorage(
  engine: EngineName,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestStorage> {
  const database = await createTestDatabase(engine);
  const storage = await openStorage(database.location);
  const close = async () => {
    await storage.close();
    await database.drop();
  };
  try {
    if (migrate) await migrateAll(storage);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, storage, close };
}

/**
 * Stores a lead as the API would, with plain values for whatever the test does not care about (a small
 * form from Ana, no company, phone or meeting), and returns its id.
 */
export function insertTestLead(storage: Storage, lead: Partial<NewLead> = {}): Promise<number> {
  return createLeadStore(storage).insert({
    kind: 'small',
    serviceType: undefined,
    name: 'Ana',
    email: 'ana@empresa.mx',
    company: undefined,
    phone: undefined,
    appointment: undefined,
    fields: {},
    originPage: '/',
    receivedAt: '2026-11-23T14:00:00.000Z',
    clientHash: 'h',
    ...lead,
  });
}
