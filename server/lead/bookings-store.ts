/**
 * The `bookings` table: the slot each lead booked, one row per taken slot (its UNIQUE index is what keeps
 * two leads off one slot across instances). Works on the storage or inside a transaction. The one place
 * with SQL on `bookings` besides the privacy rights and the migrations (server/table-owners.test.ts).
 */
import type { Queryable } from '../db/storage.ts';

export interface Booking {
  slot: string;
  slotDate: string;
  startsAt: string;
  leadId: number;
  createdAt: string;
  /** Who booked: the client-address hash and the lowercased e-mail, for the daily quotas. */
  clientHash: string;
  email: string;
}

/** A booked slot and whose it is. */
export interface BookedSlot {
  leadId: number;
  /** Mexico City `YYYY-MM-DDTHH:mm`. */
  slot: string;
  startsAt: string;
}

export function createBookingStore(db: Queryable) {
  return {
    /** Throws a `unique` DatabaseError when the slot is already booked. */
    async book(booking: Booking): Promise<void> {
      await db.run(
        'INSERT INTO bookings (slot, slot_date, starts_at, lead_id, created_at, client_hash, email) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          booking.slot,
          booking.slotDate,
          booking.startsAt,
          booking.leadId,
          booking.createdAt,
          booking.clientHash,
          booking.email,
        ],
      );
    },
    async isBooked(slot: string): Promise<boolean> {
      return (await db.get('SELECT 1 AS taken FROM bookings WHERE slot = $1', [slot])) !== undefined;
    },
    /** Booked times (`HH:mm`) of a Mexico City date. */
    async bookedTimes(date: string): Promise<Set<string>> {
      const rows = await db.all<{ slot: string }>('SELECT slot FROM bookings WHERE slot_date = $1', [date]);
      return new Set(rows.map((row) => row.slot.slice(11)));
    },
    /** Bookings made since `since` (ISO time) by one client address and by one e-mail. */
    async recentBookings(
      clientHash: string,
      email: string,
      since: string,
    ): Promise<{ byClient: number; byEmail: number }> {
      const row = await db.get<{ by_client: number; by_email: number }>(
        `SELECT
           (SELECT count(*) FROM bookings WHERE client_hash = $1 AND created_at >= $3) AS by_client,
           (SELECT count(*) FROM bookings WHERE email = $2 AND created_at >= $3) AS by_email`,
        [clientHash, email, since],
      );
      return { byClient: row?.by_client ?? 0, byEmail: row?.by_email ?? 0 };
    },
    /** Moves a lead's booking to another slot; false when the lead has none (cancelled meanwhile). */
    async move(leadId: number, to: { slot: string; slotDate: string; startsAt: string }): Promise<boolean> {
      const updated = await db.run('UPDATE bookings SET slot = $1, slot_date = $2, starts_at = $3 WHERE lead_id = $4', [
        to.slot,
        to.slotDate,
        to.startsAt,
        leadId,
      ]);
      return updated.changes > 0;
    },
    /** Hands a lead's booking to another lead (a merge). */
    async reassign(fromLeadId: number, toLeadId: number): Promise<void> {
      await db.run('UPDATE bookings SET lead_id = $1 WHERE lead_id = $2', [toLeadId, fromLeadId]);
    },
    /** Frees a lead's slot. */
    async release(leadId: number): Promise<void> {
      await db.run('DELETE FROM bookings WHERE lead_id = $1', [leadId]);
    },
    /** The slot a lead holds, if any. */
    async slotOf(leadId: number): Promise<string | undefined> {
      return (await db.get<{ slot: string }>('SELECT slot FROM bookings WHERE lead_id = $1', [leadId]))?.slot;
    },
    /** Booked slots without a meeting record (booked before meetings had one), oldest first. */
    async withoutMeeting(limit: number): Promise<BookedSlot[]> {
      return (
        await db.all<{ lead_id: number; slot: string; starts_at: string }>(
          `SELECT b.lead_id, b.slot, b.starts_at FROM bookings b LEFT JOIN meetings m ON m.lead_id = b.lead_id
           WHERE m.id IS NULL ORDER BY b.id LIMIT $1`,
          [limit],
        )
      ).map((row) => ({ leadId: row.lead_id, slot: row.slot, startsAt: row.starts_at }));
    },
  };
}
