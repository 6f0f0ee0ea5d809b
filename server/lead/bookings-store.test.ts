import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, type Storage } from '../db/storage.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { createBookingStore, type Booking } from './bookings-store.ts';
import { createLeadStore } from './store.ts';
import { insertTestLead, openTestStorage } from '../testing/storage.ts';

const booking = (leadId: number, slot: string, overrides: Partial<Booking> = {}): Booking => ({
  slot,
  slotDate: slot.slice(0, 10),
  startsAt: `${slot}:00.000Z`,
  leadId,
  createdAt: '2026-11-23T14:00:00.000Z',
  clientHash: 'cliente-a',
  email: 'ana@empresa.mx',
  ...overrides,
});

describe.each(TEST_ENGINES)('the bookings store (%s)', (engine) => {
  let close: () => Promise<void>;
  let storage: Storage;
  const leads: number[] = [];

  beforeAll(async () => {
    ({ storage, close } = await openTestStorage(engine));
    for (const name of ['Ana', 'Beto', 'Carla']) {
      leads.push(
        await insertTestLead(storage, { name, email: `${name.toLowerCase()}@empresa.mx`, clientHash: 'cliente-a' }),
      );
    }
  });

  afterAll(() => close());

  it('books a slot once: a second lead on the same slot is a unique violation', async () => {
    const [ana = 0, beto = 0] = leads;
    const bookings = createBookingStore(storage);
    await bookings.book(booking(ana, '2026-11-24T10:00'));
    const second = await bookings.book(booking(beto, '2026-11-24T10:00')).catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
    expect(await bookings.isBooked('2026-11-24T10:00')).toBe(true);
    expect(await bookings.isBooked('2026-11-24T11:00')).toBe(false);
    expect([...(await bookings.bookedTimes('2026-11-24'))]).toEqual(['10:00']);
    expect(await bookings.slotOf(ana)).toBe('2026-11-24T10:00');
    expect(await bookings.slotOf(beto)).toBeUndefined();
  });

  it('counts the day quotas by address and by e-mail since a time', async () => {
    const [, beto = 0] = leads;
    const bookings = createBookingStore(storage);
    await bookings.book(booking(beto, '2026-11-24T12:00', { clientHash: 'cliente-b', email: 'beto@empresa.mx' }));
    expect(await bookings.recentBookings('cliente-a', 'beto@empresa.mx', '2026-11-23T00:00:00.000Z')).toEqual({
      byClient: 1,
      byEmail: 1,
    });
    expect(await bookings.recentBookings('cliente-a', 'nadie@empresa.mx', '2026-11-24T00:00:00.000Z')).toEqual({
      byClient: 0,
      byEmail: 0,
    });
  });

  it('lists the slots without a meeting, oldest booking first', async () => {
    const [ana = 0, beto = 0] = leads;
    const bookings = createBookingStore(storage);
    expect(await bookings.withoutMeeting(10)).toEqual([
      { leadId: ana, slot: '2026-11-24T10:00', startsAt: '2026-11-24T10:00:00.000Z' },
      { leadId: beto, slot: '2026-11-24T12:00', startsAt: '2026-11-24T12:00:00.000Z' },
    ]);
    expect(await bookings.withoutMeeting(1)).toHaveLength(1);
  });

  it('moves, hands over and frees a booking; the lead shows the slot it is given', async () => {
    const [ana = 0, beto = 0, carla = 0] = leads;
    await storage.transaction(async (tx) => {
      const bookings = createBookingStore(tx);
      expect(
        await bookings.move(ana, { slot: '2026-11-25T09:00', slotDate: '2026-11-25', startsAt: '2026-11-25T15:00Z' }),
      ).toBe(true);
      expect(
        await bookings.move(carla, { slot: '2026-11-25T10:00', slotDate: '2026-11-25', startsAt: '2026-11-25T16:00Z' }),
      ).toBe(false);
      await bookings.reassign(beto, carla);
      await createLeadStore(tx).setAppointment(carla, '2026-11-24T12:00');
    });
    const bookings = createBookingStore(storage);
    expect(await bookings.bookedTimes('2026-11-24')).toEqual(new Set(['12:00']));
    expect(await bookings.slotOf(ana)).toBe('2026-11-25T09:00');
    expect(await bookings.slotOf(carla)).toBe('2026-11-24T12:00');
    expect((await createLeadStore(storage).get(carla))?.appointment).toBe('2026-11-24T12:00');
    await bookings.release(carla);
    await createLeadStore(storage).setAppointment(carla, null);
    expect(await bookings.isBooked('2026-11-24T12:00')).toBe(false);
    expect((await createLeadStore(storage).get(carla))?.appointment).toBeUndefined();
    expect(await createLeadStore(storage).exists(carla)).toBe(true);
    expect(await createLeadStore(storage).exists(carla + 1000)).toBe(false);
  });
});
