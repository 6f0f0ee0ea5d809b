/**
 * The dashboard's summary: counts of leads per Mexico City week, kept by triggers in the same transaction
 * as every write that changes what the dashboard counts (a lead arriving, its status, contact, proposal or
 * value changing, its origin written or erased, a merge made or undone), so the dashboard sums a few
 * hundred rows instead of reading every lead of the year. It holds counts and sums only: a row whose count
 * falls to zero is deleted, so an erased lead's campaign or landing page does not outlive it.
 *
 * Weeks are Mondays at 00:00 of UTC-6, Mexico City's offset all year since 2022; the dashboard reads the
 * summary only when every week it shows starts at that offset (./summary.ts), and counts the leads
 * themselves otherwise.
 */
import { forBothEngines } from '../../db/ddl.ts';
import type { Dialect, Migration } from '../../db/storage.ts';
import { GROUPINGS, LABELS, originColumns } from '../../lead/origin-labels.ts';

const tables = forBothEngines(
  ({ bigint }) => `
  -- Leads per week, kind of form, status now, and whether they reached a first contact and a proposal;
  -- how many of them have a deal value, and its sum in whole pesos.
  CREATE TABLE inbox_summary_leads (
    week TEXT NOT NULL,
    form_type INTEGER NOT NULL,
    status TEXT NOT NULL,
    contacted INTEGER NOT NULL,
    proposed INTEGER NOT NULL,
    leads INTEGER NOT NULL,
    valued INTEGER NOT NULL,
    value_mxn ${bigint} NOT NULL,
    PRIMARY KEY (week, form_type, status, contacted, proposed)
  );
  -- Leads per week by source, campaign and landing page ('' when the lead has none), won and their value.
  CREATE TABLE inbox_summary_origins (
    week TEXT NOT NULL,
    grouped_by TEXT NOT NULL CHECK (grouped_by IN ('source', 'campaign', 'landing')),
    label TEXT NOT NULL,
    leads INTEGER NOT NULL,
    won INTEGER NOT NULL,
    won_value_mxn ${bigint} NOT NULL,
    PRIMARY KEY (week, grouped_by, label)
  );
  -- Contacted leads per week by whole minutes from arrival to first contact (the median's input).
  CREATE TABLE inbox_summary_waits (
    week TEXT NOT NULL,
    minutes ${bigint} NOT NULL,
    leads INTEGER NOT NULL,
    PRIMARY KEY (week, minutes)
  );
`,
);

/** The Monday (`YYYY-MM-DD`) of `row`'s arrival at UTC-6. */
const WEEK: Readonly<Record<Dialect, (row: string) => string>> = {
  sqlite: (row) => `date(${row}.received_at, '-6 hours', '-6 days', 'weekday 1')`,
  postgres: (row) =>
    `to_char(date_trunc('week', CAST(${row}.received_at AS timestamptz) AT TIME ZONE 'UTC' - interval '6 hours'), 'YYYY-MM-DD')`,
};

/** Whole minutes from `row`'s arrival to its first contact (0 when recorded before it), or NULL. */
const MINUTES: Readonly<Record<Dialect, (row: string) => string>> = {
  sqlite: (row) =>
    `CAST(round(max(0, round((julianday(${row}.first_contact_at) - julianday(${row}.received_at)) * 86400000)) / 60000.0) AS INTEGER)`,
  postgres: (row) =>
    `CAST(round(GREATEST(0, round(extract(epoch FROM (CAST(${row}.first_contact_at AS timestamptz) - CAST(${row}.received_at AS timestamptz))) * 1000)) / 60000) AS BIGINT)`,
};

/** What a lead adds to the summary, as the columns of a SELECT, read from `row` `from` where. */
function countedColumns(dialect: Dialect, row: string, from: string): string {
  return `SELECT ${WEEK[dialect](row)} AS week, ${row}.form_type AS form_type, ${row}.work_status AS status,
      CASE WHEN ${row}.first_contact_at IS NULL THEN 0 ELSE 1 END AS contacted,
      CASE WHEN ${row}.proposal_at IS NULL THEN 0 ELSE 1 END AS proposed, ${row}.deal_value AS value,
      CASE WHEN ${row}.first_contact_at IS NULL THEN NULL ELSE ${MINUTES[dialect](row)} END AS minutes,
      ${originColumns(dialect, row)} ${from}`;
}

