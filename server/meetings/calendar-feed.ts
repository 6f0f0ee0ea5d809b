/**
 * Each inbox account's private calendar subscription: `{SITE_URL}/admin/calendario/<id>-<token>.ics`, an
 * iCalendar feed of the meetings it should see (its leads' and the unassigned ones, so none falls through)
 * that Google Calendar, Outlook or Apple Calendar re-read on their own. The token is an HMAC of the inbox's
 * secret, the account and a generation: nothing secret is stored, the page can show the address again, and
 * a new generation (or revoking) kills the old address at once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SITE } from '../../core/site.ts';
import type { Queryable, Storage } from '../db/storage.ts';
import { feedMeetingRows } from '../lead/inbox-store.ts';
import { fieldsColumn } from '../lead/store.ts';
import { foldIcsLine, icsEvent, icsText, meetingTimes, type Meeting } from '../lead/calendar.ts';
import { consultantFor } from '../lead/consultants.ts';
import { referenceOf } from '../lead/model.ts';
import type { LeadSettings } from '../lead/view.ts';
import { z } from 'zod';
import { rowParser } from '../db/rows.ts';
import { CALENDAR_FEED_BASE } from '../calendar-feed-path.ts';

export { CALENDAR_FEED_BASE };
/** `/admin/calendario/12-<43 characters>.ics` */
export const CALENDAR_FEED_PATTERN = /^\/admin\/calendario\/([1-9][0-9]{0,14})-([A-Za-z0-9_-]{43})\.ics$/;

export interface FeedState {
  generation: number;
  active: boolean;
}

export function feedToken(secret: string, userId: number, generation: number): string {
  return createHmac('sha256', secret).update(`calendar-feed:${userId}:${generation}`).digest('base64url');
}

export function feedPath(secret: string, userId: number, state: FeedState): string {
  return `${CALENDAR_FEED_BASE}/${userId}-${feedToken(secret, userId, state.generation)}.ics`;
}

export function createFeedStore(db: Queryable) {
  return {
    async state(userId: number): Promise<FeedState | undefined> {
      const row = await db.get<{ generation: number; active: number }>(
        'SELECT generation, active FROM inbox_calendar_feeds WHERE user_id = $1',
        [userId],
      );
      return row ? { generation: row.generation, active: row.active === 1 } : undefined;
    },
    /** Turns the subscription on, or gives it a new address (`rotate`): the old one stops working. */
    async enable(userId: number, rotate: boolean, now: Date): Promise<void> {
      await db.run(
        `INSERT INTO inbox_calendar_feeds (user_id, generation, active, updated_at) VALUES ($1, 1, 1, $2)
         ON CONFLICT (user_id) DO UPDATE SET active = 1, updated_at = excluded.updated_at,
           generation = inbox_calendar_feeds.generation + $3`,
        [userId, now.toISOString(), rotate ? 1 : 0],
      );
    },
    async revoke(userId: number, now: Date): Promise<void> {
      // A revoked address never comes back: turning it on again gives a new one.
      await db.run(
        'UPDATE inbox_calendar_feeds SET active = 0, generation = generation + 1, updated_at = $2 WHERE user_id = $1',
        [userId, now.toISOString()],
      );
    },
  };
}

/** The account a feed address belongs to, when it is current and the account active; else `undefined`. */
export async function feedOwner(db: Queryable, secret: string, path: string): Promise<number | undefined> {
  const match = CALENDAR_FEED_PATTERN.exec(path);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const row = await db.get<{ generation: number; active: number; user_active: number }>(
    `SELECT f.generation, f.active, u.active AS user_active FROM inbox_calendar_feeds f
     JOIN inbox_users u ON u.id = f.user_id WHERE f.user_id = $1`,
    [userId],
  );
  if (row?.active !== 1 || row.user_active !== 1) return undefined;
  const expected = Buffer.from(feedToken(secret, userId, row.generation));
  const given = Buffer.from(match[2] ?? '');
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

const feedRow = rowParser(
  'meetings',
  z.object({
    lead_id: z.number().int(),
    uid: z.string(),
    sequence: z.number().int(),
    slot: z.string(),
    status: z.enum(['scheduled', 'cancelled', 'held', 'missed']),
    video_url: z.string(),
    name: z.string(),
    company: z.string().nullable(),
    fields: fieldsColumn,
  }),
);

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The feed of an account: its leads' meetings and the unassigned ones, from 30 days back to 90 ahead
 * (cancelled ones drop out, so subscribed calendars drop them too).
 */
export async function accountFeed(db: Queryable, userId: number, settings: LeadSettings, now: Date): Promise<string> {
  const rows = (
    await feedMeetingRows(
      db,
      userId,
      new Date(now.getTime() - 30 * DAY_MS).toISOString(),
      new Date(now.getTime() + 90 * DAY_MS).toISOString(),
    )
  ).map(feedRow);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SITE.name}//Bandeja de ventas//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(`Reuniones ${SITE.name}`)}`,
    `X-WR-TIMEZONE:${SITE.timeZone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
  ];
  for (const row of rows) {
    const { start, end } = meetingTimes(row.slot);
    const consultant = consultantFor({ fields: row.fields }, settings.consultants);
    const reference = referenceOf(row.lead_id);
    const who = row.company ? `${row.name} (${row.company})` : row.name;
    const meeting: Meeting = {
      slot: row.slot,
      start,
      end,
      title: `${reference} · ${who}`,
      description: [
        `${who}, con ${consultant.name}.`,
        `Videollamada: ${row.video_url}`,
        `En la bandeja: ${new URL(settings.siteUrl).origin}/admin/contacts/${row.lead_id}`,
      ].join('\n'),
      location: row.video_url,
      videoUrl: row.video_url,
      reminder: `${reference} en 30 minutos`,
    };
    lines.push(
      ...icsEvent(
        {
          uid: row.uid,
          sequence: row.sequence,
          stamp: now,
          meeting,
          organizer: { name: settings.brandName, email: settings.contact.email },
          attendee: { email: '' },
        },
        row.status === 'scheduled' ? [] : ['X-ANGRAM-ESTADO:' + (row.status === 'held' ? 'realizada' : 'no-asistio')],
      ),
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** The subscriptions as the inbox uses them: an account's address, turning it on, changing or revoking it, the feed. */
export function createCalendarFeeds(storage: Storage, secret: string, settings: LeadSettings) {
  const store = createFeedStore(storage);
  const origin = new URL(settings.siteUrl).origin;
  return {
    /** The account's full subscription address, or `undefined` while it has none (or revoked it). */
    async address(userId: number): Promise<string | undefined> {
      const state = await store.state(userId);
      return state?.active ? `${origin}${feedPath(secret, userId, state)}` : undefined;
    },
    enable: (userId: number, rotate: boolean, now: Date) => store.enable(userId, rotate, now),
    revoke: (userId: number, now: Date) => store.revoke(userId, now),
    /** The feed a subscription address asks for, or `undefined` when the address is not (or no longer) valid. */
    async feedFor(path: string, now: Date): Promise<string | undefined> {
      const userId = await feedOwner(storage, secret, path);
      return userId === undefined ? undefined : accountFeed(storage, userId, settings, now);
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
