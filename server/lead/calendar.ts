/**
 * A lead's meeting and the meeting as calendar data: a Google Calendar "add event" link and an iCalendar
 * (RFC 5545) invite. Times are written in UTC; calendars show them in each reader's zone. Pure functions.
 */
import type { ContactDetails } from '../../core/contact.ts';
import type { MeetingCopy } from '../../core/content/emails.ts';
import { appointmentToUtc } from '../../core/dates.ts';
import { SITE } from '../../core/site.ts';
import { fillTemplate } from '../../core/text-template.ts';
import type { Consultant } from './consultants.ts';
import { referenceOf, type Lead } from './model.ts';

export const MEETING_MINUTES = 60;
/** How long before the meeting the invite's alarm goes off. */
const REMINDER_MINUTES = 30;

export interface Meeting {
  /** Mexico City slot, `YYYY-MM-DDTHH:mm`. */
  slot: string;
  start: Date;
  end: Date;
  title: string;
  description: string;
  /** Where: the video call's address (the copy's `location` with the link), or a note without a link. */
  location: string;
  /** The video call, when the meeting has one (every meeting booked since the video links came). */
  videoUrl: string | undefined;
  /** The alarm's text, `REMINDER_MINUTES` before. */
  reminder: string;
}

export interface MeetingFacts {
  brandName: string;
  contact: Pick<ContactDetails, 'email' | 'phone'>;
  copy: MeetingCopy;
}

/** What the meeting's record adds to the lead's slot (server/meetings/): its video call and calendar identity. */
export interface MeetingLinks {
  videoUrl: string;
  /** The slot it is at now; the lead's `appointmentDate` is what the visitor first chose. */
  slot?: string;
  /** The invite's UID for the meeting's whole life, and its current SEQUENCE. */
  uid?: string;
  sequence?: number;
  /** `{SITE_URL}/reunion?t=…`: where the client moves or cancels it (only in the client's messages). */
  manageUrl?: string;
}

/** Where a meeting without a video link of its own (written before they existed) says it happens. */
const NO_LINK = 'Videollamada';

/**
 * The meeting of a lead, or `undefined` without one. Its title and description name no one the visitor
 * typed: the invite goes to whatever address the form was given, so it carries only the brand, the
 * reference and the consultant.
 */
export function meetingOf(
  lead: Lead,
  facts: MeetingFacts,
  consultant: Consultant,
  links?: MeetingLinks,
): Meeting | undefined {
  const slot = links?.slot ?? lead.fields.appointmentDate;
  if (!slot) return undefined;
  const videoUrl = links?.videoUrl;
  const enlace = videoUrl ?? NO_LINK;
  const { start, end } = meetingTimes(slot);
  const values = {
    marca: facts.brandName,
    referencia: referenceOf(lead.id),
    consultor: consultant.name,
    puesto: consultant.role,
    correo: facts.contact.email,
    telefono: facts.contact.phone,
  };
  return {
    slot,
    start,
    end,
    title: fillTemplate(facts.copy.title, values),
    description: facts.copy.description
      .map((line) => fillTemplate(line, { ...values, minutos: MEETING_MINUTES, enlace }))
      .join('\n'),
    location: videoUrl ? fillTemplate(facts.copy.location, { enlace }) : NO_LINK,
    videoUrl,
    reminder: fillTemplate(facts.copy.reminder, { marca: facts.brandName, minutos: REMINDER_MINUTES }),
  };
}

/**
 * A meeting's UID: its reference and the slot it was first booked at, on the site's host. Fixed at booking
 * and kept for the meeting's whole life (it is also what invites sent before meetings had a record used).
 */
export function meetingUid(leadId: number, firstSlot: string, siteUrl: string): string {
  return `${referenceOf(leadId).toLowerCase()}-${firstSlot.replace(/[-:]/g, '').toLowerCase()}@${new URL(siteUrl).hostname}`;
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

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface IcsInvite {
  /** The same for the whole life of the meeting: calendars find the event they already have by it. */
  uid: string;
  /** Raised by every change (RFC 5546): a calendar applies an update only when it is newer. */
  sequence?: number;
  /** REQUEST when booked or moved, CANCEL when cancelled. */
  method?: IcsMethod;
  /** When the invite was issued (DTSTAMP). */
  stamp: Date;
  meeting: Meeting;
  organizer: { name: string; email: string };
  /** Only the address: a name typed into a form is not repeated into an invite sent to that address. */
  attendee: { email: string };
  /**
   * The sales team, an attendee of every copy (the client's and its own), so the team's calendar holds the
   * same event and applies the move or cancel that follows.
   */
  team?: { name: string; email: string };
}

/** An iTIP invite (RFC 5546) for one 60-minute event, CRLF line endings: a request, or its cancellation. */
export function buildIcs(invite: IcsInvite): string {
  const method = invite.method ?? 'REQUEST';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${SITE.name}//Leads API//ES`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...icsEvent(invite),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

/** The VEVENT of an invite (also the events of a subscription feed), as unfolded content lines. */
export function icsEvent(invite: IcsInvite, extra: readonly string[] = []): string[] {
  const { meeting } = invite;
  const cancelled = invite.method === 'CANCEL';
  const quoted = (name: string) => `"${name.replace(/["\\]/g, '')}"`;
  return [
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${icsUtc(invite.stamp)}`,
    `DTSTART:${icsUtc(meeting.start)}`,
    `DTEND:${icsUtc(meeting.end)}`,
    `SUMMARY:${icsText(meeting.title)}`,
    `DESCRIPTION:${icsText(meeting.description)}`,
    `LOCATION:${icsText(meeting.location)}`,
    ...(meeting.videoUrl ? [`URL;VALUE=URI:${meeting.videoUrl}`] : []),
    `ORGANIZER;CN=${quoted(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...(invite.attendee.email
      ? [`ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${invite.attendee.email}`]
      : []),
    ...(invite.team
      ? [
          `ATTENDEE;CN=${quoted(invite.team.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${invite.team.email}`,
        ]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SEQUENCE:${invite.sequence ?? 0}`,
    'TRANSP:OPAQUE',
    ...extra,
    ...(cancelled
      ? []
      : [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${icsText(meeting.reminder)}`,
          `TRIGGER:-PT${REMINDER_MINUTES}M`,
          'END:VALARM',
        ]),
    'END:VEVENT',
  ];
}
