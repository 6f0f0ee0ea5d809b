/**
 * Reads of `leads` joined with the sales inbox's tables (its status, assignee and merges): the meetings
 * page, the calendar feeds, the lost reasons, the reply matcher and the dashboard's reference rows. They
 * return rows; the inbox parses them into its own shapes (this folder sits below it and cannot import them).
 */
import type { Queryable, Row } from '../db/storage.ts';

/**
 * Booked meetings from `fromSlot` to `toSlot` (Mexico City `YYYY-MM-DDTHH:mm`), soonest first, with the
 * lead, its status and its assignee (columns slot, id, form_type, name, company, fields, status,
 * assignee_name). A booking left on a merged lead shows under the kept lead.
 */
export function upcomingMeetingRows(db: Queryable, fromSlot: string, toSlot: string): Promise<Row[]> {
  return db.all(
    `SELECT b.slot, l.id, l.form_type, l.name, l.company, l.fields, s.status, a.name AS assignee_name
     FROM bookings b
       LEFT JOIN pipeline_merges pm ON pm.lead_id = b.lead_id
       JOIN leads l ON l.id = COALESCE(pm.into_id, b.lead_id)
       LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
       LEFT JOIN inbox_users a ON a.id = s.assignee_id
     WHERE b.slot >= $1 AND b.slot <= $2 ORDER BY b.slot LIMIT 500`,
    [fromSlot, toSlot],
  );
}

/**
 * An account's calendar feed: its leads' meetings and the unassigned ones starting between `from` and `to`
 * (ISO times), cancelled ones left out (columns lead_id, uid, sequence, slot, status, video_url, name,
 * company, fields).
 */
export function feedMeetingRows(db: Queryable, userId: number, from: string, to: string): Promise<Row[]> {
  return db.all(
    `SELECT m.lead_id, m.uid, m.sequence, m.slot, m.status, m.video_url, l.name, l.company, l.fields
     FROM meetings m JOIN leads l ON l.id = m.lead_id LEFT JOIN inbox_lead_state s ON s.lead_id = m.lead_id
     WHERE m.status <> 'cancelled' AND m.starts_at >= $2 AND m.starts_at <= $3
       AND (s.assignee_id = $1 OR s.assignee_id IS NULL)
     ORDER BY m.starts_at LIMIT 2000`,
    [userId, from, to],
  );
}

/** The language of a meeting's lead (absent: the default one). */
export async function meetingLanguage(db: Queryable, meetingId: number): Promise<string | undefined> {
  const row = await db.get<{ language: string | null }>(
    'SELECT leads.language FROM meetings JOIN leads ON leads.id = meetings.lead_id WHERE meetings.id = $1',
    [meetingId],
  );
  return row?.language ?? undefined;
}

/** How many leads received since `since` were lost for each reason, most first. */
export async function lostReasonCounts(
  db: Queryable,
  since: string,
): Promise<Array<{ reason: string | null; leads: number }>> {
  return db.all<{ reason: string | null; leads: number }>(
    `SELECT s.lost_reason AS reason, count(*) AS leads
     FROM leads l JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE l.received_at >= $1 AND l.work_status = 'perdido' AND s.status = 'perdido'
       AND l.id NOT IN (SELECT lead_id FROM pipeline_merges)
     GROUP BY s.lost_reason ORDER BY count(*) DESC, s.lost_reason`,
    [since],
  );
}

/**
 * Every lead received since `since` that no merge absorbed, with its status and contact times (columns
 * received_at, form_type, status, first_contact_at, proposal_at): the dashboard's totals are checked
 * against these.
 */
export function dashboardLeadRows(db: Queryable, since: string): Promise<Row[]> {
  return db.all(
    `SELECT l.received_at, l.form_type, s.status, s.first_contact_at, s.proposal_at
     FROM leads l LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE l.received_at >= $1 AND NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)`,
    [since],
  );
}

const NOT_MERGED = 'NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id)';

/**
 * An account's follow-ups due by `day` (Mexico City date) on its open leads, soonest first, at most `limit`
 * (columns id, name, next_step, next_step_date): the morning digest's list.
 */
export function dueFollowUpRows(db: Queryable, userId: number, day: string, limit: number): Promise<Row[]> {
  return db.all(
    `SELECT l.id, l.name, d.next_step, d.next_step_date
     FROM pipeline_deals d JOIN leads l ON l.id = d.lead_id JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE s.assignee_id = $1 AND d.next_step_date <= $2 AND d.next_step IS NOT NULL
       AND s.status NOT IN ('ganado', 'perdido') AND ${NOT_MERGED}
     ORDER BY d.next_step_date, l.id LIMIT ${String(limit)}`,
    [userId, day],
  );
}

/**
 * The meetings of `day` (Mexico City date) as they stand, of an account's leads or of nobody's, at most
 * `limit` (columns id, name, slot); a merged lead's meeting under the lead it joined.
 */
export function dayMeetingRows(
  db: Queryable,
  who: 'assigned' | 'unassigned',
  userId: number,
  day: string,
  limit: number,
): Promise<Row[]> {
  return db.all(
    `SELECT l.id, l.name, m.slot FROM meetings m
       LEFT JOIN pipeline_merges pm ON pm.lead_id = m.lead_id
       JOIN leads l ON l.id = COALESCE(pm.into_id, m.lead_id) LEFT JOIN inbox_lead_state s ON s.lead_id = l.id
     WHERE ${who === 'assigned' ? 's.assignee_id = $1' : 's.assignee_id IS NULL AND $1 > 0'}
       AND m.status = 'scheduled' AND m.slot LIKE $2
     ORDER BY m.slot, m.id LIMIT ${String(limit)}`,
    [userId, `${day}T%`],
  );
}

/** The newest lead with this (lowercased) e-mail that no merge absorbed: whom a reply without a thread is from. */
export async function newestUnmergedByEmail(db: Queryable, email: string): Promise<number | undefined> {
  const row = await db.get<{ id: number }>(
    `SELECT l.id FROM leads l WHERE lower(l.email) = $1
     AND NOT EXISTS (SELECT 1 FROM pipeline_merges m WHERE m.lead_id = l.id) ORDER BY l.id DESC LIMIT 1`,
    [email],
  );
  return row?.id;
}
