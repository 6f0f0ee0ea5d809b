/**
 * Rectification of a lead's contact data: its columns and its fields, everything derived from or quoting the
 * old values (../rectify.ts), a note in its history, recorded as an ARCO request when the person asked for
 * it; after the commit the `.eml` files are written again and the database's files rewritten.
 */
import { z } from 'zod/mini';
import { optionalPhone, optionalText, requiredEmail, requiredText } from '../../../core/forms/fields.ts';
import { leadContact, writeLeadContact, type LeadContactRow } from '../../lead/privacy-store.ts';
import type { Transaction } from '../../db/storage.ts';
import { refuse } from '../../errors.ts';
import { createAuditLog, type Actor } from '../audit.ts';
import type { Compaction } from '../compact.ts';
import { normalizeEmail } from '../identity.ts';
import { rewriteRecorded } from '../pending-rewrites.ts';
import { rewriteDerived, rewriteOutboxFiles } from '../rectify.ts';
import { createRequestStore } from '../requests.ts';
import type { ActionOptions, PrivacyContext } from './context.ts';

/** What rectification may change on a lead: the contact data the forms ask for. */
export const rectificationSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: optionalText(),
  phone: optionalPhone(),
});

export type Rectification = z.output<typeof rectificationSchema>;

/** The fields by the names the history and the register give them. */
export const RECTIFIABLE = { name: 'nombre', email: 'correo', company: 'empresa', phone: 'teléfono' } as const;

type Field = keyof typeof RECTIFIABLE;

/** The contact values a rectification form was shown with, to tell whether someone changed them meanwhile. */
export function contactVersion(lead: { name: string; email: string; company?: string | null; phone?: string | null }) {
  return JSON.stringify([lead.name, lead.email, lead.company ?? '', lead.phone ?? '']);
}

export type RectifyOptions = ActionOptions & {
  actor: Extract<Actor, { kind: 'account' }>;
  version: string;
  asRequest: boolean;
};

/** The lead's columns and fields JSON take the new contact values; the other fields stay. */
async function writeContact(
  tx: Transaction,
  leadId: number,
  lead: LeadContactRow,
  next: { name: string; email: string; company: string | undefined; phone: string | undefined },
  email: boolean,
) {
  // The fields JSON says the same as the columns: the contact fields are replaced, the rest stays.
  const stored = JSON.parse(lead.fields) as Record<string, string>;
  const fields = {
    ...Object.fromEntries(Object.entries(stored).filter(([name]) => !Object.hasOwn(RECTIFIABLE, name))),
    ...Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  };
  await writeLeadContact(
    tx,
    leadId,
    {
      name: next.name,
      email: next.email,
      company: next.company ?? null,
      phone: next.phone ?? null,
      fields: JSON.stringify(fields),
    },
    email ? normalizeEmail(next.email) : undefined,
  );
}

/** The history and the audit trail say what was corrected, never the old values. */
async function recordRectification(
  tx: Transaction,
  leadId: number,
  list: string,
  requestId: number | undefined,
  options: RectifyOptions,
) {
  // Keeping the old values would undo the correction.
  await tx.run("INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, body) VALUES ($1, $2, 'note', $3, $4)", [
    leadId,
    options.actor.id,
    options.now.toISOString(),
    `Rectificación de datos de contacto: ${list}${requestId ? ` (solicitud ARCO n.º ${requestId})` : ''}.`,
  ]);
  await createAuditLog(tx).record({
    actor: options.actor,
    action: 'arco_rectify',
    target: `lead:${leadId}`,
    detail: { campos: list, ...(requestId ? { request: requestId } : {}) },
    at: options.now,
  });
}

/** Refuses with `inboxStaleContact` when `options.version` is outdated, `inboxLeadNotFound` when the lead is gone. */
export async function rectifyContact(
  context: PrivacyContext,
  leadId: number,
  changes: Rectification,
  options: RectifyOptions,
): Promise<{ changed: string[]; requestId: number | undefined; rewrite: Compaction | undefined }> {
  const { storage, outboxDir, facts } = context;
  const secret = await context.hashKey();
  const done = await storage.transaction(async (tx) => {
    await tx.lock(`inbox-lead:${leadId}`);
    const lead = await leadContact(tx, leadId);
    if (!lead) throw refuse('inboxLeadNotFound');
    // The lead changed (or was anonymised) since the form was shown.
    if (lead.anonymised_at !== null || contactVersion(lead) !== options.version) throw refuse('inboxStaleContact');
    const next = { name: changes.name, email: changes.email, company: changes.company, phone: changes.phone };
    const changed = (Object.keys(RECTIFIABLE) as Field[]).filter(
      (field) => (lead[field] ?? '') !== (next[field] ?? ''),
    );
    if (changed.length === 0) return { changed: [], requestId: undefined, plan: undefined };
    await writeContact(tx, leadId, lead, next, changed.includes('email'));
    // Everything computed from or quoting the old values takes the new ones (search, score, e-mails, notes).
    const derived = await rewriteDerived(tx, leadId, lead, next, facts);
    const plan = { ...derived, tables: [...derived.tables, ...(changed.includes('email') ? ['bookings'] : [])] };
    const names = changed.map((field) => RECTIFIABLE[field]);
    const requestId = options.asRequest
      ? await createRequestStore(tx, secret).answer(
          { kind: 'rectificacion', email: next.email, receivedOn: options.receivedOn, now: options.now },
          { actor: options.actor, outcome: { lead: leadId, campos: names }, keepEmail: true, now: options.now },
        )
      : undefined;
    await recordRectification(tx, leadId, names.join(', '), requestId, options);
    return { changed: names, requestId, plan };
  });
  if (!done.plan) return { changed: done.changed, requestId: done.requestId, rewrite: undefined };
  // The old values also leave the files: the e-mails written again, the database's pages rewritten.
  await rewriteOutboxFiles(storage, outboxDir, done.plan.outboxIds);
  const rewrite = await rewriteRecorded(storage, done.plan.tables, 'rectificacion', options.now, context.compaction);
  // As a cancellation's does, the register says when the old values could not leave the files yet.
  if (!rewrite.complete && done.requestId !== undefined)
    await createRequestStore(storage, secret).rewriteOutcome(done.requestId, {
      lead: leadId,
      campos: done.changed,
      reescritura: rewrite.detail,
    });
  return { changed: done.changed, requestId: done.requestId, rewrite };
}
