/**
 * Cancelación: the person's future meetings cancelled first (their invites must leave while the addresses
 * exist), then their data erased everywhere in one transaction with the request recorded, then the files.
 */
import { createAuditLog } from '../audit.ts';
import { eraseInTransaction, finishErasure, type ErasureResult } from '../erase.ts';
import { patternsOf, redact } from '../identity.ts';
import { createRequestStore } from '../requests.ts';
import { resolveSubject, type Lookup } from '../subject.ts';
import type { ActionOptions, PrivacyContext } from './context.ts';

/** What cancelling a meeting before an erasure changes besides the rows the erasure reaches itself. */
const CANCEL_TABLES = ['bookings', 'leads', 'meetings', 'meeting_events', 'meeting_reminders', 'outbox'];

/** Counts of an erasure, without personal data, as the register keeps them. */
function erasureOutcome(result: Pick<ErasureResult, 'tables' | 'sentMessageIds'>) {
  const counts = Object.fromEntries(
    Object.entries(result.tables)
      .filter(([, outcome]) => outcome.anonymised + outcome.deleted + outcome.redacted > 0)
      .map(([table, outcome]) => [
        table,
        { anonimizadas: outcome.anonymised, borradas: outcome.deleted, citasBorradas: outcome.redacted },
      ]),
  );
  return { tablas: counts, correosYaEnviados: result.sentMessageIds };
}

export async function answerCancellation(
  context: PrivacyContext,
  lookup: Lookup,
  options: ActionOptions & { reason: string },
): Promise<{ requestId: number; result: ErasureResult }> {
  const { storage, outboxDir, beforeErasure } = context;
  const secret = await context.hashKey();
  let cancelledMeetings = 0;
  if (beforeErasure) {
    const { leadIds } = await resolveSubject(storage, lookup, secret);
    if (leadIds.length > 0) cancelledMeetings = await beforeErasure(leadIds);
  }
  const { requestId, plan } = await storage.transaction(async (tx) => {
    const subject = await resolveSubject(tx, lookup, secret);
    const plan = await eraseInTransaction(
      tx,
      subject,
      { now: options.now, identifiers: subject.identifiers, why: 'cancelacion' },
      outboxDir,
    );
    const requestId = await createRequestStore(tx, secret).answer(
      {
        kind: 'cancelacion',
        email: lookup.email,
        receivedOn: options.receivedOn,
        // The operator's reason must not quote the person it erases.
        detail: redact(options.reason, patternsOf(subject.identifiers)),
        now: options.now,
      },
      { actor: options.actor, outcome: erasureOutcome(plan), keepEmail: false, now: options.now },
    );
    await createAuditLog(tx).record({
      actor: options.actor,
      action: 'arco_cancel',
      target: `request:${requestId}`,
      detail: { leads: subject.leadIds.length, files: plan.files.length },
      at: options.now,
    });
    return { requestId, plan };
  });
  // Cancelling a meeting deleted its booking (with the address) and wrote its invites: both rewritten.
  const result = await finishErasure(storage, plan, {
    now: options.now,
    alsoRewrite: cancelledMeetings > 0 ? CANCEL_TABLES : [],
    compaction: context.compaction,
  });
  await createRequestStore(storage, secret).rewriteOutcome(requestId, {
    ...erasureOutcome(result),
    archivosBorrados: result.filesDeleted,
    reescritura: result.compaction.detail,
  });
  return { requestId, result };
}
