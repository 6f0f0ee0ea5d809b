/**
 * The dashboard counted by each database agrees with the same calculation done lead by lead in JavaScript
 * (`buildDashboard`), for leads in every week of the period, before it, merged away, in every status, with
 * and without contact milestones, contacted before they arrived (a clock off), and for an odd and an even
 * number of contacted leads (the median's two cases).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../core/dates.ts';
import type { Storage } from '../../db/storage.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { buildDashboard, lastWeeks } from '../stats.ts';
import { dashboardTotals } from './dashboard.ts';
import { createWorkStore } from './work.ts';
import { openTestStorage } from '../../testing/storage.ts';

const NOW = new Date('2026-11-25T18:00:00.000Z');
const WEEKS = lastWeeks(NOW, 12);
const SINCE = zonedTimeToUtc(WEEKS[0] ?? '', '00:00').toISOString();
const STATUSES = [null, 'nuevo', 'contactado', 'propuesta', 'ganado', 'perdido'] as const;
const HOUR = 3_600_000;

async function addLead(storage: Storage, i: number): Promise<number> {
  // From 13 weeks ago (before the period) to now, every few hours, on a Mexico City week boundary too.
  const received = new Date(NOW.getTime() - ((i * 37) % (13 * 7 * 24)) * HOUR);
  const row = await storage.get<{ id: number }>(
    `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash)
     VALUES ($1, $2, $3, '{}', '/contacto', $4, 'prueba') RETURNING id`,
    [(i % 4) + 1, `Lead ${String(i)}`, `lead${String(i)}@ejemplo.mx`, received.toISOString()],
  );
  const id = Number(row?.id);
  const status = STATUSES[i % STATUSES.length];
  if (status) {
    const contact = i % 3 === 0 ? null : new Date(received.getTime() + ((i % 7) - 1) * HOUR).toISOString();
    const proposal = i % 4 === 0 ? new Date(received.getTime() + 50 * HOUR).toISOString() : null;
    await storage.run(
      `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, first_contact_at, proposal_at, updated_at, version)
       VALUES ($1, $2, NULL, $3, $4, $5, 1)`,
      [id, status, contact, proposal, received.toISOString()],
    );
  }
  return id;
}

describe.each(TEST_ENGINES)('the dashboard counted in SQL (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
  });
  afterAll(() => close());

  it('agrees with the lead-by-lead calculation, odd and even', async () => {
    const expectSame = async () => {
      const rows = await createWorkStore(storage).dashboardRows(SINCE);
      expect(await dashboardTotals(storage, WEEKS, SINCE)).toEqual(buildDashboard(rows, WEEKS));
    };
    expect(await dashboardTotals(storage, WEEKS, SINCE)).toEqual(buildDashboard([], WEEKS));
    const ids: number[] = [];
    for (let i = 0; i < 61; i += 1) ids.push(await addLead(storage, i));
    // Two leads merged into others: out of every count.
    for (const [lead, into] of [
      [ids[7], ids[8]],
      [ids[20], ids[21]],
    ])
      await storage.run('INSERT INTO pipeline_merges (lead_id, into_id, user_id, at) VALUES ($1, $2, NULL, $3)', [
        lead ?? 0,
        into ?? 0,
        NOW.toISOString(),
      ]);
    await expectSame();
    const dashboard = await dashboardTotals(storage, WEEKS, SINCE);
    expect(dashboard.weeks.reduce((sum, week) => sum + week.total, 0)).toBeGreaterThan(40);
    expect(dashboard.medianFirstContactMs).toBeGreaterThan(0);
    // One more contacted lead flips the parity of the median.
    await addLead(storage, 62);
    await expectSame();
  });
});
