/**
 * The inbox's tables (module `inbox`), applied at start-up after the lead API's (they refer to `leads`).
 * Append new versions; never edit an applied one. Times are ISO 8601 UTC text, as in the lead tables.
 */
import { forBothEngines, type DdlWords } from '../../db/ddl.ts';
import type { Migration, Storage } from '../../db/storage.ts';

export const INBOX_MODULE = 'inbox';

const tables = ({ id, ref, bigint }: DdlWords) => `
  CREATE TABLE inbox_users (
    id ${id},
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('admin', 'sales')),
    password_hash TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    password_changed_at TEXT NOT NULL,
    last_login_at TEXT
  );

  -- One row per signed-in browser; the id is the SHA-256 of the cookie's token, never the token.
  CREATE TABLE inbox_sessions (
    id TEXT PRIMARY KEY,
    user_id ${ref} NOT NULL REFERENCES inbox_users (id),
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX inbox_sessions_user ON inbox_sessions (user_id);
  CREATE INDEX inbox_sessions_expires ON inbox_sessions (expires_at);

  -- Failed sign-ins per account, trusted device or client address (hashed), for the throttle.
  CREATE TABLE inbox_login_failures (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    failures INTEGER NOT NULL,
    last_failure_at ${bigint} NOT NULL,
    PRIMARY KEY (scope, key)
  );
  CREATE INDEX inbox_login_failures_at ON inbox_login_failures (last_failure_at);

  -- The team's work on a lead; no row means nuevo and unassigned.
  CREATE TABLE inbox_lead_state (
    lead_id ${ref} PRIMARY KEY REFERENCES leads (id),
    status TEXT NOT NULL CHECK (status IN ('nuevo', 'contactado', 'propuesta', 'ganado', 'perdido')),
    assignee_id ${ref} REFERENCES inbox_users (id),
    lost_reason TEXT,
    lost_detail TEXT,
    first_contact_at TEXT,
    proposal_at TEXT,
    updated_at TEXT NOT NULL,
    version INTEGER NOT NULL
  );
  CREATE INDEX inbox_lead_state_status ON inbox_lead_state (status);
  CREATE INDEX inbox_lead_state_assignee ON inbox_lead_state (assignee_id);

  -- Who changed what and when: status changes, assignments and notes, never edited.
  CREATE TABLE inbox_lead_events (
    id ${id},
    lead_id ${ref} NOT NULL REFERENCES leads (id),
    user_id ${ref} REFERENCES inbox_users (id),
    kind TEXT NOT NULL CHECK (kind IN ('status', 'assignee', 'note')),
    at TEXT NOT NULL,
    from_value TEXT,
    to_value TEXT,
    body TEXT
  );
  CREATE INDEX inbox_lead_events_lead ON inbox_lead_events (lead_id, id);
`;

export const INBOX_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts, sessions, sign-in throttle, lead status, assignee, notes and history',
    sql: forBothEngines(tables),
  },
];

/** Brings the inbox's tables up to date; the lead API's must be migrated first. */
export function migrateInbox(storage: Storage): Promise<number[]> {
  return storage.migrate(INBOX_MODULE, INBOX_MIGRATIONS);
}
