/**
 * Invites as calendars read them, on both engines: each message of a meeting's life (booked, moved,
 * cancelled), composed as it is sent, parsed by a MIME parser (mailparser) and its invite by ical.js. Every
 * one carries a `multipart/alternative` of text, HTML and `text/calendar; method=REQUEST|CANCEL` (what
 * Outlook, Exchange and Gmail act on) plus the same `.ics` as an attachment; organizer and attendees (the
 * client and the team) are the same in every copy, one UID, a rising SEQUENCE; and no moved or cancelled
 * message offers a Google Calendar link, whose separate event no change would reach.
 */
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAppointmentLong } from '../../core/dates.ts';
import { OPEN_SLOT, startTestApi, VALID, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { storedMessage } from '../email/message.ts';
import { composeEml } from '../email/mime.ts';
import { latestToken, outboxOf } from '../testing/meetings.ts';

interface MimePart {
  contentType: string;
  disposition: string;
  children: MimePart[];
}

/** The tree of a MIME message: each part's Content-Type (with its parameters) and its sub-parts. */
function mimeTree(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const contentType = header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const children = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => mimeTree(part.replace(/^\r\n/, '')))
    : [];
  return { contentType, disposition: header('Content-Disposition'), children };
}

const MOVED_SLOT = '2026-11-26T12:00';

const typeOf = (part: MimePart) => part.contentType.split(';', 1)[0]?.trim().toLowerCase();

describe.each(TEST_ENGINES)('the invites of a meeting, as a calendar reads them (%s)', (engine) => {
  let t: TestApi;
  let leadId = 0;

  beforeAll(async () => {
    t = await startTestApi({}, { engine });
    const booked = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
    expect(booked.status).toBe(201);
    leadId = Number(booked.body.id);
    const token = await latestToken(t, leadId);
    expect((await t.post('/api/webSite/meetingReschedule', { token, appointmentDate: MOVED_SLOT })).status).toBe(200);
    expect((await t.post('/api/webSite/meetingCancel', { token })).status).toBe(200);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('states the date and time of the meeting in words in every message of its life', async () => {
    const texts = (await outboxOf(t, leadId)).map((row) => ({ text: storedMessage(row.message).text }));
    const booked = formatAppointmentLong(OPEN_SLOT);
    const moved = formatAppointmentLong(MOVED_SLOT);
    // Booked: both copies give its time. Moved by the client: the client's gives the new time, the team's
    // both. Cancelled: both give the time that was freed.
    expect(texts.map(({ text }) => [text.includes(booked), text.includes(moved)])).toEqual([
      [true, false],
      [true, false],
      [false, true],
      [true, true],
      [false, true],
      [false, true],
    ]);
  });

  it('sends every message of the meeting with a text/calendar alternative and the .ics attached', async () => {
    const rows = await outboxOf(t, leadId);
    const seen: Array<{ audience: string; method: string; sequence: number; uid: string }> = [];
    for (const row of rows) {
      const message = storedMessage(row.message);
      if (message.attachments.length === 0) continue;
      const raw = await composeEml(message, row.id, `<prueba-${row.id}@angram.mx>`);

      const tree = mimeTree(raw.toString('utf8'));
      expect(typeOf(tree), row.subject).toBe('multipart/mixed');
      const [alternative, attachment, ...others] = tree.children;
      expect(others).toEqual([]);
      expect(alternative && typeOf(alternative), row.subject).toBe('multipart/alternative');
      expect(alternative?.children.map(typeOf), row.subject).toEqual(['text/plain', 'text/html', 'text/calendar']);
      const calendarPart = alternative?.children[2];
      expect(attachment && typeOf(attachment), row.subject).toBe('application/ics');
      expect(attachment?.disposition).toMatch(/^attachment;\s*filename=reunion\.ics$/);

      const parsed = await simpleParser(raw);
      const [inline, file] = parsed.attachments;
      const ics = inline?.content.toString('utf8') ?? '';
      expect(file?.content.toString('utf8'), row.subject).toBe(ics);
      const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
      const method = String(calendar.getFirstPropertyValue('method'));
      expect(calendarPart?.contentType).toMatch(new RegExp(`method=${method}$`));

      const event = calendar.getFirstSubcomponent('vevent');
      if (!event) throw new Error(`${row.subject}: invitación sin VEVENT`);
      expect(String(event.getFirstPropertyValue('organizer'))).toBe(
        `mailto:${t.settings.from.replace(/^.*<|>$/g, '')}`,
      );
      const attendees = event.getAllProperties('attendee').map((property) => String(property.getFirstValue()));
      expect(attendees, row.subject).toEqual([`mailto:${VALID.small.email}`, `mailto:${t.settings.salesEmail}`]);
      if (method === 'CANCEL') expect(String(event.getFirstPropertyValue('status'))).toBe('CANCELLED');
      seen.push({
        audience: message.audience,
        method,
        sequence: Number(event.getFirstPropertyValue('sequence')),
        uid: String(event.getFirstPropertyValue('uid')),
      });

      // The Google Calendar link adds a separate event: only the first message offers it, named as such.
      const google = (parsed.html || '').includes('calendar.google.com');
      expect(google, row.subject).toBe(seen.length <= 2);
    }
    expect(seen.map(({ audience, method, sequence }) => [audience, method, sequence])).toEqual([
      ['client', 'REQUEST', 0],
      ['internal', 'REQUEST', 0],
      ['client', 'REQUEST', 1],
      ['internal', 'REQUEST', 1],
      ['client', 'CANCEL', 2],
      ['internal', 'CANCEL', 2],
    ]);
    expect(new Set(seen.map(({ uid }) => uid)).size).toBe(1);
  });

  it('names the Google Calendar link for what it is: a copy the invite does not update', async () => {
    const [first] = await outboxOf(t, leadId);
    const html = storedMessage(first?.message ?? '{}').html;
    expect(html).toContain(t.settings.copy.client.calendarButton);
    expect(t.settings.copy.client.invitation).toContain('Google Calendar');
  });
});
