/** Stored enquiries and booked slots. Statements are prepared once per database. */
import type { FormType } from '../../core/forms/kinds.ts';
import type { Database } from './database.ts';

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
}

export function createLeadStore(db: Database) {
  const insertLead = db.prepare(`
    INSERT INTO leads (form_type, service_type, name, email, company, phone, appointment, fields, origin_page, received_at, client_hash)
    VALUES ($formType, $serviceType, $name, $email, $company, $phone, $appointment, $fields, $originPage, $receivedAt, $clientHash)
  `);
  const insertBooking = db.prepare(`
    INSERT INTO bookings (slot, slot_date, starts_at, lead_id, created_at)
    VALUES ($slot, $slotDate, $startsAt, $leadId, $createdAt)
  `);
  const selectBookedTimes = db.prepare('SELECT slot FROM bookings WHERE slot_date = ?');
  const selectSlotTaken = db.prepare('SELECT 1 FROM bookings WHERE slot = ?');
  const countLeads = db.prepare('SELECT count(*) AS n FROM leads');
  const selectLeads = db.prepare('SELECT * FROM leads ORDER BY id');
  const selectLead = db.prepare('SELECT * FROM leads WHERE id = ?');
  const selectLastId = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'leads'");

  return {
    insert(lead: NewLead): number {
      const result = insertLead.run({
        formType: lead.formType,
        serviceType: lead.serviceType ?? null,
        name: lead.name,
        email: lead.email,
        company: lead.company ?? null,
        phone: lead.phone ?? null,
        appointment: lead.appointment ?? null,
        fields: JSON.stringify(lead.fields),
        originPage: lead.originPage,
        receivedAt: lead.receivedAt,
        clientHash: lead.clientHash,
      });
      return Number(result.lastInsertRowid);
    },
    /** Throws a UNIQUE constraint error when the slot is already booked. */
    book(booking: Booking): void {
      insertBooking.run({ ...booking });
    },
    isBooked(slot: string): boolean {
      return selectSlotTaken.get(slot) !== undefined;
    },
    /** Booked times (`HH:mm`) of a Mexico City date. */
    bookedTimes(date: string): Set<string> {
      const rows = selectBookedTimes.all(date) as Array<{ slot: string }>;
      return new Set(rows.map((row) => row.slot.slice(11)));
    },
    count(): number {
      return (countLeads.get() as { n: number }).n;
    },
    get(id: number): StoredLead | undefined {
      const row = selectLead.get(id) as LeadRow | undefined;
      return row ? fromRow(row) : undefined;
    },
    /** Every lead, oldest first, one row at a time. */
    *all(): Generator<StoredLead> {
      for (const row of selectLeads.iterate() as Iterable<LeadRow>) yield fromRow(row);
    },
    /** Highest id handed out so far (0 when none). */
    lastId(): number {
      const row = selectLastId.get() as { seq: number } | undefined;
      return row?.seq ?? 0;
    },
  };
}

export type LeadStore = ReturnType<typeof createLeadStore>;
