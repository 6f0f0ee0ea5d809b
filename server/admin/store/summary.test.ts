/**
 * The dashboard's weekly summary, kept by triggers, always says what a recount of the leads says: after
 * leads arrive (before and inside the period, with and without an origin), change status, gain contacts,
 * proposals and values, are merged and unmerged, and after an erasure, which must leave neither a count
 * of zero nor the erased lead's campaign or landing page behind. And the migration fills it from the leads
 * already stored. On both engines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../core/dates.ts';
import { migrateAll } from '../../database.ts';
import { migrateAccess } from '../../db/access-migrations.ts';
import { migrateLeads } from '../../db/migrations.ts';
import type { Storage } from '../../db/storage.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { DIRECT_SOURCE, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { eraseInTransaction } from '../../privacy/erase.ts';
import { resolveSubject } from '../../privacy/subject.ts';
import { NO_LANDING, type OriginGroup } from '../attribution-stats.ts';
import { arrivalsBetween, countArrivals } from '../../monitoring/conversion.ts';
import { buildMoney, monthsBetween } from '../money.ts';
import { buildDashboard, lastWeeks } from '../stats.ts';
import { boardColumns, type BoardColumn } from './board.ts';
import { countDashboard } from './dashboard.ts';
import { migrateInbox } from './migrations.ts';
import { countClosed, countValuesByStatus, moneyRows } from './money.ts';
import { countOrigins } from './origins.ts';
import { PIPELINE_MIGRATIONS, PIPELINE_MODULE } from './pipeline-migrations.ts';
import { closedSince, dashboardFromSummary, originsSince, summaryWeekAt, valuesByStatus } from './summary.ts';
import { SUMMARY_MIGRATION } from './summary-migrations.ts';
import { createWorkStore } from './work.ts';
import { openTestStorage } from '../../testing/storage.ts';

const NOW = new Date('2026-11-25T18:00:00.000Z');
const WEEKS = lastWeeks(NOW, 12);
const FIRST = WEEKS[0] ?? '';
const SINCE = zonedTimeToUtc(FIRST, '00:00').toISOString();
const NONE = { source: DIRECT_SOURCE, campaign: NO_CAMPAIGN, landing: NO_LANDING };
const STATUSES = ['nuevo', 'contactado', 'propuesta', 'ganado', 'perdido'] as const;
const HOUR = 3_600_000;
const ERASED_CAMPAIGN = 'promo-lucia-hernandez';
const ERASED_LANDING = '/servicios/lucia-hernandez';

function attributionOf(i: number): string | null {
  if (i % 5 === 0) return null;
  const referrer = i % 3 === 0 ? 'https://www.google.com/search' : 'https://duckduckgo.com:443/';
  return JSON.stringify({
    ...(i % 4 === 0 ? { utm_source: ['boletin', 'facebook'][i % 2] } : {}),
    ...(i % 6 === 0 ? { utm_campaign: `otono-${String(i % 3)}` } : {}),
    ...(i % 2 === 0 ? { landing: ['/', '/servicios', '/precios'][i % 3] } : {}),
    referrer,
  });
}

async function addLead(storage: Storage, i: number, email = `lead${String(i)}@ejemplo.mx`): Promise<number> {
  // From 13 weeks ago (before the period) to now, every few hours, on a week's boundary too.
  const received = new Date(NOW.getTime() - ((i * 37) % (13 * 7 * 24)) * HOUR);
  const row = await storage.get<{ id: number }>(
    `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash, attribution)
     VALUES ($1, $2, $3, '{}', '/contacto', $4, 'prueba', $5) RETURNING id`,
    [(i % 4) + 1, `Lead ${String(i)}`, email, received.toISOString(), attributionOf(i)],
  );
  return Number(row?.id);
}

/** The team works lead `id` (the `i`-th): a status with its milestones, then maybe a value. */
async function work(storage: Storage, id: number, i: number): Promise<void> {
  const received = NOW.getTime() - ((i * 37) % (13 * 7 * 24)) * HOUR;
  const status = STATUSES[i % STATUSES.length] ?? 'nuevo';
  const contact = i % 3 === 0 ? null : new Date(received + ((i % 7) - 1) * HOUR + (i % 2) * 30_000).toISOString();
  const proposal = i % 4 === 0 ? new Date(received + 50 * HOUR).toISOString() : null;
  await storage.run(
    `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, first_contact_at, proposal_at, updated_at, version)
     VALUES ($1, $2, NULL, $3, $4, $5, 1)`,
    [id, status, contact, proposal, NOW.toISOString()],
  );
  if (i % 3 !== 1)
    await storage.run('INSERT INTO pipeline_deals (lead_id, value_mxn, version) VALUES ($1, $2, 1)', [
      id,
      i % 9 === 0 ? 0 : 10_000 * (i % 11),
    ]);
}

