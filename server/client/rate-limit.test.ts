import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLeads } from '../db/migrations.ts';
import { openStorage } from '../db/open.ts';
import type { Storage } from '../db/storage.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from '../db/testing/engines.ts';
import { consume, overLimit, pruneRateEvents, record, type RateLimit } from './rate-limit.ts';

describe.each(TEST_ENGINES)('rate limit in the database (%s)', (engine) => {
  let database: TestDatabase;
  let one: Storage;
  let two: Storage;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    one = await openStorage(database.location);
    await migrateLeads(one);
    two = await openStorage(database.location);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('allows max hits per window per key and says how long to wait', async () => {
    const limit: RateLimit = { scope: 'prueba', max: 2, windowMs: 60_000 };
    expect(await overLimit(one, limit, 'a', 0)).toBeUndefined();
    await record(one, limit, 'a', 0);
    await record(two, limit, 'a', 10_000);
    // Both instances see the same count.
    expect(await overLimit(one, limit, 'a', 20_000)).toBe(40);
    expect(await overLimit(two, limit, 'a', 20_000)).toBe(40);
    expect(await overLimit(one, limit, 'b', 20_000)).toBeUndefined();
    expect(await overLimit(one, { ...limit, scope: 'otra' }, 'a', 20_000)).toBeUndefined();
    // The first hit leaves the window at 60 s.
    expect(await overLimit(one, limit, 'a', 60_001)).toBeUndefined();
  });

  it('lets exactly max of a burst through, split over two instances', async () => {
    const limit: RateLimit = { scope: 'ráfaga', max: 5, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, index) => consume(index % 2 ? one : two, limit, 'c', 1000 + index)),
    );
    expect(results.filter((wait) => wait === undefined)).toHaveLength(5);
  });

  it('prunes hits older than every window', async () => {
    const limit: RateLimit = { scope: 'poda', max: 1, windowMs: 1000 };
    await record(one, limit, 'd', 5);
    expect(await pruneRateEvents(one, 100)).toBeGreaterThanOrEqual(1);
    expect(await overLimit(one, limit, 'd', 6)).toBeUndefined();
  });
});