/** The same as one derived row `o`. */
function counted(dialect: Dialect, row: string, from: string): string {
  return `(${countedColumns(dialect, row, from)}) o`;
}

const WON = `CASE WHEN o.status = 'ganado' THEN 1 ELSE 0 END`;
const WON_VALUE = `CASE WHEN o.status = 'ganado' AND o.value > 0 THEN o.value ELSE 0 END`;

/** Adds (`sign` 1) or takes away (-1) one lead's counts; the rows left at zero are deleted. */
function apply(dialect: Dialect, sign: 1 | -1, row: string, from = ''): string {
  const o = counted(dialect, row, from);
  const s = String(sign);
  const origins = GROUPINGS.map(
    (grouping) => `
    INSERT INTO inbox_summary_origins (week, grouped_by, label, leads, won, won_value_mxn)
      SELECT o.week, '${grouping}', ${LABELS[grouping]("''")}, ${s}, ${s} * ${WON}, ${s} * ${WON_VALUE}
      FROM ${o} WHERE o.week IS NOT NULL
      ON CONFLICT (week, grouped_by, label) DO UPDATE SET leads = inbox_summary_origins.leads + excluded.leads,
        won = inbox_summary_origins.won + excluded.won,
        won_value_mxn = inbox_summary_origins.won_value_mxn + excluded.won_value_mxn;`,
  ).join('');
  const sweep =
    sign > 0
      ? ''
      : ['inbox_summary_leads', 'inbox_summary_origins', 'inbox_summary_waits']
          .map((table) => `\n    DELETE FROM ${table} WHERE leads = 0 AND week IN (SELECT o.week FROM ${o});`)
          .join('');
  return `
    INSERT INTO inbox_summary_leads (week, form_type, status, contacted, proposed, leads, valued, value_mxn)
      SELECT o.week, o.form_type, o.status, o.contacted, o.proposed, ${s},
        ${s} * (CASE WHEN o.value IS NULL THEN 0 ELSE 1 END), ${s} * COALESCE(o.value, 0)
      FROM ${o} WHERE o.week IS NOT NULL
      ON CONFLICT (week, form_type, status, contacted, proposed) DO UPDATE SET
        leads = inbox_summary_leads.leads + excluded.leads, valued = inbox_summary_leads.valued + excluded.valued,
        value_mxn = inbox_summary_leads.value_mxn + excluded.value_mxn;${origins}
    INSERT INTO inbox_summary_waits (week, minutes, leads)
      SELECT o.week, o.minutes, ${s} FROM ${o} WHERE o.week IS NOT NULL AND o.minutes IS NOT NULL
      ON CONFLICT (week, minutes) DO UPDATE SET leads = inbox_summary_waits.leads + excluded.leads;${sweep}`;
}

/**
 * A lead's change (`old` taken away, `new` added) as one upsert per table, its rows summed per key and
 * written in key order, tables always in the same order: two transactions that move leads between the same
 * rows in opposite directions lock them in the same order, so one waits for the other instead of both
 * deadlocking (PostgreSQL answered one with an error, and the inbox with 503). Rows left at zero are deleted.
 */
