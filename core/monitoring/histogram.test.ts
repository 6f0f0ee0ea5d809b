import { describe, expect, it } from 'vitest';
import { bucketOf, bucketValue, exactPercentile, maxBucket, percentileFromBuckets } from './histogram.ts';
import { VITALS, type Vital } from './levels.ts';

/** A repeatable stream of numbers in [0, 1) (no Math.random: a failure must reproduce). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function histogramOf(vital: Vital, samples: readonly number[]): Map<number, number> {
  const buckets = new Map<number, number>();
  for (const value of samples) buckets.set(bucketOf(vital, value), (buckets.get(bucketOf(vital, value)) ?? 0) + 1);
  return buckets;
}

describe('vitals histograms', () => {
  it.each([
    ['lcp', 2500, 0.8],
    ['inp', 180, 1.2],
    ['cls', 0.08, 1.5],
    ['fcp', 1500, 0.6],
    ['ttfb', 600, 0.9],
  ] as const)('%s: p75 read from the buckets is within 3 %% of the exact p75', (vital, median, spread) => {
    const random = seeded(vital.length * 7919 + Math.round(median));
    for (const size of [1, 7, 50, 1000, 20_000]) {
      // Log-normal samples, the shape field timings have.
      const samples = Array.from({ length: size }, () => {
        const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
        return median * Math.exp(spread * normal);
      });
      const exact = exactPercentile(samples, 0.75) ?? Number.NaN;
      const approximate = percentileFromBuckets(vital, histogramOf(vital, samples), 0.75) ?? Number.NaN;
      expect(Math.abs(approximate - exact) / exact, `${vital} with ${size} samples`).toBeLessThan(0.03);
    }
  });

  it('reads a bimodal page (fast visits and very slow ones) at the right mode', () => {
    const samples = [...Array.from({ length: 70 }, () => 900), ...Array.from({ length: 30 }, () => 6000)];
    const p75 = percentileFromBuckets('lcp', histogramOf('lcp', samples), 0.75) ?? 0;
    expect(exactPercentile(samples, 0.75)).toBe(6000);
    expect(Math.abs(p75 - 6000) / 6000).toBeLessThan(0.03);
  });

  it('keeps the number of buckets bounded whatever the visits', () => {
    for (const vital of VITALS) {
      expect(maxBucket(vital)).toBeLessThan(400);
      expect(bucketOf(vital, 0)).toBe(0);
    }
    expect(percentileFromBuckets('lcp', new Map(), 0.75)).toBeUndefined();
    expect(exactPercentile([], 0.75)).toBeUndefined();
    // Zero stays near zero: a page with CLS 0 everywhere reads "excellent", not a made-up shift.
    expect(bucketValue('cls', 0)).toBeLessThan(0.001);
  });
});
