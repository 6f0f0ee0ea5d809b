/**
 * The `leads` and `bookings` rows as the personal-data code reads and writes them (server/privacy/): a
 * person's leads by e-mail or phone, a lead's contact data and its correction, the columns derived from it,
 * and the leads the retention limit reached. The registry-driven erasure itself goes through every table
 * alike (server/privacy/erase.ts) and stays there.
 */
import type { Queryable, Row } from '../db/storage.ts';

/** What names a lead's person: its contact columns and the address hash it came from. */
export interface LeadIdentity {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  client_hash: string;
}

const IDENTITY = 'id, name, email, phone, client_hash';

const numbered = (count: number, offset = 0) =>
  Array.from({ length: count }, (_, index) => `$${offset + index + 1}`).join(', ');

/** The phone column with its separators removed, in SQL both engines run. */
function digitsSql(column: string): string {
  return ['+', ' ', '-', '(', ')', '.'].reduce(
    (sql, separator) => `replace(${sql}, '${separator}', '')`,
    `COALESCE(${column}, '')`,
  );
}

/** Leads not anonymised yet sent with a phone ending in these digits, whatever e-mail they carry. */
export function leadsByPhoneDigits(db: Queryable, digits: string): Promise<LeadIdentity[]> {
  return db.all<LeadIdentity>(
    `SELECT ${IDENTITY} FROM leads WHERE anonymised_at IS NULL AND ${digitsSql('phone')} LIKE $1 ORDER BY id`,
    [`%${digits}`],
  );
}

/** Leads not anonymised yet sent with this e-mail (already normalised). */
export function leadsByEmail(db: Queryable, email: string): Promise<LeadIdentity[]> {
  return db.all<LeadIdentity>(
    `SELECT ${IDENTITY} FROM leads WHERE lower(email) = $1 AND anonymised_at IS NULL ORDER BY id`,
    [email],
  );
}

export async function leadIdentities(db: Queryable, leadIds: readonly number[]): Promise<LeadIdentity[]> {
  if (leadIds.length === 0) return [];
  return db.all<LeadIdentity>(`SELECT ${IDENTITY} FROM leads WHERE id IN (${numbered(leadIds.length)})`, [...leadIds]);
}

/** A lead's contact data as the forms ask it, its fields JSON and whether it was anonymised. */
export interface LeadContactRow {
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  fields: string;
  received_at: string;
  anonymised_at: string | null;
}

export function leadContact(db: Queryable, leadId: number): Promise<LeadContactRow | undefined> {
  return db.get<LeadContactRow>(
    'SELECT name, email, company, phone, fields, received_at, anonymised_at FROM leads WHERE id = $1',
    [leadId],
  );
}

/** A corrected contact: the columns, the fields JSON, and the bookings' address when it changed. */
export async function writeLeadContact(
  db: Queryable,
  leadId: number,
  contact: { name: string; email: string; company: string | null; phone: string | null; fields: string },
  bookingsEmail: string | undefined,
): Promise<void> {
  await db.run('UPDATE leads SET name = $1, email = $2, company = $3, phone = $4, fields = $5 WHERE id = $6', [
    contact.name,
    contact.email,
    contact.company,
    contact.phone,
    contact.fields,
    leadId,
  ]);
  if (bookingsEmail !== undefined)
    await db.run('UPDATE bookings SET email = $1 WHERE lead_id = $2', [bookingsEmail, leadId]);
}

/** The whole row, for the columns computed from it (./store.ts `leadFromRow` reads it). */
export function leadRow(db: Queryable, leadId: number): Promise<Row | undefined> {
  return db.get('SELECT * FROM leads WHERE id = $1', [leadId]);
}

/** The fields JSON and the columns computed from it: search text and score. */
export async function writeLeadDerived(
  db: Queryable,
  leadId: number,
  derived: { fields: string; searchText: string; score: number },
): Promise<void> {
  await db.run('UPDATE leads SET fields = $1, search_text = $2, score = $3 WHERE id = $4', [
    derived.fields,
    derived.searchText,
    derived.score,
    leadId,
  ]);
}

/**
 * Leads whose last sign of life is at or before `cutoff`, and not anonymised yet (at most `limit`). A sign of
 * life is any of: received, status or note in the inbox, an e-mail queued for it (the inbox's, a meeting's),
 * a deal or next step changed, a meeting booked, moved or cancelled (by the client too). A lead with an open
 * next step or a meeting still to come is never expired, however old: someone is still working it.
 */
export async function expiredLeadIds(db: Queryable, cutoff: string, now: string, limit: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    `SELECT l.id FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE l.anonymised_at IS NULL AND l.received_at <= $1 AND (s.updated_at IS NULL OR s.updated_at <= $1)
       AND NOT EXISTS (SELECT 1 FROM inbox_lead_events e WHERE e.lead_id = l.id AND e.at > $1)
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.lead_id = l.id AND b.starts_at > $1)
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.lead_id = l.id AND o.created_at > $1)
       AND NOT EXISTS (SELECT 1 FROM pipeline_events p WHERE p.lead_id = l.id AND p.at > $1)
       AND NOT EXISTS (
         SELECT 1 FROM pipeline_deals d WHERE d.lead_id = l.id
           AND (d.activity_at > $1 OR d.updated_at > $1 OR (d.next_step IS NOT NULL AND d.next_step <> ''))
       )
       AND NOT EXISTS (SELECT 1 FROM meeting_events m WHERE m.lead_id = l.id AND m.at > $1)
       AND NOT EXISTS (
         SELECT 1 FROM meetings m WHERE m.lead_id = l.id
           AND (m.updated_at > $1 OR (m.status = 'scheduled' AND m.starts_at > $3))
       )
     ORDER BY l.id LIMIT $2`,
    [cutoff, limit, now],
  );
  return rows.map((row) => row.id);
}
