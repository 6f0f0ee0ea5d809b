/**
 * Leads per day (at UTC-6) by landing page and by campaign, kept by triggers in the same transaction as
 * every write that changes them (a lead arriving, its origin written or erased, the lead deleted), so the
 * dashboard's conversion sums a few rows per day instead of reading the origin of every lead of the year
 * (half a second at 100,000 leads). Counts only: a row whose count falls to zero is deleted, so an erased
 * lead's campaign or landing page does not outlive it. Merged leads stay counted, as in the count over the
 * leads (./conversion.ts): a visit that brought a lead brought it, whatever the team did later.
 */
import type { Dialect, Migration } from '../db/storage.ts';
import { arrivalsOf } from '../lead/arrival-labels.ts';

const TABLE = `
  CREATE TABLE lead_arrivals (
    day TEXT NOT NULL,
    grouped_by TEXT NOT NULL CHECK (grouped_by IN ('page', 'campaign')),
    label TEXT NOT NULL,
    leads INTEGER NOT NULL,
    PRIMARY KEY (day, grouped_by, label)
  );
`;

/** The rows of `a` as (day, grouped_by, label, n) with `n` = `sign`. */
function deltas(dialect: Dialect, row: string, sign: 1 | -1, from = ''): string {
  const a = arrivalsOf(dialect, row, from);
  return `SELECT a.day, 'page' AS grouped_by, a.page AS label, ${String(sign)} AS n FROM ${a} WHERE a.page IS NOT NULL
    UNION ALL SELECT a.day, 'campaign', a.campaign, ${String(sign)} FROM ${a}`;
}

/**
 * One upsert for all of a write's changes, summed per row and in key order: two transactions that move
 * leads between the same rows lock them in the same order, so they wait for each other instead of
 * deadlocking. Rows left at zero are deleted.
 */
function apply(dialect: Dialect, rows: ReadonlyArray<readonly [row: string, sign: 1 | -1]>): string {
  const union = rows.map(([row, sign]) => deltas(dialect, row, sign)).join('\n    UNION ALL ');
  const removed = rows.filter(([, sign]) => sign < 0);
  const sweep = removed.length
    ? `
    DELETE FROM lead_arrivals WHERE leads = 0
      AND day IN (${removed.map(([row]) => `SELECT a.day FROM ${arrivalsOf(dialect, row, '')}`).join(' UNION ')});`
    : '';
  return `
    INSERT INTO lead_arrivals (day, grouped_by, label, leads)
    SELECT d.day, d.grouped_by, d.label, sum(d.n) FROM (${union}) d
    WHERE d.day IS NOT NULL GROUP BY d.day, d.grouped_by, d.label HAVING sum(d.n) <> 0
    ORDER BY d.day, d.grouped_by, d.label
    ON CONFLICT (day, grouped_by, label) DO UPDATE SET leads = lead_arrivals.leads + excluded.leads;${sweep}`;
}

function fill(dialect: Dialect): string {
  return `
  INSERT INTO lead_arrivals (day, grouped_by, label, leads)
  SELECT d.day, d.grouped_by, d.label, sum(d.n) FROM (${deltas(dialect, 'l', 1, 'FROM leads l')}) d
  WHERE d.day IS NOT NULL GROUP BY d.day, d.grouped_by, d.label;`;
}

const SQLITE_TRIGGERS = `
  CREATE TRIGGER lead_arrivals_added AFTER INSERT ON leads BEGIN${apply('sqlite', [['new', 1]])}
  END;
  CREATE TRIGGER lead_arrivals_changed AFTER UPDATE OF received_at, attribution ON leads
  WHEN old.received_at IS NOT new.received_at OR old.attribution IS NOT new.attribution
  BEGIN${apply('sqlite', [
    ['old', -1],
    ['new', 1],
  ])}
  END;
  CREATE TRIGGER lead_arrivals_removed AFTER DELETE ON leads BEGIN${apply('sqlite', [['old', -1]])}
  END;
`;

const POSTGRES_TRIGGERS = `
  CREATE FUNCTION lead_arrivals() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN${apply('postgres', [['NEW', 1]])}
    ELSIF TG_OP = 'DELETE' THEN${apply('postgres', [['OLD', -1]])}
    ELSE${apply('postgres', [
      ['OLD', -1],
      ['NEW', 1],
    ])}
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER lead_arrivals AFTER INSERT OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION lead_arrivals();
  CREATE TRIGGER lead_arrivals_changed AFTER UPDATE OF received_at, attribution ON leads
    FOR EACH ROW WHEN ((OLD.received_at, OLD.attribution) IS DISTINCT FROM (NEW.received_at, NEW.attribution))
    EXECUTE FUNCTION lead_arrivals();
`;

export const ARRIVALS_MIGRATION: Migration = {
  version: 2,
  name: "leads per day by landing page and campaign, kept on write, for the dashboard's conversion",
  sql: {
    sqlite: `${TABLE}${fill('sqlite')}${SQLITE_TRIGGERS}`,
    postgres: `${TABLE}${fill('postgres')}${POSTGRES_TRIGGERS}`,
  },
};
