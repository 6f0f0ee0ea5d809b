/**
 * Where outbox messages go: an SMTP server (`SMTP_URL`), or `.eml` files in `OUTBOX_DIR` when no SMTP is
 * configured, so local development and the sales team's first days need no mail account.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { composeEml, mailOptions } from './mime.ts';
import type { EmailMessage } from './message.ts';

export interface MailTransport {
  readonly kind: 'smtp' | 'eml';
  /** Resolves when the message is accepted (SMTP) or written (eml); rejects otherwise. */
  send(message: EmailMessage, outboxId: number, messageId: string): Promise<void>;
  /** Drops open connections; a send still running fails and its message is retried. */
  close(): void;
  /**
   * The message's body was erased while it was being sent (a privacy erasure that listed the message's
   * copies before this one was written): removes any copy the transport keeps. SMTP keeps none.
   */
  forget?(outboxId: number): Promise<void>;
}

/**
 * What a failed send means for its message:
 * - `refused`: the server answered 5xx to the sender, a recipient or the content; retrying the same
 *   message will not help, so it waits for an operator (`npm run outbox`).
 * - `unreachable`: no usable connection (refused, timed out, no greeting, TLS): the server is down,
 *   so the other queued messages are not tried until the next retry either.
 * - `temporary`: anything else (4xx, authentication, a dropped connection mid-message): retry later.
 */
export type SendFailure = 'refused' | 'unreachable' | 'temporary';

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED']);

export function classifySendError(error: unknown): SendFailure {
  if (typeof error !== 'object' || error === null) return 'temporary';
  const { code, command, responseCode } = error as { code?: unknown; command?: unknown; responseCode?: unknown };
  if (command === 'CONN' || (typeof code === 'string' && CONNECTION_CODES.has(code))) return 'unreachable';
  if (typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH')
    return 'refused';
  return 'temporary';
}

export interface SmtpOptions {
  /** Connecting and waiting for the greeting, each (`SMTP_TIMEOUT_MS`). */
  timeoutMs: number;
  /** Connections kept open to the server. */
  maxConnections?: number;
}

export function smtpTransport(url: string, options: SmtpOptions): MailTransport {
  const transporter = createTransport({
    url,
    // Pooled: messages reuse connections, and close() ends the ones in use, so shutdown is bounded.
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    // A whole message on an open connection; past this the outcome is unknown and the retry carries
    // the same Message-ID, so the recipient can tell it is a repeat.
    socketTimeout: Math.max(options.timeoutMs * 3, 30_000),
  });
  return {
    kind: 'smtp',
    async send(message, outboxId, messageId) {
      await transporter.sendMail(mailOptions(message, outboxId, messageId));
    },
    close() {
      transporter.close();
    },
  };
}

/** How every file of one outbox message starts (`000012-`): what erasing the message deletes. */
export function emlFilePrefix(outboxId: number): string {
  return `${String(outboxId).padStart(6, '0')}-`;
}

export function emlFileName(outboxId: number, message: EmailMessage): string {
  return `${emlFilePrefix(outboxId)}${message.audience}.eml`;
}

export function emlDirectoryTransport(directory: string): MailTransport {
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'eml',
    async send(message, outboxId, messageId) {
      ready ??= mkdir(directory, { recursive: true, mode: 0o700 });
      await ready;
      const eml = await composeEml(message, outboxId, messageId);
      const target = join(directory, emlFileName(outboxId, message));
      // Write then rename: a reader never sees half a message.
      const partial = `${target}.partial`;
      // A message holds personal data: only the process's owner reads it.
      await writeFile(partial, eml, { mode: 0o600 });
      await rename(partial, target);
    },
    close() {
      // Nothing stays open: each file is written and closed by its send.
    },
    async forget(outboxId) {
      const prefix = emlFilePrefix(outboxId);
      for (const name of await readdir(directory).catch(() => [])) {
        if (name.startsWith(prefix)) await rm(join(directory, name), { force: true });
      }
    },
  };
}
