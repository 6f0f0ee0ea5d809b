/**
 * The personal-data tables (module `privacy`), applied after the lead API's and the inbox's (they refer to
 * `leads` and `inbox_users`): the register of ARCO requests, the exclusion list of people who opposed or
 * revoked their consent, the voluntary purposes a visitor refused, the audit trail, the marks of what
 * was anonymised, and the rewrites of the table files still pending. Append new versions; never edit an
 * applied one.
 */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';

export const PRIVACY_MODULE = 'privacy';

export const PRIVACY_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'ARCO requests, exclusion list, refusals, audit trail, anonymised marks',
    sql: forBothEngines(
      ({ id, ref }) => `
        -- When a lead's personal data was erased (cancelación or retention); NULL while it holds any.
        ALTER TABLE leads ADD COLUMN anonymised_at TEXT;
        -- When an e-mail's body (and its .eml file) was erased; the delivery record stays.
        ALTER TABLE outbox ADD COLUMN body_erased_at TEXT;

        -- Voluntary purposes of the privacy notice the visitor refused in the form (X-Privacy-Refusals).
        CREATE TABLE privacy_refusals (
          lead_id ${ref} NOT NULL REFERENCES leads (id),
          purpose TEXT NOT NULL,
          PRIMARY KEY (lead_id, purpose)
        );

        -- Every ARCO request and revocation: received, due (business days), answered, by whom. The e-mail
        -- is kept in clear until the person's data is cancelled; the mask and the keyed hash stay.
        CREATE TABLE privacy_requests (
          id ${id},
          kind TEXT NOT NULL CHECK (kind IN ('acceso', 'rectificacion', 'cancelacion', 'oposicion', 'revocacion')),
          received_on TEXT NOT NULL,
          due_on TEXT NOT NULL,
          email TEXT,
          email_mask TEXT NOT NULL,
          email_hash TEXT NOT NULL,
          detail TEXT,
          answered_at TEXT,
          answered_by_kind TEXT CHECK (answered_by_kind IN ('account', 'terminal')),
          answered_by_id ${ref} REFERENCES inbox_users (id),
          outcome TEXT,
          created_at TEXT NOT NULL
        );
        CREATE INDEX privacy_requests_due ON privacy_requests (answered_at, due_on);
        CREATE INDEX privacy_requests_email ON privacy_requests (email_hash);

        -- The exclusion list: who opposed or revoked, by keyed hash of the e-mail, and since when.
        CREATE TABLE privacy_objections (
          id ${id},
          email_hash TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('oposicion', 'revocacion')),
          at TEXT NOT NULL,
          request_id ${ref} REFERENCES privacy_requests (id)
        );
        CREATE INDEX privacy_objections_email ON privacy_objections (email_hash, at);

        -- Who did what in the inbox and from the terminal; never the data itself.
        CREATE TABLE audit_log (
          id ${id},
          at TEXT NOT NULL,
          actor_kind TEXT NOT NULL CHECK (actor_kind IN ('account', 'terminal', 'system', 'unknown')),
          actor_id ${ref} REFERENCES inbox_users (id),
          action TEXT NOT NULL,
          target TEXT,
          detail TEXT,
          address_hash TEXT
        );
        CREATE INDEX audit_log_at ON audit_log (at);
        CREATE INDEX audit_log_action ON audit_log (action, at);
        CREATE INDEX audit_log_target ON audit_log (target);
      `,
    ),
  },
  {
    version: 2,
    name: 'pending rewrites of the table files',
    sql: `
      -- Tables whose files still hold old versions of erased or corrected values: a rewrite that could not
      -- finish (another connection still reading), retried by the daily retention job. Names only.
      CREATE TABLE privacy_pending_rewrites (
        table_name TEXT PRIMARY KEY,
        since TEXT NOT NULL,
        cause TEXT NOT NULL CHECK (cause IN ('cancelacion', 'rectificacion', 'retencion')),
        detail TEXT NOT NULL,
        last_try TEXT NOT NULL,
        tries INTEGER NOT NULL
      );
    `,
  },
];

/** Brings the personal-data tables up to date; the lead API's and the inbox's must be migrated first. */
export function migratePrivacy(storage: Storage): Promise<number[]> {
  return storage.migrate(PRIVACY_MODULE, PRIVACY_MIGRATIONS);
}
