/**
 * The sales pipeline's tables (module `pipeline`), applied at start-up after the lead API's and the inbox's:
 * the search columns of a lead, its deal (value, expected close, next step), the pipeline's own history
 * (e-mails sent from the inbox, merges), merged leads, forms kept while their session had expired, and the
 * daily digests. Applied after the `access` module, which lets an outbox message belong to no lead (the
 * digest). Append new versions; never edit an applied one.
 */
import { forBothEngines, type DdlWords } from '../../db/ddl.ts';
import type { Migration, Storage } from '../../db/storage.ts';

export const PIPELINE_MODULE = 'pipeline';

const tables = ({ id, ref, bigint, isJson }: DdlWords) => `
  -- What a search compares: name, e-mail, company, phone digits and the visitor's texts, without accents
  -- or capitals (server/lead/search.ts), and the lead's score for sorting. Written with the lead; the inbox
  -- fills the rows of older leads (the partial index finds them).
  ALTER TABLE leads ADD COLUMN search_text TEXT;
  ALTER TABLE leads ADD COLUMN score INTEGER;
  CREATE INDEX leads_unindexed ON leads (id) WHERE search_text IS NULL OR score IS NULL;
  CREATE INDEX leads_score ON leads (score);
  -- Duplicates: the same e-mail (any capitals) or the same normalised phone.
  CREATE INDEX leads_email_lower ON leads (lower(email));
  CREATE INDEX leads_phone ON leads (phone);

  -- The deal: value in whole pesos, expected close date, next step (date and short text), and when anyone
  -- last did anything with the lead (sorting by activity). No row: nothing set, no activity yet.
  CREATE TABLE pipeline_deals (
    lead_id ${ref} PRIMARY KEY REFERENCES leads (id),
    value_mxn ${bigint},
    close_date TEXT,
    next_step_date TEXT,
    next_step TEXT,
    activity_at TEXT,
    updated_at TEXT,
    version INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX pipeline_deals_next_step ON pipeline_deals (next_step_date);
  CREATE INDEX pipeline_deals_activity ON pipeline_deals (activity_at);
  INSERT INTO pipeline_deals (lead_id, activity_at, version)
    SELECT lead_id, max(at), 0 FROM inbox_lead_events GROUP BY lead_id;

  -- The pipeline's part of a lead's history, beside inbox_lead_events: e-mails written from the inbox
  -- (subject and body; outbox_id is their outbox row), merges, and changes of the deal or the next step.
  CREATE TABLE pipeline_events (
    id ${id},
    lead_id ${ref} NOT NULL REFERENCES leads (id),
    user_id ${ref} REFERENCES inbox_users (id),
    kind TEXT NOT NULL CHECK (kind IN ('email', 'merge', 'deal', 'next_step')),
    at TEXT NOT NULL,
    summary TEXT,
    body TEXT,
    outbox_id ${ref}
  );
  CREATE INDEX pipeline_events_lead ON pipeline_events (lead_id, id);
  CREATE INDEX pipeline_events_outbox ON pipeline_events (outbox_id);

  -- A lead merged into another: kept (nothing a visitor sent is lost) but out of every list.
  CREATE TABLE pipeline_merges (
    lead_id ${ref} PRIMARY KEY REFERENCES leads (id),
    into_id ${ref} NOT NULL REFERENCES leads (id),
    user_id ${ref} REFERENCES inbox_users (id),
    at TEXT NOT NULL
  );
  CREATE INDEX pipeline_merges_into ON pipeline_merges (into_id);

  -- A form posted after its session had ended, applied once its owner signs in again. The id is the
  -- SHA-256 of the browser's cookie token; the form (JSON, without its CSRF token) may hold a note.
  CREATE TABLE pipeline_pending_forms (
    id TEXT PRIMARY KEY,
    user_id ${ref} NOT NULL REFERENCES inbox_users (id),
    path TEXT NOT NULL,
    form TEXT NOT NULL CHECK (${isJson('form')}),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  );
  CREATE INDEX pipeline_pending_forms_expires ON pipeline_pending_forms (expires_at);

  -- One digest per person and Mexico City day (the key makes it once across instances); outbox_id is NULL
  -- when the person had nothing due. pipeline_digest_leads names the leads a digest mentions.
  CREATE TABLE pipeline_digests (
    user_id ${ref} NOT NULL REFERENCES inbox_users (id),
    day TEXT NOT NULL,
    outbox_id ${ref},
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, day)
  );
  CREATE TABLE pipeline_digest_leads (
    outbox_id ${ref} NOT NULL,
    lead_id ${ref} NOT NULL REFERENCES leads (id),
    PRIMARY KEY (outbox_id, lead_id)
  );
  CREATE INDEX pipeline_digest_leads_lead ON pipeline_digest_leads (lead_id);
`;

export const PIPELINE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'search columns, deals and next steps, pipeline history, merges, pending forms, daily digests',
    // The digest is mail about no single lead: the `access` module (applied before) lets outbox.lead_id be NULL.
    sql: forBothEngines(tables),
  },
  {
    version: 2,
    name: 'the list sorted by score reads an index instead of sorting every lead',
    // Exactly the ORDER BY of orderSql('puntuacion'): at 100,000 leads the sort took 180 ms per page.
    sql: 'CREATE INDEX leads_score_order ON leads ((COALESCE(score, -1)) DESC, received_at DESC, id DESC);',
  },
];

/** Brings the pipeline's tables up to date; the lead API's and the inbox's must be migrated first. */
export function migratePipeline(storage: Storage): Promise<number[]> {
  return storage.migrate(PIPELINE_MODULE, PIPELINE_MIGRATIONS);
}