const byLabel = (groups: OriginGroup[]) => [...groups].sort((a, b) => a.label.localeCompare(b.label));
const sortedBreakdown = (breakdown: Record<string, OriginGroup[]>) =>
  Object.fromEntries(Object.entries(breakdown).map(([grouping, groups]) => [grouping, byLabel(groups)]));
/** Leads per page and campaign, whatever rows the groups came in. */
function arrivalTotals(rows: ReadonlyArray<{ grouped_by: string; label: string; n: number | string }>) {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.grouped_by} ${row.label}`;
    totals.set(key, (totals.get(key) ?? 0) + Number(row.n));
  }
  return [...totals].sort(([a], [b]) => a.localeCompare(b));
}

/** The value won per month as it was read before the won time was copied: each won lead's history. */
async function wonByMonthFromHistory(storage: Storage, months: readonly string[]) {
  const rows = await storage.all<{ value_mxn: number | null; won_at: string | null }>(
    `SELECT l.deal_value AS value_mxn, COALESCE((SELECT max(e.at) FROM inbox_lead_events e
         WHERE e.lead_id = l.id AND e.kind = 'status' AND e.to_value = 'ganado'), s.updated_at) AS won_at
     FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE l.work_status = 'ganado' AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)`,
  );
  const won = rows.map((row) => ({ deals: 1, valueMxn: row.value_mxn, wonAt: row.won_at }));
  return buildMoney({ byStatus: [], won, closed: [] }, months).wonByMonth;
}

const byStatus = <T extends { status: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.status.localeCompare(b.status));

async function expectSummaryAgrees(storage: Storage): Promise<void> {
  const summary = await dashboardFromSummary(storage, WEEKS);
  expect(summary).toEqual(await countDashboard(storage, WEEKS, SINCE));
  expect(summary).toEqual(buildDashboard(await createWorkStore(storage).dashboardRows(SINCE), WEEKS));
  expect(sortedBreakdown(await originsSince(storage, FIRST, NONE))).toEqual(
    sortedBreakdown(await countOrigins(storage, SINCE)),
  );
  expect(byStatus(await valuesByStatus(storage))).toEqual(byStatus(await countValuesByStatus(storage)));
  expect(byStatus(await closedSince(storage, FIRST))).toEqual(byStatus(await countClosed(storage, SINCE)));
  // The inbox's totals read from the summary (a status, a kind of form, or nothing filtered) are the ones
  // counted from the leads (an all-time date range makes the database count them).
  const work = createWorkStore(storage);
  const ALL_TIME = { from: '2000-01-01' };
  for (const filter of [
    {},
    { status: 'contactado' as const },
    { kind: 'small' as const },
    { status: 'nuevo' as const, kind: 'project' as const },
  ])
    expect((await work.list(filter, 1)).total).toBe((await work.list({ ...filter, ...ALL_TIME }, 1)).total);
  const totals = (board: BoardColumn[]) => board.map(({ status, total, valueMxn }) => ({ status, total, valueMxn }));
  expect(totals(await boardColumns(storage, {}, '2026-11-25'))).toEqual(
    totals(await boardColumns(storage, ALL_TIME, '2026-11-25')),
  );
  // The conversion's leads per landing page and campaign, from the daily summary and today's leads, are the
  // ones counted from the leads: over the dashboard's period, and over whole days ending at a day's start.
  const end = new Date(NOW.getTime() + 1).toISOString();
  expect(arrivalTotals(await arrivalsBetween(storage, SINCE, end))).toEqual(
    arrivalTotals(await countArrivals(storage, SINCE, end)),
  );
  const [early, lastMidnight] = [zonedTimeToUtc('2026-08-03', '00:00'), zonedTimeToUtc('2026-11-25', '00:00')];
  expect(arrivalTotals(await arrivalsBetween(storage, early.toISOString(), lastMidnight.toISOString()))).toEqual(
    arrivalTotals(await countArrivals(storage, early.toISOString(), lastMidnight.toISOString())),
  );
  // The value won per month from the won time copied onto each lead is the one each lead's history gives.
  const months = monthsBetween('2026-07', '2026-12');
  expect(buildMoney(await moneyRows(storage, SINCE), months).wonByMonth).toEqual(
    await wonByMonthFromHistory(storage, months),
  );
  // No row is left at zero (or below): a count that fell to nothing leaves no label behind.
  for (const table of ['inbox_summary_leads', 'inbox_summary_origins', 'inbox_summary_waits', 'lead_arrivals'])
    expect(await storage.get(`SELECT count(*) AS n FROM ${table} WHERE leads <= 0`)).toEqual({ n: 0 });
}

describe('the summary weeks', () => {
  it('start on Mondays at 00:00 in Mexico City, and nowhere else', () => {
    expect(summaryWeekAt(SINCE)).toBe(FIRST);
    expect(summaryWeekAt('2026-11-23T06:00:00.000Z')).toBe('2026-11-23');
    expect(summaryWeekAt('2026-11-23T05:00:00.000Z')).toBeUndefined();
    expect(summaryWeekAt('2026-11-24T06:00:00.000Z')).toBeUndefined();
    expect(summaryWeekAt('2026-11-23T06:00:00.001Z')).toBeUndefined();
    expect(summaryWeekAt('no es una fecha')).toBeUndefined();
  });
});

describe.each(TEST_ENGINES)('the dashboard summary (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  let outboxDir: string;

  beforeAll(async () => {
    outboxDir = mkdtempSync(join(tmpdir(), 'angram-summary-'));
    ({ storage, close } = await openTestStorage(engine));
  });
  afterAll(async () => {
    await close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('agrees with a recount after arrivals, work, merges and an erasure', async () => {
    await expectSummaryAgrees(storage);
    const ids: number[] = [];
    for (let i = 0; i < 60; i += 1) ids.push(await addLead(storage, i));
    await expectSummaryAgrees(storage);
    for (const [i, id] of ids.entries()) await work(storage, id, i);
    await expectSummaryAgrees(storage);

    // Status changes (won straight from new, reopened), a later first contact, a changed value, an origin
    // written after the lead (as the API does).
    const [a = 0, b = 0, c = 0, d = 0] = ids;
    await storage.run("UPDATE inbox_lead_state SET status = 'ganado' WHERE lead_id = $1", [a]);
    await storage.run("UPDATE inbox_lead_state SET status = 'contactado', proposal_at = NULL WHERE lead_id = $1", [b]);
    await storage.run('UPDATE inbox_lead_state SET first_contact_at = $1 WHERE lead_id = $2', [NOW.toISOString(), c]);
    await storage.run('UPDATE pipeline_deals SET value_mxn = 125000 WHERE lead_id = $1', [a]);
    await storage.run('UPDATE leads SET attribution = $1 WHERE id = $2', [
      JSON.stringify({ utm_source: 'linkedin', landing: '/precios' }),
      d,
    ]);
    await storage.run('DELETE FROM pipeline_deals WHERE lead_id = $1', [ids[5] ?? 0]);
    await expectSummaryAgrees(storage);

    // Moves to ganado in the history (twice for one lead, the later counts; one on the first of a month
    // before 06:00 UTC, still the month before in Mexico City), and a merge that moves a won history.
    const wins: Array<[number, string]> = [
      [a, '2026-10-01T04:30:00.000Z'],
      [a, '2026-11-03T17:00:00.000Z'],
      [ids[3] ?? 0, '2026-11-01T05:59:00.000Z'],
      [ids[8] ?? 0, '2026-09-14T10:00:00.000Z'],
      [ids[13] ?? 0, '2026-11-01T06:00:00.000Z'],
    ];
    for (const [lead, at] of wins)
      await storage.run(
        `INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value)
         VALUES ($1, NULL, 'status', $2, 'propuesta', 'ganado')`,
        [lead, at],
      );
    for (const lead of [ids[3], ids[8], ids[13]])
      await storage.run("UPDATE inbox_lead_state SET status = 'ganado' WHERE lead_id = $1", [lead ?? 0]);
    await expectSummaryAgrees(storage);
    await storage.run('UPDATE inbox_lead_events SET lead_id = $1 WHERE lead_id = $2', [ids[13] ?? 0, ids[8] ?? 0]);
    await expectSummaryAgrees(storage);
    await storage.run('UPDATE inbox_lead_events SET lead_id = $1 WHERE lead_id = $2 AND at = $3', [
      ids[8] ?? 0,
      ids[13] ?? 0,
      '2026-09-14T10:00:00.000Z',
    ]);
    await storage.run("DELETE FROM inbox_lead_events WHERE lead_id = $1 AND kind = 'status'", [a]);
    await expectSummaryAgrees(storage);

    // Merged leads leave every count; an undone merge brings the lead back.
    for (const [lead, into] of [
      [ids[7], ids[8]],
      [ids[20], ids[21]],
      [ids[33], ids[34]],
    ])
      await storage.run('INSERT INTO pipeline_merges (lead_id, into_id, user_id, at) VALUES ($1, $2, NULL, $3)', [
        lead ?? 0,
        into ?? 0,
        NOW.toISOString(),
      ]);
    await expectSummaryAgrees(storage);
    await storage.run('DELETE FROM pipeline_merges WHERE lead_id = $1', [ids[33] ?? 0]);
    await expectSummaryAgrees(storage);

    // A person with a campaign and a landing page no one else has, erased.
    const lucia = await addLead(storage, 61, 'lucia.hernandez@ejemplo.mx');
    await storage.run('UPDATE leads SET attribution = $1 WHERE id = $2', [
      JSON.stringify({ utm_source: 'boletin', utm_campaign: ERASED_CAMPAIGN, landing: ERASED_LANDING }),
      lucia,
    ]);
    await work(storage, lucia, 63);
    const labels = async () =>
      (await storage.all<{ label: string }>('SELECT label FROM inbox_summary_origins')).map((row) => row.label);
    expect(await labels()).toContain(ERASED_CAMPAIGN);
    await expectSummaryAgrees(storage);
    const subject = await resolveSubject(storage, { email: 'lucia.hernandez@ejemplo.mx' }, 'llave de prueba');
    expect(subject.leadIds).toEqual([lucia]);
    await storage.transaction((tx) =>
      eraseInTransaction(tx, subject, { now: NOW, identifiers: subject.identifiers, why: 'cancelacion' }, outboxDir),
    );
    expect(await labels()).not.toContain(ERASED_CAMPAIGN);
    expect(await labels()).not.toContain(ERASED_LANDING);
    await expectSummaryAgrees(storage);
  });
});

describe.each(TEST_ENGINES)('the summary migration (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine, { migrate: false }));
  });
  afterAll(() => close());

  it('fills the summary from the leads stored before it', async () => {
    await migrateLeads(storage);
    await migrateInbox(storage);
    await migrateAccess(storage);
    const before = PIPELINE_MIGRATIONS.filter((migration) => migration.version < SUMMARY_MIGRATION.version);
    await storage.migrate(PIPELINE_MODULE, before);
    const ids: number[] = [];
    for (let i = 0; i < 45; i += 1) ids.push(await addLead(storage, i));
    for (const [i, id] of ids.entries()) await work(storage, id, i);
    await storage.run('INSERT INTO pipeline_merges (lead_id, into_id, user_id, at) VALUES ($1, $2, NULL, $3)', [
      ids[4] ?? 0,
      ids[5] ?? 0,
      NOW.toISOString(),
    ]);
    await storage.run(
      `INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value)
       VALUES ($1, NULL, 'status', '2026-10-20T15:00:00.000Z', 'propuesta', 'ganado')`,
      [ids[3] ?? 0],
    );
    await migrateAll(storage);
    expect(await storage.get('SELECT won_at FROM leads WHERE id = $1', [ids[3] ?? 0])).toEqual({
      won_at: '2026-10-20T15:00:00.000Z',
    });
    expect(await storage.get('SELECT count(*) AS n FROM lead_arrivals')).not.toEqual({ n: 0 });
    expect(await storage.get('SELECT count(*) AS n FROM inbox_summary_leads')).not.toEqual({ n: 0 });
    await expectSummaryAgrees(storage);
    // And it keeps it from then on.
    await storage.run("UPDATE inbox_lead_state SET status = 'perdido' WHERE lead_id = $1", [ids[1] ?? 0]);
    await expectSummaryAgrees(storage);
  });
});
