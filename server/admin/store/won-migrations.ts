/**
 * When each lead was won, copied onto the lead (`leads.won_at`): the last time its history moved it to
 * ganado, kept by triggers on the history, whoever writes it (a status change, a merge moving events, an
 * erasure deleting them). The dashboard's value won per month then reads one index of the won leads instead
 * of each one's history, and its lost reasons one index of the lost leads' states. And the open leads' next
 * steps, in an index of their own: «Vencidos» and «Hoy» count only open leads, which a whole-table index
 * made PostgreSQL count by reading every row.
 */
import type { Dialect, Migration } from '../../db/storage.ts';

const WON_EVENT = (row: string) => `${row}.kind = 'status' AND ${row}.to_value = 'ganado'`;
const LAST_WON = (lead: string) =>
  `(SELECT max(e.at) FROM inbox_lead_events e WHERE e.lead_id = ${lead} AND ${WON_EVENT('e')})`;

const COLUMN = (dialect: Dialect) => `
  ALTER TABLE leads ADD COLUMN won_at TEXT;
  UPDATE leads SET won_at = ${LAST_WON('leads.id')}
    WHERE EXISTS (SELECT 1 FROM inbox_lead_events e WHERE e.lead_id = leads.id AND ${WON_EVENT('e')});
  -- Exactly what the value won per month reads (./money.ts), and the lost leads' reasons (./work.ts).
  CREATE INDEX leads_won ON leads (won_at, deal_value, id) WHERE work_status = 'ganado';
  CREATE INDEX inbox_lead_state_lost ON inbox_lead_state (lead_id, lost_reason) WHERE status = 'perdido';
  -- The due views' rows: open leads, in the next-step order of filters.ts.
  CREATE INDEX leads_open_next_step ON leads ((COALESCE(next_step_date, '9999-12-31')), received_at DESC, id DESC)
    WHERE work_status NOT IN ('ganado', 'perdido');${dialect === 'postgres' ? '\n  ANALYZE leads;' : ''}
`;

const SQLITE_TRIGGERS = `
  CREATE TRIGGER leads_won_added AFTER INSERT ON inbox_lead_events WHEN ${WON_EVENT('new')} BEGIN
    UPDATE leads SET won_at = new.at WHERE id = new.lead_id AND (won_at IS NULL OR won_at < new.at);
  END;
  CREATE TRIGGER leads_won_changed AFTER UPDATE OF lead_id, kind, to_value, at ON inbox_lead_events
  WHEN (${WON_EVENT('old')}) OR (${WON_EVENT('new')}) BEGIN
    UPDATE leads SET won_at = ${LAST_WON('leads.id')} WHERE id IN (old.lead_id, new.lead_id);
  END;
  CREATE TRIGGER leads_won_removed AFTER DELETE ON inbox_lead_events WHEN ${WON_EVENT('old')} BEGIN
    UPDATE leads SET won_at = ${LAST_WON('leads.id')} WHERE id = old.lead_id;
  END;
`;

const POSTGRES_TRIGGERS = `
  CREATE FUNCTION leads_won_at() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE leads SET won_at = NEW.at WHERE id = NEW.lead_id AND (won_at IS NULL OR won_at < NEW.at);
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE leads SET won_at = ${LAST_WON('leads.id')} WHERE id = OLD.lead_id;
    ELSE
      UPDATE leads SET won_at = ${LAST_WON('leads.id')} WHERE id IN (OLD.lead_id, NEW.lead_id);
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER leads_won_at_added AFTER INSERT ON inbox_lead_events
    FOR EACH ROW WHEN (${WON_EVENT('NEW')}) EXECUTE FUNCTION leads_won_at();
  CREATE TRIGGER leads_won_at_removed AFTER DELETE ON inbox_lead_events
    FOR EACH ROW WHEN (${WON_EVENT('OLD')}) EXECUTE FUNCTION leads_won_at();
  CREATE TRIGGER leads_won_at_changed AFTER UPDATE OF lead_id, kind, to_value, at ON inbox_lead_events
    FOR EACH ROW WHEN ((${WON_EVENT('OLD')}) OR (${WON_EVENT('NEW')})) EXECUTE FUNCTION leads_won_at();
`;

export const WON_MIGRATION: Migration = {
  version: 5,
  name: 'when each lead was won, copied onto it; indexes of the lost reasons and of the open leads by next step',
  sql: {
    sqlite: `${COLUMN('sqlite')}${SQLITE_TRIGGERS}`,
    postgres: `${COLUMN('postgres')}${POSTGRES_TRIGGERS}`,
  },
};
