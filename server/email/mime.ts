/** An outbox message as nodemailer options, and as a complete MIME (.eml) file. */
import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { EmailMessage } from './message.ts';

export interface MailOptions {
  from: string;
  to: { name: string; address: string } | string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
  /** The invite: a `text/calendar; method=…` alternative beside text and HTML, and the same as an attachment. */
  icalEvent?: { method: string; filename: string; content: string };
  headers: Record<string, string>;
  messageId: string;
}

const INVITE_METHOD = /^text\/calendar\b.*;\s*method=([A-Za-z-]+)/i;

/**
 * An invite travels as calendars expect it (RFC 6047): a `text/calendar; method=REQUEST|CANCEL` part in the
 * `multipart/alternative` (what Outlook, Exchange and Gmail read to add, move or remove the event by
 * themselves) plus the same `.ics` as an attachment for the programs that only open files.
 */
export function mailOptions(message: EmailMessage, outboxId: number, messageId: string): MailOptions {
  const invite = message.attachments.find(({ contentType }) => INVITE_METHOD.test(contentType));
  const method = invite ? INVITE_METHOD.exec(invite.contentType)?.[1] : undefined;
  return {
    from: message.from,
    to: message.to.name ? { name: message.to.name, address: message.to.address } : message.to.address,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments
      .filter((attachment) => attachment !== invite)
      .map(({ filename, content, contentType }) => ({ filename, content, contentType })),
    ...(invite && method
      ? { icalEvent: { method: method.toUpperCase(), filename: invite.filename, content: invite.content } }
      : {}),
    // Lets the team trace a delivered message back to its outbox row.
    headers: { 'X-Angram-Outbox-Id': String(outboxId) },
    // Chosen when the message was queued: every attempt carries the same one, so a repeat is recognisable.
    messageId,
  };
}

/** The full RFC 5322 message: headers, text, HTML and invite alternatives, and the .ics attachment if any. */
export function composeEml(message: EmailMessage, outboxId: number, messageId: string): Promise<Buffer> {
  return new MailComposer(mailOptions(message, outboxId, messageId)).compile().build();
}

/** A new Message-ID on the sender's domain: `<random@domain>`. */
export function newMessageId(senderAddress: string): string {
  const domain =
    senderAddress
      .split('@')
      .pop()
      ?.replace(/[^A-Za-z0-9.-]/g, '') || 'angram.mx';
  return `<${randomUUID()}@${domain}>`;
}
