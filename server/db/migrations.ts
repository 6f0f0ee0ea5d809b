/**
 * Schema migrations, applied in order at start-up. Append new ones; never edit an applied one.
 * Times are ISO 8601 UTC strings (`2026-11-24T16:00:00.000Z`), which sort as they compare.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, bookings, outbox and settings',
    sql: `
      CREATE TABLE leads (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_type INTEGER NOT NULL CHECK (form_type IN (1, 2, 3, 4)),
        service_type TEXT,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        company TEXT,
        phone TEXT,
        appointment TEXT,
        fields TEXT NOT NULL CHECK (json_valid(fields)),
        origin_page TEXT NOT NULL,
        received_at TEXT NOT NULL,
        client_hash TEXT NOT NULL
      );
      CREATE INDEX leads_received_at ON leads (received_at);
      CREATE INDEX leads_client_hash ON leads (client_hash, received_at);

      -- One row per booked slot; the UNIQUE slot is what makes a double booking impossible.
      CREATE TABLE bookings (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        slot TEXT NOT NULL UNIQUE,
        slot_date TEXT NOT NULL,
        starts_at TEXT NOT NULL,
        lead_id INTEGER NOT NULL REFERENCES leads (id),
        created_at TEXT NOT NULL
      );
      CREATE INDEX bookings_slot_date ON bookings (slot_date);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id INTEGER NOT NULL REFERENCES leads (id),
        audience TEXT NOT NULL CHECK (audience IN ('client', 'internal')),
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL CHECK (json_valid(message)),
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
  },
];
