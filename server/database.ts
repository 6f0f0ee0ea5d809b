/**
 * The process's one database: opened by the entry point (server/index.ts, the API alone, the commands),
 * every module's tables brought up to date, then handed to the API and the inbox, which only borrow it.
 * The lead tables go first: the inbox's refer to them.
 */
import { migrateInbox } from './admin/store/migrations.ts';
import { migrateAccess } from './db/access-migrations.ts';
import { migratePipeline } from './admin/store/pipeline-migrations.ts';
import { migrateReplies } from './admin/store/replies-migrations.ts';
import { migrateLeads } from './db/migrations.ts';
import { openStorage, type StorageLocation } from './db/open.ts';
import { migrateJobs } from './jobs/migrations.ts';
import { migrateMeetings } from './meetings/migrations.ts';
import { migrateMonitoring } from './monitoring/migrations.ts';
import type { PostgresOptions } from './db/postgres.ts';
import type { Storage } from './db/storage.ts';
import { migratePrivacy } from './privacy/migrations.ts';
import { migrateTranslations } from './translations/migrations.ts';

/** Applies the migrations of every module, in the order their tables depend on each other. */
export async function migrateAll(storage: Storage): Promise<void> {
  await migrateLeads(storage);
  await migrateInbox(storage);
  // Right after the inbox: it rebuilds `outbox` on SQLite, so it must run before any module adds a column there.
  await migrateAccess(storage);
  await migratePipeline(storage);
  await migrateJobs(storage);
  await migrateMeetings(storage);
  await migratePrivacy(storage);
  await migrateMonitoring(storage);
  await migrateTranslations(storage);
  await migrateReplies(storage);
}

/** Opens the database at `location` with every table ready; closed again if a migration fails. */
export async function openDatabase(location: StorageLocation, options: PostgresOptions = {}): Promise<Storage> {
  const storage = await openStorage(location, options);
  try {
    await migrateAll(storage);
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}
