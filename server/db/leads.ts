/** Stored enquiries and booked slots. Works on the storage or inside a transaction (`tx`). */
import type { FormType } from '../../core/forms/kinds.ts';
import type { Queryable } from './storage.ts';

export interface NewLead {
  formType: FormType;
  serviceType: string | undefined;
  name: string;
  email: string;
  company: string | undefined;
  phone: string | undefined;
  /** Mexico City slot `YYYY-MM-DDTHH:mm`, when one was booked. */
  appointment: string | undefined;
  /** Every parsed field. */
  fields: Readonly<Record<string, string | undefined>>;
  originPage: string;
  receivedAt: string;
  clientHash: string;
}

export interface StoredLead extends NewLead {
  id: number;
}

interface LeadRow {
  id: number;
  form_type: number;
  service_type: string | null;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  appointment: string | null;
  fields: string;
  origin_page: string;
  received_at: string;
  client_hash: string;
}

const orUndefined = (value: string | null): string | undefined => value ?? undefined;

function fromRow(row: LeadRow): StoredLead {
  return {
    id: row.id,
    formType: row.form_type as FormType,
    serviceType: orUndefined(row.service_type),
    name: row.name,
    email: row.email,
    company: orUndefined(row.company),
    phone: orUndefined(row.phone),
    appointment: orUndefined(row.appointment),
    fields: JSON.parse(row.fields) as Record<string, string>,
    originPage: row.origin_page,
    receivedAt: row.received_at,
    clientHash: row.client_hash,
  };
}

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

/** Rows read per round trip when streaming every lead. */
const PAGE_SIZE = 500;

export function createLeadStore(db: Queryable) {
  return {
    async insert(lead: NewLead): Promise<number> {
      const row = await db.get<{ id: number }>(
        `INSERT INTO leads (form_type, service_type, name, email, company, phone, appointment, fields, origin_page, received_at, client_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [
          lead.formType,
          lead.serviceType ?? null,
          lead.name,
          lead.email,
          lead.company ?? null,
          lead.phone ?? null,
          lead.appointment ?? null,
          JSON.stringify(lead.fields),
          lead.originPage,
          lead.receivedAt,
          lead.clientHash,
        ],
      );
      return Number(row?.id);
    },
    /** Throws `UniqueViolationError` when the slot is already booked. */
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
    async count(): Promise<number> {
      return (await db.get<{ n: number }>('SELECT count(*) AS n FROM leads'))?.n ?? 0;
    },
    async get(id: number): Promise<StoredLead | undefined> {
      const row = await db.get<LeadRow>('SELECT * FROM leads WHERE id = $1', [id]);
      return row ? fromRow(row) : undefined;
    },
    /** Every lead, oldest first, a page at a time (memory stays flat however many there are). */
    async *all(): AsyncGenerator<StoredLead> {
      let after = 0;
      for (;;) {
        const rows = await db.all<LeadRow>('SELECT * FROM leads WHERE id > $1 ORDER BY id LIMIT $2', [
          after,
          PAGE_SIZE,
        ]);
        for (const row of rows) yield fromRow(row);
        if (rows.length < PAGE_SIZE) return;
        after = Number(rows[rows.length - 1]?.id);
      }
    },
    /** Highest id handed out so far (0 when none). */
    async lastId(): Promise<number> {
      return (await db.get<{ id: number | null }>('SELECT max(id) AS id FROM leads'))?.id ?? 0;
    },
  };
}

export type LeadStore = ReturnType<typeof createLeadStore>;
