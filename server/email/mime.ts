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
  headers: Record<string, string>;
  messageId: string;
}

export function mailOptions(message: EmailMessage, outboxId: number, messageId: string): MailOptions {
  return {
    from: message.from,
    to: message.to.name ? { name: message.to.name, address: message.to.address } : message.to.address,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
    // Lets the team trace a delivered message back to its outbox row.
    headers: { 'X-Angram-Outbox-Id': String(outboxId) },
    // Chosen when the message was queued: every attempt carries the same one, so a repeat is recognisable.
    messageId,
  };
}

/** The full RFC 5322 message: headers, text and HTML alternatives, and the .ics attachment if any. */
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
