/**
 * What the inbox needs from the e-mail side, as an interface the process fills in (server/services.ts with
 * server/email/account-mail.ts): the inbox imports no e-mail code, it only asks for a message to be queued.
 */
import type { Queryable } from '../db/storage.ts';

export interface AccountMailer {
  /** Queues the one-time sign-in link e-mail in the outbox, inside `db` (the link's own transaction). */
  queueSignInLink(db: Queryable, mail: { to: string; name: string; url: string; minutes: number }): Promise<void>;
}
