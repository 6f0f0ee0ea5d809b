import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  it('allows max hits per window per key and says how long to wait', () => {
    const limiter = createRateLimiter(2, 60_000);
    expect(limiter.check('a', 0)).toBeUndefined();
    limiter.record('a', 0);
    limiter.record('a', 10_000);
    expect(limiter.check('a', 20_000)).toBe(40);
    expect(limiter.check('b', 20_000)).toBeUndefined();
    // The first hit leaves the window at 60 s.
    expect(limiter.check('a', 60_001)).toBeUndefined();
  });
});
