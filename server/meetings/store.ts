/**
 * The meetings' rows: a meeting per booked lead, its manage-link tokens and its changes. Works on the
 * storage or inside a transaction. `meetingFromRow` is the one reader of a `meetings` row.
 */
import { z } from 'zod';
import { rowParser } from '../db/rows.ts';
import type { Queryable } from '../db/storage.ts';

export const MEETING_STATUSES = ['scheduled', 'cancelled', 'held', 'missed'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

export interface MeetingRecord {
  id: number;
  leadId: number;
  uid: string;
  sequence: number;
  /** Mexico City `YYYY-MM-DDTHH:mm`. */
  slot: string;
  startsAt: string;
  endsAt: string;
  status: MeetingStatus;
  videoUrl: string;
  createdAt: string;
  updatedAt: string;
}

export const meetingFromRow = rowParser(
  'meetings',
  z
    .object({
      id: z.number().int(),
      lead_id: z.number().int(),
      uid: z.string(),
      sequence: z.number().int(),
      slot: z.string(),
      starts_at: z.string(),
      ends_at: z.string(),
      status: z.enum(MEETING_STATUSES),
      video_url: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
    })
    .transform((row): MeetingRecord => ({
      id: row.id,
      leadId: row.lead_id,
      uid: row.uid,
      sequence: row.sequence,
      slot: row.slot,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: row.status,
      videoUrl: row.video_url,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
);

export type MeetingEventKind = 'moved' | 'cancelled' | 'held' | 'missed';

export interface MeetingEvent {
  id: number;
  leadId: number;
  kind: MeetingEventKind;
  actor: 'client' | 'team';
  /** The inbox account's name when the team did it (null when the account is gone). */
  userName: string | null;
  at: string;
  fromSlot: string | null;
  toSlot: string | null;
}

const nullableText = z.string().nullable();

const eventFromRow = rowParser(
  'meeting_events',
  z
    .object({
      id: z.number().int(),
      lead_id: z.number().int(),
      kind: z.enum(['moved', 'cancelled', 'held', 'missed']),
      actor: z.enum(['client', 'team']),
      user_name: nullableText,
      at: z.string(),
      from_slot: nullableText,
      to_slot: nullableText,
    })
    .transform((row): MeetingEvent => ({
      id: row.id,
      leadId: row.lead_id,
      kind: row.kind,
      actor: row.actor,
      userName: row.user_name,
      at: row.at,
      fromSlot: row.from_slot,
      toSlot: row.to_slot,
    })),
);

export interface NewMeeting {
  leadId: number;
  uid: string;
  slot: string;
  startsAt: string;
  endsAt: string;
  videoUrl: string;
  now: string;
}

export function createMeetingStore(db: Queryable) {
  return {
    async insert(meeting: NewMeeting): Promise<MeetingRecord> {
      const row = await db.get(
        `INSERT INTO meetings (lead_id, uid, sequence, slot, starts_at, ends_at, status, video_url, created_at, updated_at)
         VALUES ($1, $2, 0, $3, $4, $5, 'scheduled', $6, $7, $7) RETURNING *`,
        [meeting.leadId, meeting.uid, meeting.slot, meeting.startsAt, meeting.endsAt, meeting.videoUrl, meeting.now],
      );
      return meetingFromRow(row);
    },
    async byId(id: number): Promise<MeetingRecord | undefined> {
      const row = await db.get('SELECT * FROM meetings WHERE id = $1', [id]);
      return row ? meetingFromRow(row) : undefined;
    },
    async byLead(leadId: number): Promise<MeetingRecord | undefined> {
      const row = await db.get('SELECT * FROM meetings WHERE lead_id = $1', [leadId]);
      return row ? meetingFromRow(row) : undefined;
    },
    async byTokenHash(hash: string): Promise<MeetingRecord | undefined> {
      const row = await db.get(
        'SELECT m.* FROM meeting_tokens t JOIN meetings m ON m.id = t.meeting_id WHERE t.token_hash = $1',
        [hash],
      );
      return row ? meetingFromRow(row) : undefined;
    },
    async addToken(meetingId: number, hash: string, now: string): Promise<void> {
      await db.run('INSERT INTO meeting_tokens (token_hash, meeting_id, created_at) VALUES ($1, $2, $3)', [
        hash,
        meetingId,
        now,
      ]);
    },
    /** Writes the meeting's new state; the caller holds its lock. */
    async save(meeting: MeetingRecord): Promise<void> {
      await db.run(
        `UPDATE meetings SET sequence = $1, slot = $2, starts_at = $3, ends_at = $4, status = $5, updated_at = $6 WHERE id = $7`,
        [
          meeting.sequence,
          meeting.slot,
          meeting.startsAt,
          meeting.endsAt,
          meeting.status,
          meeting.updatedAt,
          meeting.id,
        ],
      );
    },
    async addEvent(event: {
      meetingId: number;
      leadId: number;
      kind: MeetingEventKind;
      actor: 'client' | 'team';
      userId: number | null;
      at: string;
      fromSlot: string | null;
      toSlot: string | null;
    }): Promise<void> {
      await db.run(
        `INSERT INTO meeting_events (meeting_id, lead_id, kind, actor, user_id, at, from_slot, to_slot)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [event.meetingId, event.leadId, event.kind, event.actor, event.userId, event.at, event.fromSlot, event.toSlot],
      );
    },
    /** A lead's meeting changes, newest first, with the inbox account's name. */
    async events(leadId: number): Promise<MeetingEvent[]> {
      const rows = await db.all(
        `SELECT e.id, e.lead_id, e.kind, e.actor, u.name AS user_name, e.at, e.from_slot, e.to_slot
         FROM meeting_events e LEFT JOIN inbox_users u ON u.id = e.user_id WHERE e.lead_id = $1 ORDER BY e.id DESC`,
        [leadId],
      );
      return rows.map(eventFromRow);
    },
    /**
     * Deletes everything of a lead's meeting (reminders, manage-link hashes, changes, the meeting), children
     * first: what an erasure runs, inside its transaction, before it deletes the lead's outbox rows and the
     * lead itself (these rows refer to both).
     */
    async eraseLead(leadId: number): Promise<void> {
      const meeting = 'SELECT id FROM meetings WHERE lead_id = $1';
      await db.run(`DELETE FROM meeting_reminders WHERE meeting_id IN (${meeting})`, [leadId]);
      await db.run(`DELETE FROM meeting_tokens WHERE meeting_id IN (${meeting})`, [leadId]);
      await db.run('DELETE FROM meeting_events WHERE lead_id = $1', [leadId]);
      await db.run('DELETE FROM meetings WHERE lead_id = $1', [leadId]);
    },
  };
}
