/**
 * Module `access`: where a lead came from and how the team signs in. Applied after `leads` and `inbox`
 * (its tables refer to theirs). Append new versions; never edit an applied one.
 *
 * - `leads.attribution`: the visit's origin sent with the lead (landing page, referrer, `utm_*`), JSON.
 * - `outbox`: a message may belong to no lead (a sign-in link to a team member, audience `account`).
 *   SQLite cannot drop a NOT NULL or change a CHECK in place, so it rebuilds the table with the same
 *   columns, rows, ids and id sequence; PostgreSQL alters it.
 * - The two-step sign-in (TOTP secret, last used time step, recovery codes) and the one-time sign-in links.
 */
import { forBothEngines, type DdlWords } from './ddl.ts';
import type { Migration, Storage } from './storage.ts';

export const ACCESS_MODULE = 'access';

const OUTBOX_AUDIENCES = "('client', 'internal', 'account')";

const OUTBOX_SQLITE = `
  CREATE TABLE outbox_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    lead_id INTEGER REFERENCES leads (id),
    audience TEXT NOT NULL CHECK (audience IN ${OUTBOX_AUDIENCES}),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL CHECK (json_valid(message)),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    last_error TEXT,
    created_at TEXT NOT NULL,
    sent_at TEXT,
    lease_owner TEXT,
    lease_until TEXT,
    message_id TEXT
  );
  INSERT INTO outbox_rebuilt (id, lead_id, audience, recipient, subject, message, status, attempts, next_attempt_at,
    last_error, created_at, sent_at, lease_owner, lease_until, message_id)
  SELECT id, lead_id, audience, recipient, subject, message, status, attempts, next_attempt_at,
    last_error, created_at, sent_at, lease_owner, lease_until, message_id FROM outbox;
  -- Ids are .eml names: the sequence goes on from where it was, even past deleted rows.
  DELETE FROM sqlite_sequence WHERE name = 'outbox_rebuilt';
  INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox_rebuilt', seq FROM sqlite_sequence WHERE name = 'outbox';
  DROP TABLE outbox;
  ALTER TABLE outbox_rebuilt RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
`;

const OUTBOX_POSTGRES = `
  ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL;
  ALTER TABLE outbox DROP CONSTRAINT outbox_audience_check;
  ALTER TABLE outbox ADD CONSTRAINT outbox_audience_check CHECK (audience IN ${OUTBOX_AUDIENCES});
`;

const tables = ({ ref, bigint, isJson }: DdlWords) => `
  ALTER TABLE leads ADD COLUMN attribution TEXT CHECK (attribution IS NULL OR ${isJson('attribution')});

  -- One row per account with two-step sign-in, pending until confirmed with a code. The secret is
  -- encrypted with the inbox's key; last_step is the last accepted TOTP time step (no code works twice).
  CREATE TABLE inbox_totp (
    user_id ${ref} PRIMARY KEY REFERENCES inbox_users (id),
    secret TEXT NOT NULL,
    created_at TEXT NOT NULL,
    confirmed_at TEXT,
    last_step ${bigint}
  );

  -- Recovery codes, keyed hashes only; each works once.
  CREATE TABLE inbox_recovery_codes (
    user_id ${ref} NOT NULL REFERENCES inbox_users (id),
    code_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at TEXT,
    PRIMARY KEY (user_id, code_hash)
  );

  -- One-time sign-in links: the SHA-256 of the link's token, the digest of the asking browser's cookie
  -- (the link works only there) and the hashed address that asked (to limit requests).
  CREATE TABLE inbox_sign_in_links (
    id TEXT PRIMARY KEY,
    user_id ${ref} NOT NULL REFERENCES inbox_users (id),
    browser TEXT NOT NULL,
    address TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  CREATE INDEX inbox_sign_in_links_user ON inbox_sign_in_links (user_id, created_at);
  CREATE INDEX inbox_sign_in_links_address ON inbox_sign_in_links (address, created_at);
`;

const version1 = forBothEngines(tables);

export const ACCESS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'lead attribution, lead-less outbox messages, two-step sign-in and one-time sign-in links',
    sql: { sqlite: `${OUTBOX_SQLITE}\n${version1.sqlite}`, postgres: `${OUTBOX_POSTGRES}\n${version1.postgres}` },
  },
];

/** Brings the module's tables up to date; `leads` and `inbox` must be migrated first. */
export function migrateAccess(storage: Storage): Promise<number[]> {
  return storage.migrate(ACCESS_MODULE, ACCESS_MIGRATIONS);
}
