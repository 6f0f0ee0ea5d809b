/**
 * An e-mail written to a lead's client from the inbox: queued in the outbox and recorded in the lead's
 * history in one transaction, so the history never names a message that was not queued, or the reverse.
 * Each account sends at most a set number an hour (counted under a lock on the account, on every instance):
 * a stolen or careless session cannot turn the brand's address into a spam cannon.
 */
import { createOutboxStore } from '../../db/outbox.ts';
import type { Storage } from '../../db/storage.ts';
import type { OutboxDraft } from '../mail.ts';
import { lockLead } from './deals.ts';
import { addPipelineEvent } from './pipeline-events.ts';
import { refuse } from '../../errors.ts';

export interface QueuedEmail {
  leadId: number;
  userId: number;
  draft: OutboxDraft;
  /** As typed, for the history. */
  subject: string;
  body: string;
  now: Date;
  /** The account's e-mails allowed in the hour before `now`. */
  perHour: number;
}

async function queueClientEmail(storage: Storage, email: QueuedEmail): Promise<number> {
  return storage.transaction(async (tx) => {
    await tx.lock(`inbox-send:${email.userId}`);
    await lockLead(tx, email.leadId);
    const at = email.now.toISOString();
    const since = new Date(email.now.getTime() - 3_600_000).toISOString();
    const sent = await tx.get<{ count: number }>(
      "SELECT count(*) AS count FROM pipeline_events WHERE user_id = $1 AND kind = 'email' AND at > $2",
      [email.userId, since],
    );
    if ((sent?.count ?? 0) >= email.perHour) throw refuse('inboxSendLimit', { perHour: email.perHour });
    const outboxId = await createOutboxStore(tx).enqueue({ leadId: email.leadId, ...email.draft, now: at });
    await addPipelineEvent(tx, {
      leadId: email.leadId,
      userId: email.userId,
      kind: 'email',
      at,
      summary: email.subject,
      body: email.body,
      outboxId,
    });
    return outboxId;
  });
}

export function createOutreachStore(storage: Storage) {
  return { queueClientEmail: (email: QueuedEmail) => queueClientEmail(storage, email) };
}

export type OutreachStore = ReturnType<typeof createOutreachStore>;
