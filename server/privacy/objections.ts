/**
 * Opposition and revocation of consent stop the processing: the person goes on an exclusion list (a keyed
 * hash of their e-mail and since when), their queued e-mails stop at once, and the outbox worker holds back
 * any later e-mail about data they had given before that moment (a reminder, a resend). A form they send
 * afterwards is a new request of their own, and its e-mails go out.
 */
import { randomBytes } from 'node:crypto';
import { leadContact } from '../lead/privacy-store.ts';
import { stopPendingOfLeads } from '../db/outbox-privacy.ts';
import { ensureSetting } from '../db/settings.ts';
import type { Queryable, Storage } from '../db/storage.ts';
import { emailHash } from './identity.ts';
import { STOPPED_MAIL } from './registry.ts';
import { placeholders } from './subject.ts';

export type ObjectionKind = 'oposicion' | 'revocacion';

export const HASH_KEY_SETTING = 'privacy_hash_key';

/** The key of the e-mail hashes, the same on every instance and command (kept in the database). */
export function privacyHashKey(db: Queryable): Promise<string> {
  return ensureSetting(db, HASH_KEY_SETTING, randomBytes(32).toString('base64url'));
}

export async function recordObjection(
  db: Queryable,
  objection: { kind: ObjectionKind; emailHashes: readonly string[]; at: Date; requestId: number },
): Promise<void> {
  for (const hash of objection.emailHashes) {
    await db.run('INSERT INTO privacy_objections (email_hash, kind, at, request_id) VALUES ($1, $2, $3, $4)', [
      hash,
      objection.kind,
      objection.at.toISOString(),
      objection.requestId,
    ]);
  }
}

/** Queued e-mails of these leads stop (marked failed with the reason); returns how many. */
export function stopQueuedMail(db: Queryable, leadIds: readonly number[]): Promise<number> {
  return stopPendingOfLeads(db, leadIds, STOPPED_MAIL.objection);
}

/** What the outbox worker asks before each send: a reason to hold the message back, or undefined. */
export type MailHoldBack = (message: { lead_id: number | null; recipient: string }) => Promise<string | undefined>;

export function objectionHoldBack(storage: Storage): MailHoldBack {
  let key: Promise<string> | undefined;
  return async (message) => {
    key ??= privacyHashKey(storage);
    const secret = await key.catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    // A message about no lead (an inbox account's sign-in link) is the team's own mail: never held back.
    if (message.lead_id === null) return undefined;
    const lead = await leadContact(storage, message.lead_id);
    const hashes = [...new Set([lead?.email ?? '', message.recipient].filter(Boolean))].map((email) =>
      emailHash(email, secret),
    );
    if (hashes.length === 0) return undefined;
    const objection = await storage.get<{ at: string }>(
      `SELECT max(at) AS at FROM privacy_objections WHERE email_hash IN (${placeholders(hashes.length)})`,
      hashes,
    );
    if (!objection?.at) return undefined;
    return !lead || objection.at >= lead.received_at ? STOPPED_MAIL.objection : undefined;
  };
}
