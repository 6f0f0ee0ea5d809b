/**
 * The sales pipeline's tables (module `pipeline`), applied at start-up after the lead API's and the inbox's:
 * the search columns of a lead, its deal (value, expected close, next step), the pipeline's own history
 * (e-mails sent from the inbox, merges), merged leads, forms kept while their session had expired, and the
 * daily digests. Applied after the `access` module, which lets an outbox message belong to no lead (the
 * digest). Append new versions; never edit an applied one.
 */
import { forBothEngines, type DdlWords } from '../../db/ddl.ts';
import type { Migration, Storage } from '../../db/storage.ts';
import { SUMMARY_MIGRATION, SUMMARY_ORDER_MIGRATION } from './summary-migrations.ts';
import { WON_MIGRATION } from './won-migrations.ts';

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

/** What a lead is searched by until the inbox writes its search text (filters.ts compares the same). */
const SEARCHED = (row: string) =>
  `COALESCE(${row}.search_text, lower(${row}.name || ' ' || ${row}.email || ' ' || COALESCE(${row}.company, '')))`;

/**
 * The team's status (with its first contact and proposal times), next step date, last activity and deal
 * value copied onto each lead, so the list, the board and the dashboard filter, sort and count one table
 * through its indexes instead of joining two others for every lead (seconds at 100,000 leads). Triggers
 * keep the copies, whoever writes the rows.
 */
const workColumns = ({ bigint }: DdlWords) => `
  ALTER TABLE leads ADD COLUMN work_status TEXT NOT NULL DEFAULT 'nuevo';
  ALTER TABLE leads ADD COLUMN next_step_date TEXT;
  ALTER TABLE leads ADD COLUMN activity_at TEXT;
  ALTER TABLE leads ADD COLUMN deal_value ${bigint};
  ALTER TABLE leads ADD COLUMN first_contact_at TEXT;
  ALTER TABLE leads ADD COLUMN proposal_at TEXT;
  UPDATE leads SET work_status = (SELECT s.status FROM inbox_lead_state s WHERE s.lead_id = leads.id),
      first_contact_at = (SELECT s.first_contact_at FROM inbox_lead_state s WHERE s.lead_id = leads.id),
      proposal_at = (SELECT s.proposal_at FROM inbox_lead_state s WHERE s.lead_id = leads.id)
    WHERE EXISTS (SELECT 1 FROM inbox_lead_state s WHERE s.lead_id = leads.id);
  UPDATE leads SET next_step_date = (SELECT d.next_step_date FROM pipeline_deals d WHERE d.lead_id = leads.id),
      activity_at = (SELECT d.activity_at FROM pipeline_deals d WHERE d.lead_id = leads.id),
      deal_value = (SELECT d.value_mxn FROM pipeline_deals d WHERE d.lead_id = leads.id)
    WHERE EXISTS (SELECT 1 FROM pipeline_deals d WHERE d.lead_id = leads.id);
  -- Each index holds exactly an ORDER BY of filters.ts or board.ts (a date sorts before '9999-12-31', so
  -- leads without a next step come last), and the columns their counts read.
  CREATE INDEX leads_activity_order ON leads ((COALESCE(activity_at, received_at)) DESC, received_at DESC, id DESC);
  CREATE INDEX leads_next_step_order ON leads ((COALESCE(next_step_date, '9999-12-31')), received_at DESC, id DESC, work_status);
  CREATE INDEX leads_board_order ON leads (work_status, (COALESCE(next_step_date, '9999-12-31')), (COALESCE(activity_at, received_at)) DESC, id DESC);
  CREATE INDEX leads_status_totals ON leads (work_status, received_at, first_contact_at, proposal_at, deal_value);
  CREATE INDEX leads_period ON leads (received_at, form_type, work_status, first_contact_at, proposal_at, deal_value);
`;

const SQLITE_COPIES = `
  CREATE TRIGGER leads_state_added AFTER INSERT ON inbox_lead_state BEGIN
    UPDATE leads SET work_status = new.status, first_contact_at = new.first_contact_at, proposal_at = new.proposal_at
      WHERE id = new.lead_id;
  END;
  CREATE TRIGGER leads_state_changed AFTER UPDATE OF status, first_contact_at, proposal_at, lead_id ON inbox_lead_state BEGIN
    UPDATE leads SET work_status = 'nuevo', first_contact_at = NULL, proposal_at = NULL
      WHERE id = old.lead_id AND old.lead_id <> new.lead_id;
    UPDATE leads SET work_status = new.status, first_contact_at = new.first_contact_at, proposal_at = new.proposal_at
      WHERE id = new.lead_id AND (work_status IS NOT new.status OR first_contact_at IS NOT new.first_contact_at
        OR proposal_at IS NOT new.proposal_at);
  END;
  CREATE TRIGGER leads_state_removed AFTER DELETE ON inbox_lead_state BEGIN
    UPDATE leads SET work_status = 'nuevo', first_contact_at = NULL, proposal_at = NULL WHERE id = old.lead_id;
  END;
  CREATE TRIGGER leads_deal_added AFTER INSERT ON pipeline_deals BEGIN
    UPDATE leads SET next_step_date = new.next_step_date, activity_at = new.activity_at, deal_value = new.value_mxn
      WHERE id = new.lead_id;
  END;
  CREATE TRIGGER leads_deal_changed AFTER UPDATE OF next_step_date, activity_at, value_mxn, lead_id ON pipeline_deals BEGIN
    UPDATE leads SET next_step_date = NULL, activity_at = NULL, deal_value = NULL
      WHERE id = old.lead_id AND old.lead_id <> new.lead_id;
    UPDATE leads SET next_step_date = new.next_step_date, activity_at = new.activity_at, deal_value = new.value_mxn
      WHERE id = new.lead_id AND (next_step_date IS NOT new.next_step_date OR activity_at IS NOT new.activity_at
        OR deal_value IS NOT new.value_mxn);
  END;
  CREATE TRIGGER leads_deal_removed AFTER DELETE ON pipeline_deals BEGIN
    UPDATE leads SET next_step_date = NULL, activity_at = NULL, deal_value = NULL WHERE id = old.lead_id;
  END;
`;

