/**
 * The dashboard's summaries under concurrent writers: transactions that move leads between the same
 * summary rows in opposite directions (contactado to propuesta and back, won and reopened, with values),
 * while leads arrive, all at once on one storage. On PostgreSQL two such transactions that locked the
 * rows in opposite orders would deadlock (and the inbox would answer 503); every write must succeed, and
 * the summaries must still say what a recount says. Bounded: a few workers, a few dozen transactions each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '../../../core/dates.ts';
import type { Storage } from '../../db/storage.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { arrivalsBetween, countArrivals } from '../../monitoring/conversion.ts';
import { lastWeeks } from '../stats.ts';
import { countDashboard } from './dashboard.ts';
import { countOrigins } from './origins.ts';
import { dashboardFromSummary, originsSince } from './summary.ts';
import { DIRECT_SOURCE, NO_CAMPAIGN } from '../../lead/attribution.ts';
import { NO_LANDING } from '../attribution-stats.ts';
import { openTestStorage } from '../../testing/storage.ts';

const NOW = new Date('2026-11-25T18:00:00.000Z');
const WEEKS = lastWeeks(NOW, 4);
const SINCE = zonedTimeToUtc(WEEKS[0] ?? '', '00:00').toISOString();
const NONE = { source: DIRECT_SOURCE, campaign: NO_CAMPAIGN, landing: NO_LANDING };
const WORKERS = 6;
const ROUNDS = 25;
const ATTRIBUTION = JSON.stringify({ utm_source: 'google', utm_campaign: 'buen-fin', landing: '/servicios' });

async function addLead(storage: Storage, i: number): Promise<number> {
  // All in the same week and kind of form: every move lands on the same few summary rows.
  const row = await storage.get<{ id: number }>(
    `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash, attribution)
     VALUES (1, $1, $2, '{}', '/contacto', $3, 'prueba', $4) RETURNING id`,
    [
      `Lead ${String(i)}`,
      `lead${String(i)}@ejemplo.mx`,
      new Date(NOW.getTime() - 3_600_000).toISOString(),
      ATTRIBUTION,
    ],
  );
  return Number(row?.id);
}

/** One worker's transactions: its two leads swap statuses, in turn one way and the other. */
async function worker(storage: Storage, index: number, [x, y]: readonly [number, number]): Promise<void> {
  for (let round = 0; round < ROUNDS; round += 1) {
    const forward = (round + index) % 2 === 0;
    await storage.transaction(async (tx) => {
      const at = new Date(NOW.getTime() + round * 1000).toISOString();
      const [first, second] = forward ? [x, y] : [y, x];
      await tx.run(
        "UPDATE inbox_lead_state SET status = CASE WHEN status = 'contactado' THEN 'propuesta' ELSE 'contactado' END, updated_at = $1 WHERE lead_id = $2",
        [at, first],
      );
      await tx.run(
        "UPDATE inbox_lead_state SET status = CASE WHEN status = 'contactado' THEN 'propuesta' ELSE 'contactado' END, updated_at = $1 WHERE lead_id = $2",
        [at, second],
      );
      if (round % 5 === 4) {
        await tx.run("UPDATE inbox_lead_state SET status = 'ganado', updated_at = $1 WHERE lead_id = $2", [at, x]);
        await tx.run(
          `INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value)
           VALUES ($1, NULL, 'status', $2, 'propuesta', 'ganado')`,
          [x, at],
        );
        await tx.run('UPDATE pipeline_deals SET value_mxn = $1 WHERE lead_id = $2', [10_000 * round, x]);
        await tx.run("UPDATE inbox_lead_state SET status = 'contactado', updated_at = $1 WHERE lead_id = $2", [at, x]);
      }
    });
  }
}

describe.each(TEST_ENGINES)('the summaries under concurrent writers (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
  });
  afterAll(() => close());

  it('lets every write through and still agrees with a recount', async () => {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < WORKERS; i += 1) {
      const pair: [number, number] = [await addLead(storage, 2 * i), await addLead(storage, 2 * i + 1)];
      for (const [n, id] of pair.entries()) {
        await storage.run(
          `INSERT INTO inbox_lead_state (lead_id, status, assignee_id, first_contact_at, proposal_at, updated_at, version)
           VALUES ($1, $2, NULL, $3, NULL, $3, 1)`,
          [id, n === 0 ? 'contactado' : 'propuesta', NOW.toISOString()],
        );
        await storage.run('INSERT INTO pipeline_deals (lead_id, value_mxn, version) VALUES ($1, 50000, 1)', [id]);
      }
      pairs.push(pair);
    }
    const arrivals = (async () => {
      for (let i = 0; i < ROUNDS; i += 1) await addLead(storage, 100 + i);
    })();
    const results = await Promise.allSettled([...pairs.map((pair, index) => worker(storage, index, pair)), arrivals]);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    expect(await dashboardFromSummary(storage, WEEKS)).toEqual(await countDashboard(storage, WEEKS, SINCE));
    const origins = await originsSince(storage, WEEKS[0] ?? '', NONE);
    const counted = await countOrigins(storage, SINCE);
    for (const grouping of ['source', 'campaign', 'landing'] as const)
      expect(origins[grouping]).toEqual(expect.arrayContaining(counted[grouping]));
    const end = new Date(NOW.getTime() + 1).toISOString();
    expect(await arrivalsBetween(storage, SINCE, end)).toEqual(
      expect.arrayContaining(await countArrivals(storage, SINCE, end)),
    );
  });
});
