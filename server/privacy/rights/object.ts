/** Oposición or revocación: on the exclusion list, queued e-mails stopped, the request recorded. */
import { createAuditLog } from '../audit.ts';
import { recordObjection, stopQueuedMail, type ObjectionKind } from '../objections.ts';
import { createRequestStore } from '../requests.ts';
import { resolveSubject, type Lookup } from '../subject.ts';
import type { ActionOptions, PrivacyContext } from './context.ts';

export async function answerObjection(
  context: PrivacyContext,
  lookup: Lookup,
  options: ActionOptions & { kind: ObjectionKind; reason: string },
): Promise<{ requestId: number; stopped: number }> {
  const secret = await context.hashKey();
  return context.storage.transaction(async (tx) => {
    const subject = await resolveSubject(tx, lookup, secret);
    const stopped = await stopQueuedMail(tx, subject.leadIds);
    const requestId = await createRequestStore(tx, secret).answer(
      {
        kind: options.kind,
        email: lookup.email,
        receivedOn: options.receivedOn,
        detail: options.reason,
        now: options.now,
      },
      {
        actor: options.actor,
        outcome: { leads: subject.leadIds.length, correosDetenidos: stopped },
        keepEmail: true,
        now: options.now,
      },
    );
    await recordObjection(tx, {
      kind: options.kind,
      emailHashes: subject.emailHashes,
      at: options.now,
      requestId,
    });
    await createAuditLog(tx).record({
      actor: options.actor,
      action: 'arco_objection',
      target: `request:${requestId}`,
      detail: { kind: options.kind, leads: subject.leadIds.length, stopped },
      at: options.now,
    });
    return { requestId, stopped };
  });
}
