/**
 * A message read from the team's mailbox, as the lead's history keeps it: who sent it, what it answers (the
 * Message-IDs of In-Reply-To and References), its subject and the client's own words (the quoted message
 * below them cut off), each bounded. Anything a hostile sender can put in a message ends up as plain text:
 * the page escapes it and isolates it with `<bdi>`.
 */
import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { IncomingReply } from '../../admin/store/replies.ts';

/** Longest reply text kept; the rest stays in the mailbox. */
export const REPLY_BODY_MAX = 10_000;
const SUBJECT_MAX = 300;
/** Message-IDs read from In-Reply-To and References: a thread's recent messages are enough. */
const ANSWERS_MAX = 20;
const MESSAGE_ID = /<[^<>\s]{1,250}>/g;

/** Where a message sits in the mailbox: its key when it has no Message-ID. */
export interface MailboxPlace {
  mailbox: string;
  uidValidity: string;
  uid: number;
  /** When the server received it (INTERNALDATE). */
  receivedAt: Date | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function messageIds(value: string | readonly string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  return text.match(MESSAGE_ID) ?? [];
}

/** What the client wrote above the quoted message ("El … escribió:", "On … wrote:", "> …" lines). */
export function ownWords(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (const line of lines) {
    if (/^\s*(El|On)\b.{0,200}\b(escribió|wrote)\s*:\s*$/i.test(line)) break;
    if (/^-{2,}\s*(Mensaje original|Original Message)\s*-{2,}/i.test(line)) break;
    if (/^\s*>/.test(line)) continue;
    kept.push(line);
  }
  const words = kept.join('\n').trim();
  return words.length > REPLY_BODY_MAX ? `${words.slice(0, REPLY_BODY_MAX)}…` : words;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, SUBJECT_MAX);

/** Parses a raw message (possibly cut at the reader's size limit). */
export async function parseReply(source: Buffer, place: MailboxPlace, now: Date): Promise<IncomingReply> {
  const parsed = await simpleParser(source, {
    skipImageLinks: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: 200_000,
  });
  const messageId = messageIds(parsed.messageId)[0];
  const answers = [...messageIds(parsed.inReplyTo), ...messageIds(parsed.references).reverse()];
  const sent = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : (place.receivedAt ?? now);
  return {
    key: sha256(messageId ?? `${place.mailbox}\n${place.uidValidity}\n${String(place.uid)}`),
    answers: [...new Set(answers)].slice(0, ANSWERS_MAX),
    from: (parsed.from?.value[0]?.address ?? '').trim().toLowerCase().slice(0, 320),
    subject: oneLine(parsed.subject ?? ''),
    body: ownWords(parsed.text ?? ''),
    // A Date header in the future (a wrong clock) is not allowed to sort above everything else.
    sentAt: (sent.getTime() > now.getTime() ? now : sent).toISOString(),
  };
}
