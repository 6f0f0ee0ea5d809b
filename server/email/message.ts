/**
 * A ready-to-send message, as the templates build it and the outbox keeps it (JSON text in
 * `outbox.message`). The sender reads it back through `storedMessage`, which checks the shape, so a row
 * written by an older version or edited by hand fails its send with a clear error instead of half a mail.
 */
import { z } from 'zod';
import { OUTBOX_AUDIENCES } from '../db/outbox.ts';

const attachmentSchema = z.object({ filename: z.string(), content: z.string(), contentType: z.string() });

const messageSchema = z.object({
  audience: z.enum(OUTBOX_AUDIENCES),
  from: z.string(),
  /** No display name on the client's confirmation: it would be the visitor's own text in the header. */
  to: z.object({ name: z.string().optional(), address: z.string() }),
  replyTo: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  attachments: z.array(attachmentSchema),
});

export type EmailMessage = z.output<typeof messageSchema>;
export type EmailAttachment = z.output<typeof attachmentSchema>;
export type Mailbox = EmailMessage['to'];

export class StoredMessageError extends Error {
  override name = 'StoredMessageError';
}

/** The message of an outbox row; throws `StoredMessageError` when the text is not one. */
export function storedMessage(text: string): EmailMessage {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoredMessageError('El mensaje guardado no es JSON válido.');
  }
  const result = messageSchema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(mensaje)'}: ${issue.message}`);
  throw new StoredMessageError(`El mensaje guardado no tiene la forma de un correo: ${problems.join('; ')}`);
}