function applyChange(dialect: Dialect, old: string, now: string): string {
  const o = `(SELECT c.*, -1 AS n FROM (${countedColumns(dialect, old, '')}) c
      UNION ALL SELECT c.*, 1 AS n FROM (${countedColumns(dialect, now, '')}) c) o`;
  const origins = GROUPINGS.map(
    (grouping) => `
    INSERT INTO inbox_summary_origins (week, grouped_by, label, leads, won, won_value_mxn)
      SELECT g.week, '${grouping}', g.label, sum(g.n), sum(g.n * g.won), sum(g.n * g.won_value)
      FROM (SELECT o.week, ${LABELS[grouping]("''")} AS label, o.n, ${WON} AS won, ${WON_VALUE} AS won_value
        FROM ${o} WHERE o.week IS NOT NULL) g
      GROUP BY g.week, g.label HAVING sum(g.n) <> 0 OR sum(g.n * g.won) <> 0 OR sum(g.n * g.won_value) <> 0
      ORDER BY g.week, g.label
      ON CONFLICT (week, grouped_by, label) DO UPDATE SET leads = inbox_summary_origins.leads + excluded.leads,
        won = inbox_summary_origins.won + excluded.won,
        won_value_mxn = inbox_summary_origins.won_value_mxn + excluded.won_value_mxn;`,
  ).join('');
  const weeks = `SELECT ${WEEK[dialect](old)} UNION SELECT ${WEEK[dialect](now)}`;
  const sweep = ['inbox_summary_leads', 'inbox_summary_origins', 'inbox_summary_waits']
    .map((table) => `\n    DELETE FROM ${table} WHERE leads = 0 AND week IN (${weeks});`)
    .join('');
  return `
    INSERT INTO inbox_summary_leads (week, form_type, status, contacted, proposed, leads, valued, value_mxn)
      SELECT o.week, o.form_type, o.status, o.contacted, o.proposed, sum(o.n),
        sum(o.n * (CASE WHEN o.value IS NULL THEN 0 ELSE 1 END)), sum(o.n * COALESCE(o.value, 0))
      FROM ${o} WHERE o.week IS NOT NULL
      GROUP BY o.week, o.form_type, o.status, o.contacted, o.proposed
      HAVING sum(o.n) <> 0 OR sum(o.n * (CASE WHEN o.value IS NULL THEN 0 ELSE 1 END)) <> 0
        OR sum(o.n * COALESCE(o.value, 0)) <> 0
      ORDER BY o.week, o.form_type, o.status, o.contacted, o.proposed
      ON CONFLICT (week, form_type, status, contacted, proposed) DO UPDATE SET
        leads = inbox_summary_leads.leads + excluded.leads, valued = inbox_summary_leads.valued + excluded.valued,
        value_mxn = inbox_summary_leads.value_mxn + excluded.value_mxn;${origins}
    INSERT INTO inbox_summary_waits (week, minutes, leads)
      SELECT o.week, o.minutes, sum(o.n) FROM ${o} WHERE o.week IS NOT NULL AND o.minutes IS NOT NULL
      GROUP BY o.week, o.minutes HAVING sum(o.n) <> 0 ORDER BY o.week, o.minutes
      ON CONFLICT (week, minutes) DO UPDATE SET leads = inbox_summary_waits.leads + excluded.leads;${sweep}`;
}

/** Every lead not merged away, counted once (the summary of the leads already stored). */
function fill(dialect: Dialect): string {
  const o = counted(dialect, 'l', 'FROM leads l WHERE l.id NOT IN (SELECT lead_id FROM pipeline_merges)');
  const origins = GROUPINGS.map(
    (grouping) => `
  INSERT INTO inbox_summary_origins (week, grouped_by, label, leads, won, won_value_mxn)
    SELECT g.week, '${grouping}', g.label, count(*), sum(g.won), sum(g.won_value)
    FROM (SELECT o.week, ${LABELS[grouping]("''")} AS label, ${WON} AS won, ${WON_VALUE} AS won_value
      FROM ${o} WHERE o.week IS NOT NULL) g
    GROUP BY g.week, g.label;`,
  ).join('');
  return `
  INSERT INTO inbox_summary_leads (week, form_type, status, contacted, proposed, leads, valued, value_mxn)
    SELECT o.week, o.form_type, o.status, o.contacted, o.proposed, count(*), count(o.value), COALESCE(sum(o.value), 0)
    FROM ${o} WHERE o.week IS NOT NULL
    GROUP BY o.week, o.form_type, o.status, o.contacted, o.proposed;${origins}
  INSERT INTO inbox_summary_waits (week, minutes, leads)
    SELECT o.week, o.minutes, count(*) FROM ${o} WHERE o.week IS NOT NULL AND o.minutes IS NOT NULL
    GROUP BY o.week, o.minutes;`;
}

/** The columns of a lead the summary depends on: an update of any other one changes nothing in it. */
const COUNTED_COLUMNS = [
  'received_at',
  'form_type',
  'work_status',
  'first_contact_at',
  'proposal_at',
  'deal_value',
  'attribution',
];

const NOT_MERGED = (row: string) => `NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = ${row}.id)`;

