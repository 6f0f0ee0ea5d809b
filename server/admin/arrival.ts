/**
 * What the lead API calls inside a new lead's transaction: the inbox assigns it (server/admin/store/arrival.ts)
 * and queues the assignee's notice in the same transaction, so a lead is never assigned without its
 * notice, nor noticed without being stored.
 */
import { createOutboxStore } from '../db/outbox.ts';
import type { Transaction } from '../db/storage.ts';
import { consultantFor, type ConsultantDirectory } from '../lead/consultants.ts';
import type { InboxMail } from './mail.ts';
import { assignOnArrival } from './store/arrival.ts';

/** A lead just inserted by the submission's transaction. */
export interface ArrivingLead {
  id: number;
  name: string;
  fields: Readonly<Record<string, string>>;
  receivedAt: string;
}

export type ArrivalHook = (tx: Transaction, lead: ArrivingLead) => Promise<void>;

export function arrivalAssignment(mail: InboxMail, consultants: ConsultantDirectory): ArrivalHook {
  return async (tx, lead) => {
    const consultant = consultantFor(lead, consultants);
    const assignee = await assignOnArrival(tx, { id: lead.id, consultantEmail: consultant.email }, lead.receivedAt);
    if (!assignee) return;
    const draft = mail.assigned({
      to: { name: assignee.name, email: assignee.email },
      leadId: lead.id,
      client: lead.name,
      reason: assignee.reason,
    });
    await createOutboxStore(tx).enqueue({ leadId: lead.id, ...draft, now: lead.receivedAt });
  };
}
