/** An outbox message as nodemailer options, and as a complete MIME (.eml) file. */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { EmailMessage } from './templates.ts';

export interface MailOptions {
  from: string;
  to: { name: string; address: string } | string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
  headers: Record<string, string>;
}

export function mailOptions(message: EmailMessage, outboxId: number): MailOptions {
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
  };
}

/** The full RFC 5322 message: headers, text and HTML alternatives, and the .ics attachment if any. */
export function composeEml(message: EmailMessage, outboxId: number): Promise<Buffer> {
  return new MailComposer(mailOptions(message, outboxId)).compile().build();
}
