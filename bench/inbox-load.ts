/**
 * The site under load while `npm run bench:inbox` measures the inbox's pages: leads keep arriving (one
 * every BENCH_ARRIVAL_MS, default 100 ms, as the API writes them, so every trigger of the summaries runs)
 * and the team keeps moving leads between statuses with their history (one every BENCH_CHANGE_MS, default
 * 250 ms), in the same process and on the same database as the pages measured. `BENCH_LOAD=0` measures a
 * quiet site instead.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Storage } from '../server/db/storage.ts';
import { LEAD_COLUMNS, leadRow } from './inbox-seed.ts';

const ARRIVAL_MS = Number(process.env.BENCH_ARRIVAL_MS ?? 100);
const CHANGE_MS = Number(process.env.BENCH_CHANGE_MS ?? 250);
export const LOADED = process.env.BENCH_LOAD !== '0';

export interface Load {
  /** Stops both loops and says how many writes each made, per second. */
  stop(): Promise<string>;
}

/** Starts the load; new leads are numbered from `next`, status changes fall on the worked leads up to `last`. */
export function startLoad(storage: Storage, next: number, last: number): Load {
  let running = LOADED;
  const started = Date.now();
  let arrivals = 0;
  let changes = 0;
  const placeholders = LEAD_COLUMNS.map((_, index) => `$${String(index + 1)}`).join(', ');
  const arriving = (async () => {
    while (running) {
      await storage.run(
        `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${placeholders})`,
        leadRow(next + arrivals, new Date().toISOString()),
      );
      arrivals += 1;
      await sleep(ARRIVAL_MS);
    }
  })();
  const working = (async () => {
    while (running) {
      // The seeding works one lead in three (ids 1, 4, 7…): contactado and propuesta swap, as a team does.
      const id = 1 + 3 * ((changes * 7919) % Math.floor(last / 3));
      const at = new Date().toISOString();
      await storage.transaction(async (tx) => {
        const row = await tx.get<{ status: string }>(
          `UPDATE inbox_lead_state SET status = CASE WHEN status = 'contactado' THEN 'propuesta' ELSE 'contactado' END,
             updated_at = $1, version = version + 1
           WHERE lead_id = $2 AND status IN ('contactado', 'propuesta') RETURNING status`,
          [at, id],
        );
        if (row)
          await tx.run(
            `INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, from_value, to_value) VALUES ($1, 1, 'status', $2, $3, $4)`,
            [id, at, row.status === 'contactado' ? 'propuesta' : 'contactado', row.status],
          );
      });
      changes += 1;
      await sleep(CHANGE_MS);
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([arriving, working]);
      const seconds = (Date.now() - started) / 1000;
      return LOADED
        ? `${(arrivals / seconds).toFixed(1)} leads/s llegando y ${(changes / seconds).toFixed(1)} cambios de estado/s`
        : 'sin carga';
    },
  };
}
