/**
 * The clients' replies read from the team's mailbox (module `replies`), applied after the pipeline's tables:
 * each reply once (its key is unique, so a message read twice, by a retry or by another instance, is stored
 * once), and how far each mailbox has been read. Append new versions; never edit an applied one.
 */
import { forBothEngines, type DdlWords } from '../../db/ddl.ts';
import type { Migration, Storage } from '../../db/storage.ts';

export const REPLIES_MODULE = 'replies';

const tables = ({ id, ref, bigint }: DdlWords) => `
  -- message_key is the SHA-256 of the reply's Message-ID (or of its place in the mailbox when it has none):
  -- it says nothing about the person, so an erased reply keeps it and is never read in again.
  CREATE TABLE inbox_replies (
    id ${id},
    lead_id ${ref} NOT NULL REFERENCES leads (id),
    message_key TEXT NOT NULL UNIQUE,
    matched_by TEXT NOT NULL CHECK (matched_by IN ('thread', 'sender')),
    from_address TEXT,
    subject TEXT,
    body TEXT,
    sent_at TEXT NOT NULL,
    captured_at TEXT NOT NULL
  );
  CREATE INDEX inbox_replies_lead ON inbox_replies (lead_id, id);

  -- The highest UID stored of each mailbox, valid while the mailbox keeps its UIDVALIDITY.
  CREATE TABLE inbox_reply_cursors (
    mailbox TEXT PRIMARY KEY,
    uid_validity ${bigint} NOT NULL,
    last_uid ${bigint} NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- A reply names the message it answers by Message-ID: found through the outbox row that sent it.
  CREATE INDEX outbox_message_id ON outbox (message_id);
`;

export const REPLIES_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'client replies read by IMAP, and the mailbox cursors', sql: forBothEngines(tables) },
];

/** Brings the replies' tables up to date; the lead API's, the inbox's and the pipeline's go first. */
export function migrateReplies(storage: Storage): Promise<number[]> {
  return storage.migrate(REPLIES_MODULE, REPLIES_MIGRATIONS);
}
