/**
 * The lead API's tables (module `leads`), applied at start-up by `storage.migrate(LEADS_MODULE, …)`.
 * Append new versions; never edit an applied one. Each version is written once for both engines
 * (`forBothEngines`). Times are ISO 8601 UTC strings (`2026-11-24T16:00:00.000Z`), which sort as they
 * compare on both engines; JSON is kept as text.
 */
import { forBothEngines } from './ddl.ts';
import { MIGRATIONS_TABLE_SQL } from './migrate.ts';
import type { Migration, Storage } from './storage.ts';

export const LEADS_MODULE = 'leads';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, bookings, outbox and settings',
    sql: forBothEngines(
      ({ id, ref, isJson }) => `
        CREATE TABLE leads (
          id ${id},
          form_type INTEGER NOT NULL CHECK (form_type IN (1, 2, 3, 4)),
          service_type TEXT,
          name TEXT NOT NULL,
          email TEXT NOT NULL,
          company TEXT,
          phone TEXT,
          appointment TEXT,
          fields TEXT NOT NULL CHECK (${isJson('fields')}),
          origin_page TEXT NOT NULL,
          received_at TEXT NOT NULL,
          client_hash TEXT NOT NULL
        );
        CREATE INDEX leads_received_at ON leads (received_at);
        CREATE INDEX leads_client_hash ON leads (client_hash, received_at);

        -- One row per booked slot; the UNIQUE slot is what makes a double booking impossible.
        CREATE TABLE bookings (
          id ${id},
          slot TEXT NOT NULL UNIQUE,
          slot_date TEXT NOT NULL,
          starts_at TEXT NOT NULL,
          lead_id ${ref} NOT NULL REFERENCES leads (id),
          created_at TEXT NOT NULL
        );
        CREATE INDEX bookings_slot_date ON bookings (slot_date);

        CREATE TABLE outbox (
          id ${id},
          lead_id ${ref} NOT NULL REFERENCES leads (id),
          audience TEXT NOT NULL CHECK (audience IN ('client', 'internal')),
          recipient TEXT NOT NULL,
          subject TEXT NOT NULL,
          message TEXT NOT NULL CHECK (${isJson('message')}),
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at TEXT NOT NULL,
          last_error TEXT,
          created_at TEXT NOT NULL,
          sent_at TEXT
        );
        CREATE INDEX outbox_due ON outbox (status, next_attempt_at);

        CREATE TABLE settings (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );
      `,
    ),
  },
  {
    version: 2,
    name: 'outbox leases and Message-IDs, booking quotas, shared rate limits',
    sql: forBothEngines(
      ({ bigint, randomHex }) => `
        -- A worker claims a message by writing its name and a deadline; another may take it after that.
        ALTER TABLE outbox ADD COLUMN lease_owner TEXT;
        ALTER TABLE outbox ADD COLUMN lease_until TEXT;
        -- Fixed when queued: a resend after an uncertain outcome carries the same Message-ID.
        ALTER TABLE outbox ADD COLUMN message_id TEXT;
        UPDATE outbox SET message_id = '<outbox-' || id || '-' || ${randomHex} || '@angram.mx>' WHERE message_id IS NULL;
        ALTER TABLE bookings ADD COLUMN client_hash TEXT;
        ALTER TABLE bookings ADD COLUMN email TEXT;
        CREATE INDEX bookings_client_hash ON bookings (client_hash, created_at);
        CREATE INDEX bookings_email ON bookings (email, created_at);
        -- One row per counted request, per limit (scope) and client; old rows are pruned.
        CREATE TABLE rate_events (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          at_ms ${bigint} NOT NULL
        );
        CREATE INDEX rate_events_key ON rate_events (scope, key, at_ms);
        CREATE INDEX rate_events_at ON rate_events (at_ms);
      `,
    ),
  },
  {
    version: 3,
    name: 'the language each lead arrived in',
    // NULL for leads stored before the site had a second language: they all arrived in the default one.
    sql: forBothEngines(() => 'ALTER TABLE leads ADD COLUMN language TEXT;'),
  },
];

/**
 * SQLite files written before `storage_migrations` existed kept their versions in `schema_migrations`;
 * those versions count as applied for the `leads` module, so an existing data/leads.db keeps working.
 */
async function adoptLegacyVersions(storage: Storage): Promise<void> {
  if (storage.dialect !== 'sqlite') return;
  const legacy = await storage.get(
    "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
  );
  if (!legacy) return;
  await storage.transaction(async (tx) => {
    await tx.exec(MIGRATIONS_TABLE_SQL);
    await tx.run(
      `INSERT INTO storage_migrations (module, version, name, applied_at)
       SELECT $1, version, name, applied_at FROM schema_migrations WHERE true
       ON CONFLICT (module, version) DO NOTHING`,
      [LEADS_MODULE],
    );
    await tx.exec('DROP TABLE schema_migrations');
  });
}

/** Brings the lead API's tables up to date (both engines). */
export async function migrateLeads(storage: Storage): Promise<number[]> {
  await adoptLegacyVersions(storage);
  return storage.migrate(LEADS_MODULE, MIGRATIONS);
}
