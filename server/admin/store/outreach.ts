/**
 * An e-mail written to a lead's client from the inbox: queued in the outbox and recorded in the lead's
 * history in one transaction, so the history never names a message that was not queued, or the reverse.
 */
import { createOutboxStore } from '../../db/outbox.ts';
import type { Storage } from '../../db/storage.ts';
import type { OutboxDraft } from '../mail.ts';
import { lockLead } from './deals.ts';
import { addPipelineEvent } from './pipeline-events.ts';

export interface QueuedEmail {
  leadId: number;
  userId: number;
  draft: OutboxDraft;
  /** As typed, for the history. */
  subject: string;
  body: string;
  now: Date;
}

async function queueClientEmail(storage: Storage, email: QueuedEmail): Promise<number> {
  return storage.transaction(async (tx) => {
    await lockLead(tx, email.leadId);
    const at = email.now.toISOString();
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
