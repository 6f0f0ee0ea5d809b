/**
 * The `leads` and `bookings` tables: stored enquiries and booked slots. Works on the storage or inside a
 * transaction (`tx`). `leadFromRow` is the one reader of a `leads` row: the inbox's queries and the
 * end-to-end tests read rows through it too.
 */
import { z } from 'zod';
import type { Attribution } from '../../core/attribution.ts';
import { kindOfFormType, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import type { Lead } from '../lead/model.ts';
import { attributionColumn } from './attribution.ts';
import { leadSearchText } from '../lead/search.ts';
import { jsonText, optionalText, rowParser } from './rows.ts';
import type { Queryable } from './storage.ts';

export interface NewLead {
  kind: LeadKind;
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
  /** The lead's score, for sorting the inbox (server/lead/analysis.ts); the inbox computes it when absent. */
  score?: number;
  /**
   * The language the lead arrived in (an active code of content/languages.yaml); absent for leads stored
   * before the site had a second language, which all arrived in the default one.
   */
  language?: string | undefined;
}

/** A lead as stored: the lead itself and the columns kept beside its fields for search and quotas. */
export interface StoredLead extends NewLead, Lead {
  id: number;
  /** Where the visit came from (landing page, referrer, campaign), when the site sent it. */
  attribution?: Attribution | undefined;
}

/** The stored `form_type` read as its kind (the table's CHECK keeps it to the known numbers). */
export const formTypeColumn = z.number().transform((formType, context) => {
  const kind = kindOfFormType(formType);
  if (kind === undefined) {
    context.addIssue({ code: 'custom', message: `form_type ${formType} no es un tipo de formulario` });
    return z.NEVER;
  }
  return kind;
});

/** `fields`: the submission as a JSON object of texts. */
export const fieldsColumn = jsonText(z.record(z.string(), z.string(), { error: 'se espera un objeto de textos' }));

const leadRow = z
  .object({
    id: z.number().int(),
    form_type: formTypeColumn,
    service_type: optionalText,
    name: z.string(),
    email: z.string(),
    company: optionalText,
    phone: optionalText,
    appointment: optionalText,
    fields: fieldsColumn,
    origin_page: z.string(),
    received_at: z.string(),
    client_hash: z.string(),
    attribution: attributionColumn,
    language: optionalText,
  })
  .transform((row): StoredLead => ({
    id: row.id,
    kind: row.form_type,
    serviceType: row.service_type,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    appointment: row.appointment,
    fields: row.fields,
    originPage: row.origin_page,
    receivedAt: row.received_at,
    clientHash: row.client_hash,
    attribution: row.attribution,
    language: row.language,
  }));

/** A `leads` row (`SELECT *` or at least its columns) as a stored lead; throws a `row` DatabaseError on a bad row. */
export const leadFromRow = rowParser('leads', leadRow);

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
        `INSERT INTO leads (form_type, service_type, name, email, company, phone, appointment, fields, origin_page, received_at, client_hash, search_text, score, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [
          LEAD_KINDS[lead.kind].formType,
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
          leadSearchText(lead),
          lead.score ?? null,
          lead.language ?? null,
        ],
      );
      return Number(row?.id);
    },
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
    async count(): Promise<number> {
      return (await db.get<{ n: number }>('SELECT count(*) AS n FROM leads'))?.n ?? 0;
    },
    async get(id: number): Promise<StoredLead | undefined> {
      const row = await db.get('SELECT * FROM leads WHERE id = $1', [id]);
      return row ? leadFromRow(row) : undefined;
    },
    /** Every lead, oldest first, a page at a time (memory stays flat however many there are). */
    async *all(): AsyncGenerator<StoredLead> {
      let after = 0;
      for (;;) {
        const rows = (await db.all('SELECT * FROM leads WHERE id > $1 ORDER BY id LIMIT $2', [after, PAGE_SIZE])).map(
          leadFromRow,
        );
        yield* rows;
        if (rows.length < PAGE_SIZE) return;
        after = rows[rows.length - 1]?.id ?? after;
      }
    },
    /** Highest id handed out so far (0 when none). */
    async lastId(): Promise<number> {
      return (await db.get<{ id: number | null }>('SELECT max(id) AS id FROM leads'))?.id ?? 0;
    },
  };
}
