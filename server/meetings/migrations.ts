/**
 * The meetings' tables (module `meetings`), applied after the lead API's and the inbox's (they refer to
 * `leads` and `inbox_users`). Append new versions; never edit an applied one. Times are ISO 8601 UTC text.
 *
 * Personal data here: `meetings` and `meeting_events` belong to a lead (`lead_id`); `meeting_tokens` are the
 * hashes of the links mailed to that lead's address; `meeting_reminders` point at outbox rows of that lead;
 * `inbox_calendar_feeds` belongs to an inbox account. `busy_feeds` holds only busy intervals, no titles.
 */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';

export const MEETINGS_MODULE = 'meetings';

export const MEETINGS_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'meetings, manage links, changes, reminders, busy feeds and calendar subscriptions',
    sql: forBothEngines(
      ({ id, ref, isJson }) => `
        -- One per booked lead, for the meeting's whole life: the UID calendars know it by never changes,
        -- SEQUENCE rises with every change. The booked slot itself stays in bookings (UNIQUE slot).
        CREATE TABLE meetings (
          id ${id},
          lead_id ${ref} NOT NULL UNIQUE REFERENCES leads (id),
          uid TEXT NOT NULL UNIQUE,
          sequence INTEGER NOT NULL DEFAULT 0,
          slot TEXT NOT NULL,
          starts_at TEXT NOT NULL,
          ends_at TEXT NOT NULL,
          status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled', 'held', 'missed')),
          video_url TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX meetings_starts_at ON meetings (starts_at);

        -- The manage links (/reunion?t=…) mailed for a meeting: only the SHA-256 of each token is kept.
        CREATE TABLE meeting_tokens (
          token_hash TEXT PRIMARY KEY,
          meeting_id ${ref} NOT NULL REFERENCES meetings (id),
          created_at TEXT NOT NULL
        );
        CREATE INDEX meeting_tokens_meeting ON meeting_tokens (meeting_id);

        -- Every change, by the client (manage link) or the team (inbox), for the lead's history.
        CREATE TABLE meeting_events (
          id ${id},
          meeting_id ${ref} NOT NULL REFERENCES meetings (id),
          lead_id ${ref} NOT NULL REFERENCES leads (id),
          kind TEXT NOT NULL CHECK (kind IN ('moved', 'cancelled', 'held', 'missed')),
          actor TEXT NOT NULL CHECK (actor IN ('client', 'team')),
          user_id ${ref} REFERENCES inbox_users (id),
          at TEXT NOT NULL,
          from_slot TEXT,
          to_slot TEXT
        );
        CREATE INDEX meeting_events_lead ON meeting_events (lead_id, id);

        -- Reminders due before a meeting, per version of it (sequence): queued to the outbox once, when due,
        -- or skipped (the meeting moved or was cancelled, or the moment passed).
        CREATE TABLE meeting_reminders (
          id ${id},
          meeting_id ${ref} NOT NULL REFERENCES meetings (id),
          audience TEXT NOT NULL CHECK (audience IN ('client', 'internal')),
          minutes_before INTEGER NOT NULL,
          sequence INTEGER NOT NULL,
          due_at TEXT NOT NULL,
          status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'queued', 'skipped')),
          outbox_id ${ref} REFERENCES outbox (id),
          decided_at TEXT,
          UNIQUE (meeting_id, sequence, audience, minutes_before)
        );
        CREATE INDEX meeting_reminders_due ON meeting_reminders (status, due_at);

        -- The last good copy of each BUSY_ICS_URLS feed, as busy intervals only (no titles, no attendees),
        -- keyed by the SHA-256 of its address (the address is a secret).
        CREATE TABLE busy_feeds (
          feed_key TEXT PRIMARY KEY,
          intervals TEXT CHECK (intervals IS NULL OR ${isJson('intervals')}),
          fetched_at TEXT,
          attempted_at TEXT NOT NULL,
          last_error TEXT
        );

        -- Each inbox account's private calendar subscription: its address is derived from the inbox's secret
        -- and the generation; a new generation (or active = 0) revokes the old address.
        CREATE TABLE inbox_calendar_feeds (
          user_id ${ref} PRIMARY KEY REFERENCES inbox_users (id),
          generation INTEGER NOT NULL,
          active INTEGER NOT NULL CHECK (active IN (0, 1)),
          updated_at TEXT NOT NULL
        );
      `,
    ),
  },
];

/** Brings the meetings' tables up to date; the lead API's and the inbox's must be migrated first. */
export function migrateMeetings(storage: Storage): Promise<number[]> {
  return storage.migrate(MEETINGS_MODULE, MEETINGS_MIGRATIONS);
}
