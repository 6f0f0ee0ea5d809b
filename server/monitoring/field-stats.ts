/**
 * The field vitals read back: bucket counts summed over a range of days and pooled by page type and device,
 * then the p75 of each pool from its histogram (core/monitoring/histogram.ts) and its status against the
 * thresholds, "sin dato" while a pool has fewer than the minimum samples.
 */
import { percentileFromBuckets } from '../../core/monitoring/histogram.ts';
import { statusFor, VITAL_MS_PER_UNIT, VITALS, type Vital } from '../../core/monitoring/levels.ts';
import type { Status } from '../../core/monitoring/status.ts';
import type { Queryable } from '../db/storage.ts';
import { pageTypeOf, type PageType } from './page-types.ts';

export type DeviceOrAll = 'phone' | 'tablet' | 'desktop' | 'all';

export interface VitalSummary {
  samples: number;
  /** In the thresholds' unit (seconds for LCP, milliseconds for INP…); undefined without samples. */
  p75: number | undefined;
  /** `undefined`: fewer samples than the minimum ("sin dato"). */
  status: Status | undefined;
}

/** Pools keyed `pageType|device|vital`; `all` pools every device of the type. */
export type FieldPools = Map<string, Map<number, number>>;

export const poolKey = (type: PageType, device: DeviceOrAll, vital: Vital) => `${type}|${device}|${vital}`;

interface HistogramRow {
  page: string;
  device: string;
  metric: string;
  bucket: number;
  n: number;
}

const isVital = (value: string): value is Vital => (VITALS as readonly string[]).includes(value);

export async function loadPools(db: Queryable, fromDay: string, toDay: string): Promise<FieldPools> {
  const rows = await db.all<HistogramRow>(
    `SELECT page, device, metric, bucket, sum(count) AS n FROM vitals_histogram
     WHERE day >= $1 AND day <= $2 GROUP BY page, device, metric, bucket`,
    [fromDay, toDay],
  );
  const pools: FieldPools = new Map();
  for (const row of rows) {
    if (!isVital(row.metric)) continue;
    const type = pageTypeOf(row.page);
    for (const device of [row.device as DeviceOrAll, 'all' as const]) {
      const key = poolKey(type, device, row.metric);
      const pool = pools.get(key) ?? new Map<number, number>();
      pool.set(row.bucket, (pool.get(row.bucket) ?? 0) + row.n);
      pools.set(key, pool);
    }
  }
  return pools;
}

export function summarise(
  pool: ReadonlyMap<number, number> | undefined,
  vital: Vital,
  minSamples: number,
): VitalSummary {
  let samples = 0;
  for (const count of pool?.values() ?? []) samples += count;
  const raw = pool ? percentileFromBuckets(vital, pool, 0.75) : undefined;
  const p75 = raw === undefined ? undefined : raw / VITAL_MS_PER_UNIT[vital];
  return { samples, p75, status: p75 !== undefined && samples >= minSamples ? statusFor(vital, p75) : undefined };
}

/** p75 per day of one page type and vital (all devices), for the trend chart. */
export async function dailyP75(
  db: Queryable,
  vital: Vital,
  type: PageType,
  fromDay: string,
  toDay: string,
): Promise<Array<{ day: string; p75: number; samples: number }>> {
  const rows = await db.all<{ day: string; page: string; bucket: number; n: number }>(
    `SELECT day, page, bucket, sum(count) AS n FROM vitals_histogram
     WHERE metric = $1 AND day >= $2 AND day <= $3 GROUP BY day, page, bucket`,
    [vital, fromDay, toDay],
  );
  const byDay = new Map<string, Map<number, number>>();
  for (const row of rows) {
    if (pageTypeOf(row.page) !== type) continue;
    const pool = byDay.get(row.day) ?? new Map<number, number>();
    pool.set(row.bucket, (pool.get(row.bucket) ?? 0) + row.n);
    byDay.set(row.day, pool);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, pool]) => {
      const summary = summarise(pool, vital, 1);
      return { day, p75: summary.p75 ?? 0, samples: summary.samples };
    });
}
