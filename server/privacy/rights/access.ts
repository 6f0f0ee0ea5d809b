/** Acceso: the document handed to the person, and the request answered with it, in one transaction. */
import { createAuditLog } from '../audit.ts';
import { accessDocument, type AccessDocument } from '../export.ts';
import { createRequestStore } from '../requests.ts';
import { resolveSubject, type Lookup } from '../subject.ts';
import type { ActionOptions, PrivacyContext } from './context.ts';

export async function answerAccess(
  context: PrivacyContext,
  lookup: Lookup,
  options: ActionOptions & { detail?: string },
): Promise<{ requestId: number; document: AccessDocument }> {
  const { storage, facts, formNames } = context;
  const secret = await context.hashKey();
  return storage.transaction(async (tx) => {
    const subject = await resolveSubject(tx, lookup, secret);
    const document = await accessDocument(tx, subject, lookup.email, facts.lists, formNames, options.now);
    const requestId = await createRequestStore(tx, secret).answer(
      {
        kind: 'acceso',
        email: lookup.email,
        receivedOn: options.receivedOn,
        detail: options.detail,
        now: options.now,
      },
      {
        actor: options.actor,
        outcome: { solicitudes: document.solicitudes.length, registros: document.registros.length },
        keepEmail: true,
        now: options.now,
      },
    );
    await createAuditLog(tx).record({
      actor: options.actor,
      action: 'arco_access',
      target: `request:${requestId}`,
      detail: { leads: subject.leadIds.length },
      at: options.now,
    });
    return { requestId, document };
  });
}
