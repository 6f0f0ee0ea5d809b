import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage } from './open.ts';
import { createOutboxStore } from './outbox.ts';
import type { Storage } from './storage.ts';
import { TEST_ENGINES } from './testing/engines.ts';
import { insertTestLead, openTestStorage } from '../testing/storage.ts';

describe.each(TEST_ENGINES)('outbox leases (%s)', (engine) => {
  let storage: Storage;
  let close: () => Promise<void>;
  let other: Storage;
  beforeAll(async () => {
    const opened = await openTestStorage(engine);
    ({ storage, close } = opened);
    other = await openStorage(opened.database.location);
    const leadId = await insertTestLead(storage);
    const outbox = createOutboxStore(storage);
    for (let index = 0; index < 40; index += 1) {
      await outbox.enqueue({
        leadId,
        audience: 'client',
        recipient: 'ana@empresa.mx',
        subject: `m${index}`,
        message: '{}',
        messageId: `<m${index}@x>`,
        now: '2026-11-23T14:00:00.000Z',
      });
    }
  });
  afterAll(async () => {
    await other?.close();
    await close?.();
  });

  it('gives each due message to one claimant only, however many claim at once', async () => {
    const now = '2026-11-23T15:00:00.000Z';
    const until = '2026-11-23T15:05:00.000Z';
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createOutboxStore(index % 2 ? storage : other).claim(`w${index}`, now, until, 7),
      ),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('lets a holder renew its lease, and tells it when the lease went to someone else', async () => {
    const outbox = createOutboxStore(storage);
    const [row] = await outbox.forLead(1);
    const holder = (await storage.get<{ lease_owner: string }>('SELECT lease_owner FROM outbox WHERE id = $1', [
      row!.id,
    ]))!.lease_owner;
    expect(await outbox.renew(row!.id, holder, '2026-11-23T15:10:00.000Z')).toBe(true);
    // The lease runs out: a claim alone does not take it; the expired leases come back after a grace
    // (their holder may be alive and about to record a send), and then another worker claims them.
    expect(await outbox.claim('nuevo', '2026-11-23T15:20:00.000Z', '2026-11-23T15:25:00.000Z', 100)).toEqual([]);
    expect(await outbox.reclaimExpired('2026-11-23T15:20:00.000Z', '2026-11-23T15:20:05.000Z')).toBe(40);
    expect(await outbox.renew(row!.id, holder, '2026-11-23T15:30:00.000Z')).toBe(false);
    expect(await outbox.claim('nuevo', '2026-11-23T15:20:01.000Z', '2026-11-23T15:25:00.000Z', 100)).toEqual([]);
    expect((await outbox.claim('nuevo', '2026-11-23T15:20:05.000Z', '2026-11-23T15:25:00.000Z', 100)).length).toBe(40);
    expect(await outbox.renew(row!.id, 'nuevo', '2026-11-23T15:30:00.000Z')).toBe(true);
  });
});
