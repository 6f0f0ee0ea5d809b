/**
 * The `leads` table: stored enquiries. Works on the storage or inside a transaction (`tx`). `leadFromRow`
 * is the one reader of a `leads` row: the inbox's queries and the end-to-end tests read rows through it too.
 * SQL on `leads` lives in this folder's stores only (server/table-owners.test.ts); the rest of the server
 * calls them.
 */
import { z } from 'zod';
import type { Attribution } from '../../core/attribution.ts';
import { kindOfFormType, LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import type { Lead } from './model.ts';
import { attributionColumn } from './attribution-store.ts';
import { leadSearchText } from './search.ts';
import { jsonText, optionalText, rowParser } from '../db/rows.ts';
import type { Queryable } from '../db/storage.ts';

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
    async count(): Promise<number> {
      return (await db.get<{ n: number }>('SELECT count(*) AS n FROM leads'))?.n ?? 0;
    },
    async exists(id: number): Promise<boolean> {
      return (await db.get('SELECT 1 AS found FROM leads WHERE id = $1', [id])) !== undefined;
    },
    /** The slot shown with the lead (`null`: none booked); the booking itself is in ./bookings-store.ts. */
    async setAppointment(id: number, slot: string | null): Promise<void> {
      await db.run('UPDATE leads SET appointment = $1 WHERE id = $2', [slot, id]);
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
