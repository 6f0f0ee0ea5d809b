/**
 * Beacons become counters: each accepted beacon adds to in-memory counts keyed like the table rows, and
 * every `flushMs` the counts go to the database in one transaction of UPSERTs that add to what other
 * instances wrote. So a flood of visits costs one write per key and flush, never one per visit, and the
 * lead API's writes never queue behind beacon writes. The API's answers per minute ride along (its 5xx
 * rate). A crash loses at most the last `flushMs` of counts.
 */
import type { Beacon } from '../../core/monitoring/beacon.ts';
import { bucketOf } from '../../core/monitoring/histogram.ts';
import { VITALS } from '../../core/monitoring/levels.ts';
import type { Storage } from '../db/storage.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import type { DeviceClass } from './device-class.ts';

const SEPARATOR = '\u0000';
/** Past this many distinct keys waiting, a flush starts at once instead of at the next tick. */
const EAGER_FLUSH_KEYS = 20_000;

export interface VitalsRecorder {
  /** Counts an accepted beacon for `day` (Mexico City, `YYYY-MM-DD`). */
  record(beacon: Beacon, device: DeviceClass, day: string): void;
  /** Counts one answer of the API in its UTC minute (`2026-11-23T14:05`), for the 5xx rate alert. */
  countResponse(status: number, minute: string): void;
  /** Writes what is counted so far; resolves when it is in the database. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export interface VitalsRecorderOptions {
  storage: Storage;
  logger: Logger;
  flushMs?: number;
}

export function startVitalsRecorder({ storage, logger, flushMs = 2000 }: VitalsRecorderOptions): VitalsRecorder {
  let histogram = new Map<string, number>();
  let views = new Map<string, number>();
  let responses = new Map<string, { total: number; errors: number }>();
  let flushing: Promise<void> = Promise.resolve();

  const add = (map: Map<string, number>, key: string, count: number) => map.set(key, (map.get(key) ?? 0) + count);

  async function write(
    histogramCounts: Map<string, number>,
    viewCounts: Map<string, number>,
    responseCounts: Map<string, { total: number; errors: number }>,
  ): Promise<void> {
    if (histogramCounts.size === 0 && viewCounts.size === 0 && responseCounts.size === 0) return;
    await storage.transaction(async (tx) => {
      for (const [key, count] of histogramCounts) {
        const [day, page, device, connection, metric, bucket] = key.split(SEPARATOR);
        await tx.run(
          `INSERT INTO vitals_histogram (day, page, device, connection, metric, bucket, count)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (day, page, device, connection, metric, bucket)
           DO UPDATE SET count = vitals_histogram.count + excluded.count`,
          [day ?? '', page ?? '', device ?? '', connection ?? '', metric ?? '', Number(bucket), count],
        );
      }
      for (const [key, count] of viewCounts) {
        const [day, page, source, campaign] = key.split(SEPARATOR);
        await tx.run(
          `INSERT INTO page_views (day, page, source, campaign, count) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (day, page, source, campaign) DO UPDATE SET count = page_views.count + excluded.count`,
          [day ?? '', page ?? '', source ?? '', campaign ?? '', count],
        );
      }
      for (const [minute, { total, errors }] of responseCounts)
        await tx.run(
          `INSERT INTO api_responses (minute, total, errors) VALUES ($1, $2, $3)
           ON CONFLICT (minute) DO UPDATE SET total = api_responses.total + excluded.total,
             errors = api_responses.errors + excluded.errors`,
          [minute, total, errors],
        );
    });
  }

  function flush(): Promise<void> {
    flushing = flushing.then(async () => {
      const [histogramCounts, viewCounts, responseCounts] = [histogram, views, responses];
      histogram = new Map();
      views = new Map();
      responses = new Map();
      try {
        await write(histogramCounts, viewCounts, responseCounts);
      } catch (error) {
        for (const [minute, counted] of responseCounts) {
          const kept = responses.get(minute) ?? { total: 0, errors: 0 };
          responses.set(minute, { total: kept.total + counted.total, errors: kept.errors + counted.errors });
        }
        // Kept for the next flush: the database coming back later loses nothing counted meanwhile.
        for (const [key, count] of histogramCounts) add(histogram, key, count);
        for (const [key, count] of viewCounts) add(views, key, count);
        logger.warn('vitals.flush_failed', { error: errorMessage(error), keys: histogram.size + views.size });
      }
    });
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    record(beacon, device, day) {
      const connection = beacon.connection ?? 'unknown';
      for (const vital of VITALS) {
        const value = beacon.vitals[vital];
        if (value === undefined) continue;
        const key = [day, beacon.page, device, connection, vital, bucketOf(vital, value)].join(SEPARATOR);
        add(histogram, key, 1);
      }
      if (beacon.view) {
        const key = [day, beacon.page, beacon.view.source ?? '', beacon.view.campaign ?? ''].join(SEPARATOR);
        // A sampled page stands for the visits that did not send: 1 in 10 sent counts as 10 views.
        add(views, key, Math.max(1, Math.round(1 / beacon.rate)));
      }
      if (histogram.size + views.size >= EAGER_FLUSH_KEYS) void flush();
    },
    countResponse(status, minute) {
      const counted = responses.get(minute) ?? { total: 0, errors: 0 };
      responses.set(minute, { total: counted.total + 1, errors: counted.errors + (status >= 500 ? 1 : 0) });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