const SQLITE_TRIGGERS = `
  CREATE TRIGGER inbox_summary_lead_added AFTER INSERT ON leads BEGIN${apply('sqlite', 1, 'new')}
  END;
  CREATE TRIGGER inbox_summary_lead_changed AFTER UPDATE OF ${COUNTED_COLUMNS.join(', ')} ON leads
  WHEN (${COUNTED_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}) AND ${NOT_MERGED('new')}
  BEGIN${apply('sqlite', -1, 'old')}${apply('sqlite', 1, 'new')}
  END;
  CREATE TRIGGER inbox_summary_lead_removed AFTER DELETE ON leads WHEN ${NOT_MERGED('old')}
  BEGIN${apply('sqlite', -1, 'old')}
  END;
  CREATE TRIGGER inbox_summary_merged AFTER INSERT ON pipeline_merges
  BEGIN${apply('sqlite', -1, 'l', 'FROM leads l WHERE l.id = new.lead_id')}
  END;
  CREATE TRIGGER inbox_summary_unmerged AFTER DELETE ON pipeline_merges
  BEGIN${apply('sqlite', 1, 'l', 'FROM leads l WHERE l.id = old.lead_id')}
  END;
`;

const POSTGRES_TRIGGERS = `
  CREATE FUNCTION inbox_summary_lead() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND ${NOT_MERGED('OLD')} THEN${apply('postgres', -1, 'OLD')}
    END IF;
    IF TG_OP <> 'DELETE' AND ${NOT_MERGED('NEW')} THEN${apply('postgres', 1, 'NEW')}
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER inbox_summary_lead AFTER INSERT OR DELETE ON leads
    FOR EACH ROW EXECUTE FUNCTION inbox_summary_lead();
  CREATE TRIGGER inbox_summary_lead_changed AFTER UPDATE OF ${COUNTED_COLUMNS.join(', ')} ON leads
    FOR EACH ROW WHEN ((${COUNTED_COLUMNS.map((column) => `OLD.${column}`).join(', ')})
      IS DISTINCT FROM (${COUNTED_COLUMNS.map((column) => `NEW.${column}`).join(', ')}))
    EXECUTE FUNCTION inbox_summary_lead();
  CREATE FUNCTION inbox_summary_merge() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN${apply('postgres', -1, 'l', 'FROM leads l WHERE l.id = NEW.lead_id')}
    ELSE${apply('postgres', 1, 'l', 'FROM leads l WHERE l.id = OLD.lead_id')}
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER inbox_summary_merge AFTER INSERT OR DELETE ON pipeline_merges
    FOR EACH ROW EXECUTE FUNCTION inbox_summary_merge();
`;

export const SUMMARY_MIGRATION: Migration = {
  version: 4,
  name: "the dashboard's weekly summary, kept on write and filled from the leads already stored",
  sql: {
    sqlite: `${tables.sqlite}${fill('sqlite')}${SQLITE_TRIGGERS}`,
    postgres: `${tables.postgres}${fill('postgres')}${POSTGRES_TRIGGERS}`,
  },
};

/** The change trigger of version 4 rewritten with applyChange (the others write one row per table). */
const SQLITE_ORDERED = `
  DROP TRIGGER inbox_summary_lead_changed;
  CREATE TRIGGER inbox_summary_lead_changed AFTER UPDATE OF ${COUNTED_COLUMNS.join(', ')} ON leads
  WHEN (${COUNTED_COLUMNS.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')}) AND ${NOT_MERGED('new')}
  BEGIN${applyChange('sqlite', 'old', 'new')}
  END;
`;

const POSTGRES_ORDERED = `
  CREATE OR REPLACE FUNCTION inbox_summary_lead() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF ${NOT_MERGED('NEW')} THEN${applyChange('postgres', 'OLD', 'NEW')}
      END IF;
    ELSIF TG_OP = 'DELETE' THEN
      IF ${NOT_MERGED('OLD')} THEN${apply('postgres', -1, 'OLD')}
      END IF;
    ELSIF ${NOT_MERGED('NEW')} THEN${apply('postgres', 1, 'NEW')}
    END IF;
    RETURN NULL;
  END $$;
`;

export const SUMMARY_ORDER_MIGRATION: Migration = {
  version: 6,
  name: "the summary's change of a lead written in key order, so concurrent changes cannot deadlock",
  sql: { sqlite: SQLITE_ORDERED, postgres: POSTGRES_ORDERED },
};
