/**
 * Test helper (not a test): what a meeting's messages say, read from the outbox rows of a test API: the
 * manage link's token and every invite, parsed by an iCalendar library (ical.js), not by string matching.
 */
import ICAL from 'ical.js';
import type { TestApi } from './api.ts';
import { storedMessage } from '../email/message.ts';

export interface ParsedInvite {
  outboxId: number;
  audience: 'client' | 'internal';
  subject: string;
  method: string;
  uid: string;
  sequence: number;
  status: string;
  start: string;
  location: string;
  url: string;
}

interface OutboxRow {
  id: number;
  audience: 'client' | 'internal';
  subject: string;
  message: string;
}

export async function outboxOf(t: TestApi, leadId: number): Promise<OutboxRow[]> {
  return t.rows<OutboxRow>('SELECT id, audience, subject, message FROM outbox WHERE lead_id = $1 ORDER BY id', leadId);
}

/** The token of the newest manage link mailed for a lead. */
export async function latestToken(t: TestApi, leadId: number): Promise<string> {
  const rows = (await outboxOf(t, leadId)).filter((row) => row.audience === 'client').reverse();
  for (const row of rows) {
    const match = /\?t=([A-Za-z0-9_-]{43})\b/.exec(storedMessage(row.message).text);
    if (match?.[1]) return match[1];
  }
  throw new Error(`el lead ${leadId} no tiene enlace para gestionar su reunión`);
}

/** Every invite attached to a lead's messages, oldest first, as a calendar reads it. */
export async function invitesOf(t: TestApi, leadId: number): Promise<ParsedInvite[]> {
  const invites: ParsedInvite[] = [];
  for (const row of await outboxOf(t, leadId)) {
    const message = storedMessage(row.message);
    for (const attachment of message.attachments.filter((file) => file.filename.endsWith('.ics'))) {
      const calendar = new ICAL.Component(ICAL.parse(attachment.content) as unknown[]);
      const event = calendar.getFirstSubcomponent('vevent');
      if (!event) throw new Error('invitación sin VEVENT');
      const method = String(calendar.getFirstPropertyValue('method'));
      if (!attachment.contentType.includes(`method=${method}`)) throw new Error('Content-Type sin el mismo method');
      invites.push({
        outboxId: row.id,
        audience: row.audience,
        subject: row.subject,
        method,
        uid: String(event.getFirstPropertyValue('uid')),
        sequence: Number(event.getFirstPropertyValue('sequence')),
        status: String(event.getFirstPropertyValue('status')),
        start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
        location: String(event.getFirstPropertyValue('location')),
        url: String(event.getFirstPropertyValue('url') ?? ''),
      });
    }
  }
  return invites;
}
