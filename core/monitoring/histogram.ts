/**
 * Field measurements kept as histograms: a value falls in a bucket whose bounds grow by 5 % each, so a
 * percentile read back from the counts is within about 2.5 % of the exact one, and a day of a page costs a
 * bounded number of rows (one per bucket used) however many visits it had. Values are the browser's own
 * units (milliseconds; CLS bare); CLS is scaled to thousandths first so its small values get buckets too.
 */
import type { Vital } from './levels.ts';

const RATIO = 1.05;
const LOG_RATIO = Math.log(RATIO);

/** The largest value kept per vital, in the browser's units: anything above is a broken measurement. */
export const VITAL_MAX: Readonly<Record<Vital, number>> = {
  lcp: 120_000,
  inp: 60_000,
  cls: 50,
  fcp: 120_000,
  ttfb: 120_000,
};

const SCALE: Readonly<Record<Vital, number>> = { lcp: 1, inp: 1, cls: 1000, fcp: 1, ttfb: 1 };

/** Bucket 0 holds [0, 1) scaled units; bucket n ≥ 1 holds [RATIO^(n-1), RATIO^n). */
export function bucketOf(vital: Vital, value: number): number {
  const scaled = value * SCALE[vital];
  if (scaled < 1) return 0;
  return Math.floor(Math.log(scaled) / LOG_RATIO) + 1;
}

/** The value that stands for a bucket: the geometric middle of its bounds, in the browser's units. */
export function bucketValue(vital: Vital, bucket: number): number {
  if (bucket <= 0) return 0.5 / SCALE[vital];
  return RATIO ** (bucket - 0.5) / SCALE[vital];
}

/** Highest bucket a vital can reach. */
export function maxBucket(vital: Vital): number {
  return bucketOf(vital, VITAL_MAX[vital]);
}

/**
 * The `fraction` percentile (0.75 for p75) of the values counted in `buckets` (bucket → count), by nearest
 * rank as `exactPercentile` reads it; `undefined` when nothing was counted.
 */
export function percentileFromBuckets(
  vital: Vital,
  buckets: ReadonlyMap<number, number>,
  fraction: number,
): number | undefined {
  let total = 0;
  for (const count of buckets.values()) total += count;
  if (total === 0) return undefined;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (const bucket of [...buckets.keys()].sort((a, b) => a - b)) {
    seen += buckets.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(vital, bucket);
  }
  return undefined;
}

/** The exact nearest-rank percentile of raw samples (what the histogram approximates). */
export function exactPercentile(samples: readonly number[], fraction: number): number | undefined {
  if (samples.length === 0) return undefined;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1];
}
