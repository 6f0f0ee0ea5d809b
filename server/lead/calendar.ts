/**
 * The meeting as calendar data: a Google Calendar "add event" link and an iCalendar (RFC 5545) invite.
 * Times are written in UTC; calendars show them in each reader's zone. Pure functions.
 */
import { appointmentToUtc } from '../../core/dates.ts';
import { SITE } from '../../core/site.ts';

export const MEETING_MINUTES = 60;

export interface Meeting {
  /** Mexico City slot, `YYYY-MM-DDTHH:mm`. */
  slot: string;
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** Where: the video call is sent before the meeting, so this is a short note. */
  location: string;
}

export function meetingTimes(slot: string): { start: Date; end: Date } {
  const start = appointmentToUtc(slot);
  return { start, end: new Date(start.getTime() + MEETING_MINUTES * 60_000) };
}

/** `20261124T160000Z` */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

export function googleCalendarLink(meeting: Meeting): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: meeting.title,
    dates: `${icsUtc(meeting.start)}/${icsUtc(meeting.end)}`,
    details: meeting.description,
    location: meeting.location,
    ctz: SITE.timeZone,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** TEXT value escaping of RFC 5545, section 3.3.11. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545, section 3.1) without splitting a UTF-8 character. */
export function foldIcsLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export interface IcsInvite {
  uid: string;
  /** When the invite was issued (DTSTAMP). */
  stamp: Date;
  meeting: Meeting;
  organizer: { name: string; email: string };
  /** Only the address: a name typed into a form is not repeated into an invite sent to that address. */
  attendee: { email: string };
}

/** A `METHOD:REQUEST` invite for one 60-minute event, CRLF line endings. */
export function buildIcs(invite: IcsInvite): string {
  const { meeting } = invite;
  const quoted = (name: string) => `"${name.replace(/["\\]/g, '')}"`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SITE.name}//Leads API//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${icsUtc(invite.stamp)}`,
    `DTSTART:${icsUtc(meeting.start)}`,
    `DTEND:${icsUtc(meeting.end)}`,
    `SUMMARY:${icsText(meeting.title)}`,
    `DESCRIPTION:${icsText(meeting.description)}`,
    `LOCATION:${icsText(meeting.location)}`,
    `ORGANIZER;CN=${quoted(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${invite.attendee.email}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${icsText(`Reunión con ${SITE.name} en 30 minutos`)}`,
    'TRIGGER:-PT30M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}
