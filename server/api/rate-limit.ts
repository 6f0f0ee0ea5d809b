/**
 * Accepted submissions per client (keyed by the address hash) in a sliding window, in memory: a restart
 * forgets it, which is acceptable for spam control. `check` never records; `record` is called only for
 * submissions that were accepted, so a visitor fixing a typo is not locked out.
 */
export interface RateLimiter {
  /** Seconds to wait when the key is over the limit, `undefined` when it may submit. */
  check(key: string, now: number): number | undefined;
  record(key: string, now: number): void;
}

export function createRateLimiter(max: number, windowMs: number): RateLimiter {
  const hits = new Map<string, number[]>();
  let lastSweep = 0;

  const recent = (key: string, now: number): number[] => {
    const kept = (hits.get(key) ?? []).filter((time) => time > now - windowMs);
    if (kept.length === 0) hits.delete(key);
    else hits.set(key, kept);
    return kept;
  };

  // Drop idle keys once per window so memory follows active clients only.
  const sweep = (now: number) => {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const key of [...hits.keys()]) recent(key, now);
  };

  return {
    check(key, now) {
      sweep(now);
      const times = recent(key, now);
      if (times.length < max) return undefined;
      const oldest = times[times.length - max] ?? now;
      return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
    },
    record(key, now) {
      const times = recent(key, now);
      times.push(now);
      hits.set(key, times);
    },
  };
}