/**
 * Search by any part of a word (a name's start, a phone's middle digits) through an index: SQLite's FTS5
 * with the trigram tokenizer, contentless (it keeps no copy of the text, only its trigrams, and forgets a
 * lead's when its text is rewritten or erased), fed by triggers on the same text the LIKE fallback reads.
 */
const SQLITE_SEARCH = `
  CREATE VIRTUAL TABLE leads_search USING fts5(text, content='', contentless_delete=1, tokenize='trigram');
  INSERT INTO leads_search (rowid, text) SELECT id, ${SEARCHED('leads')} FROM leads;
  CREATE TRIGGER leads_search_added AFTER INSERT ON leads BEGIN
    INSERT INTO leads_search (rowid, text) VALUES (new.id, ${SEARCHED('new')});
  END;
  CREATE TRIGGER leads_search_changed AFTER UPDATE OF search_text, name, email, company ON leads BEGIN
    DELETE FROM leads_search WHERE rowid = old.id;
    INSERT INTO leads_search (rowid, text) VALUES (new.id, ${SEARCHED('new')});
  END;
  CREATE TRIGGER leads_search_removed AFTER DELETE ON leads BEGIN
    DELETE FROM leads_search WHERE rowid = old.id;
  END;
`;

const POSTGRES_COPIES = `
  CREATE FUNCTION leads_copy_state() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.lead_id <> NEW.lead_id) THEN
      UPDATE leads SET work_status = 'nuevo', first_contact_at = NULL, proposal_at = NULL WHERE id = OLD.lead_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      UPDATE leads SET work_status = NEW.status, first_contact_at = NEW.first_contact_at, proposal_at = NEW.proposal_at
        WHERE id = NEW.lead_id
          AND (work_status, first_contact_at, proposal_at) IS DISTINCT FROM (NEW.status, NEW.first_contact_at, NEW.proposal_at);
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER leads_copy_state AFTER INSERT OR DELETE OR UPDATE OF status, first_contact_at, proposal_at, lead_id
    ON inbox_lead_state
    FOR EACH ROW EXECUTE FUNCTION leads_copy_state();
  CREATE FUNCTION leads_copy_deal() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.lead_id <> NEW.lead_id) THEN
      UPDATE leads SET next_step_date = NULL, activity_at = NULL, deal_value = NULL WHERE id = OLD.lead_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      UPDATE leads SET next_step_date = NEW.next_step_date, activity_at = NEW.activity_at, deal_value = NEW.value_mxn
        WHERE id = NEW.lead_id
          AND (next_step_date, activity_at, deal_value) IS DISTINCT FROM (NEW.next_step_date, NEW.activity_at, NEW.value_mxn);
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER leads_copy_deal AFTER INSERT OR DELETE OR UPDATE OF next_step_date, activity_at, value_mxn, lead_id
    ON pipeline_deals FOR EACH ROW EXECUTE FUNCTION leads_copy_deal();
`;

/**
 * PostgreSQL searches by trigrams with pg_trgm (a trusted extension in the server's contrib, which Debian's
 * postgresql package ships): a GIN index on the same expression the LIKE reads answers LIKE '%…%' itself.
 */
const POSTGRES_SEARCH = `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX leads_search_trgm ON leads USING gin ((${SEARCHED('leads')}) gin_trgm_ops);
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
  {
    version: 3,
    name: "the team's work copied onto each lead and search by trigrams, for 100,000 leads",
    sql: {
      // SQLite reads the dashboard's origins from an index that holds the attribution; PostgreSQL scans the
      // table as fast, and its index entries have a size limit a long referrer could pass.
      sqlite: `${forBothEngines(workColumns).sqlite}${SQLITE_COPIES}${SQLITE_SEARCH}
        CREATE INDEX leads_origin ON leads (received_at, work_status, deal_value, attribution);`,
      postgres: `${forBothEngines(workColumns).postgres}${POSTGRES_COPIES}${POSTGRES_SEARCH}`,
    },
  },
  SUMMARY_MIGRATION,
  WON_MIGRATION,
  SUMMARY_ORDER_MIGRATION,
];

/** Brings the pipeline's tables up to date; the lead API's and the inbox's must be migrated first. */
export function migratePipeline(storage: Storage): Promise<number[]> {
  return storage.migrate(PIPELINE_MODULE, PIPELINE_MIGRATIONS);
}
