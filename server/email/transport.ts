/**
 * Where outbox messages go: an SMTP server (`SMTP_URL`), or `.eml` files in `OUTBOX_DIR` when no SMTP is
 * configured, so local development and the sales team's first days need no mail account.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { composeEml, mailOptions } from './mime.ts';
import type { EmailMessage } from './templates.ts';

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  /** Resolves when the message is accepted (SMTP) or written (eml); rejects otherwise. */
  send(message: EmailMessage, outboxId: number): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({
    url,
    // Fail fast: the outbox retries later, and a hung server must not hold shutdown for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message, outboxId) {
      await transporter.sendMail(mailOptions(message, outboxId));
    },
    close() {
      transporter.close();
    },
  };
}

export function emlFileName(outboxId: number, message: EmailMessage): string {
  return `${String(outboxId).padStart(6, '0')}-${message.audience}.eml`;
}

export function emlDirectoryTransport(directory: string): MailTransport {
  mkdirSync(directory, { recursive: true });
  return {
    kind: 'eml',
    async send(message, outboxId) {
      const eml = await composeEml(message, outboxId);
      const target = join(directory, emlFileName(outboxId, message));
      // Write then rename: a reader never sees half a message.
      const partial = `${target}.partial`;
      writeFileSync(partial, eml);
      renameSync(partial, target);
    },
    close() {
      // Nothing stays open: each file is written and closed by its send.
    },
  };
}
