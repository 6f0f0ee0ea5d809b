/**
 * ARCO requests as the command line and the inbox both run them: find (a look, audited), access (the export,
 * recorded as answered), cancellation (erasure, recorded), opposition and revocation (the exclusion list,
 * recorded), a request registered to be answered later, and rectification of a lead's contact data. Each
 * action that answers a request records it in the register and the audit trail in its own transaction.
 */
import { z } from 'zod/mini';
import type { ContentFacts } from '../../core/content/load.ts';
import { optionalPhone, optionalText, requiredEmail, requiredText } from '../../core/forms/fields.ts';
import type { Storage } from '../db/storage.ts';
import { createAuditLog, type Actor } from './audit.ts';
import { eraseInTransaction, finishErasure, type ErasureResult } from './erase.ts';
import { accessDocument, type AccessDocument } from './export.ts';
import { findPerson, type Finding } from './find.ts';
import { emailHash, maskEmail, normalizeEmail, patternsOf, redact } from './identity.ts';
import { privacyHashKey, recordObjection, stopQueuedMail, type ObjectionKind } from './objections.ts';
import { rewriteDerived, rewriteOutboxFiles } from './rectify.ts';
import { compactAfterErasure } from './compact.ts';
import { refusalsFor, refusedScoringAmong } from './refusals.ts';
import { createRequestStore, type RequestKind } from './requests.ts';
import { resolveSubject, type Lookup } from './subject.ts';

/** What cancelling a meeting before an erasure changes besides the rows the erasure reaches itself. */
const CANCEL_TABLES = ['bookings', 'leads', 'meetings', 'meeting_events', 'meeting_reminders', 'outbox'];

/** Who answers a request: an inbox account or an operator at the terminal. */
export type Operator = Extract<Actor, { kind: 'account' } | { kind: 'terminal' }>;

export interface PrivacyServiceOptions {
  storage: Storage;
  /** Where the outbox writes `.eml` files (OUTBOX_DIR). */
  outboxDir: string;
  facts: Pick<ContentFacts, 'lists' | 'privacy' | 'offers'>;
  /**
   * Runs before a cancellation erases the person: their future meetings cancelled in every calendar (the
   * CANCEL invites must leave while the addresses still exist). Returns how many invites it composed.
   */
  beforeErasure?: ((leadIds: readonly number[]) => Promise<number>) | undefined;
}

export interface ActionOptions {
  actor: Operator;
  now: Date;
  /** `YYYY-MM-DD` the request was received, when earlier than today. */
  receivedOn?: string | undefined;
}

/** What rectification may change on a lead: the contact data the forms ask for. */
export const rectificationSchema = z.object({
  name: requiredText(),
  email: requiredEmail(),
  company: optionalText(),
  phone: optionalPhone(),
});

export type Rectification = z.output<typeof rectificationSchema>;

export const RECTIFIABLE = { name: 'nombre', email: 'correo', company: 'empresa', phone: 'teléfono' } as const;

export class LeadGoneError extends Error {
  override name = 'LeadGoneError';
}

/** The lead changed (or was anonymised) since the form was shown. */
export class StaleContactError extends Error {
  override name = 'StaleContactError';
}

export interface LeadPrivacy {
  refusals: Array<{ id: string; label: string }>;
  objection: { kind: ObjectionKind; at: string } | undefined;
  anonymisedAt: string | null;
  /** The last rectification that changed the e-mail address: who (null: an account since deleted) and when. */
  emailChange: { by: string | null; at: string } | undefined;
}

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

/** The contact values a rectification form was shown with, to tell whether someone changed them meanwhile. */
export function contactVersion(lead: { name: string; email: string; company?: string | null; phone?: string | null }) {
  return JSON.stringify([lead.name, lead.email, lead.company ?? '', lead.phone ?? '']);
}

export function createPrivacyService(options: PrivacyServiceOptions) {
  const { storage, outboxDir, facts, beforeErasure } = options;
  const audit = createAuditLog(storage);
  let key: Promise<string> | undefined;
  const hashKey = () => {
    key ??= privacyHashKey(storage).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const formNames: Readonly<Record<string, string>> = facts.privacy.forms;

  return {
    audit,
    async requests() {
      return createRequestStore(storage, await hashKey());
    },

    /** Everything held about the person (audited, not a request). */
    async find(lookup: Lookup, options: { actor: Operator; now: Date }): Promise<Finding> {
      const subject = await resolveSubject(storage, lookup, await hashKey());
      const finding = await findPerson(storage, subject, lookup, outboxDir, options.now);
      // Whom the look was for: the first lead found (the others by number) and the address, masked.
      const [first, ...others] = subject.leadIds;
      await audit.record({
        actor: options.actor,
        action: 'arco_find',
        ...(first === undefined ? {} : { target: `lead:${first}` }),
        detail: {
          leads: subject.leadIds.length,
          correo: maskEmail(lookup.email),
          ...(others.length > 0 ? { otrosLeads: others.map((id) => `lead:${id}`).join(',') } : {}),
        },
        at: options.now,
      });
      return finding;
    },

    /** Acceso: the document handed to the person, and the request answered with it. */
    async access(
      lookup: Lookup,
      options: ActionOptions & { detail?: string },
    ): Promise<{ requestId: number; document: AccessDocument }> {
      const secret = await hashKey();
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
    },

    /** Cancelación: the person's data erased everywhere, the request recorded with what was done. */
    async cancel(
      lookup: Lookup,
      options: ActionOptions & { reason: string },
    ): Promise<{ requestId: number; result: ErasureResult }> {
      const secret = await hashKey();
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
      const result = await finishErasure(storage, plan, cancelledMeetings > 0 ? CANCEL_TABLES : []);
      await storage.run('UPDATE privacy_requests SET outcome = $1 WHERE id = $2', [
        JSON.stringify({
          ...erasureOutcome(result),
          archivosBorrados: result.filesDeleted,
          reescritura: result.compaction.detail,
        }),
        requestId,
      ]);
      return { requestId, result };
    },

    /** Oposición or revocación: on the exclusion list, queued e-mails stopped, the request recorded. */
    async object(
      lookup: Lookup,
      options: ActionOptions & { kind: ObjectionKind; reason: string },
    ): Promise<{ requestId: number; stopped: number }> {
      const secret = await hashKey();
      return storage.transaction(async (tx) => {
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
    },

    /** A request received and not answered yet: it enters the register with its deadline. */
    async register(
      request: { kind: RequestKind; email: string; detail?: string | undefined },
      options: ActionOptions,
    ): Promise<number> {
      const secret = await hashKey();
      return storage.transaction(async (tx) => {
        const id = await createRequestStore(tx, secret).open({
          ...request,
          receivedOn: options.receivedOn,
          now: options.now,
        });
        await createAuditLog(tx).record({
          actor: options.actor,
          action: 'arco_request',
          target: `request:${id}`,
          detail: { kind: request.kind },
          at: options.now,
        });
        return id;
      });
    },

    /**
     * Rectification of a lead's contact data (its columns and its fields), written in its history; recorded
     * as an ARCO request when the person asked for it. Throws StaleContactError when `version` is outdated.
     */
    async rectify(
      leadId: number,
      changes: Rectification,
      options: ActionOptions & { actor: Extract<Actor, { kind: 'account' }>; version: string; asRequest: boolean },
    ): Promise<{ changed: string[]; requestId: number | undefined }> {
      const secret = await hashKey();
      const done = await storage.transaction(async (tx) => {
        await tx.lock(`inbox-lead:${leadId}`);
        const lead = await tx.get<{
          name: string;
          email: string;
          company: string | null;
          phone: string | null;
          fields: string;
          anonymised_at: string | null;
        }>('SELECT name, email, company, phone, fields, anonymised_at FROM leads WHERE id = $1', [leadId]);
        if (!lead) throw new LeadGoneError(`No existe el lead ${leadId}.`);
        if (lead.anonymised_at !== null || contactVersion(lead) !== options.version)
          throw new StaleContactError('Los datos cambiaron mientras los veías.');
        const next = { name: changes.name, email: changes.email, company: changes.company, phone: changes.phone };
        const changed = (Object.keys(RECTIFIABLE) as Array<keyof typeof RECTIFIABLE>).filter(
          (field) => (lead[field] ?? '') !== (next[field] ?? ''),
        );
        if (changed.length === 0) return { changed: [], requestId: undefined, plan: undefined };
        // The fields JSON says the same as the columns: the contact fields are replaced, the rest stays.
        const stored = JSON.parse(lead.fields) as Record<string, string>;
        const fields = {
          ...Object.fromEntries(Object.entries(stored).filter(([name]) => !Object.hasOwn(RECTIFIABLE, name))),
          ...Object.fromEntries(
            Object.entries(next).filter((entry): entry is [string, string] => entry[1] !== undefined),
          ),
        };
        await tx.run('UPDATE leads SET name = $1, email = $2, company = $3, phone = $4, fields = $5 WHERE id = $6', [
          next.name,
          next.email,
          next.company ?? null,
          next.phone ?? null,
          JSON.stringify(fields),
          leadId,
        ]);
        if (changed.includes('email'))
          await tx.run('UPDATE bookings SET email = $1 WHERE lead_id = $2', [normalizeEmail(next.email), leadId]);
        // Everything computed from or quoting the old values takes the new ones (search, score, e-mails, notes).
        const derived = await rewriteDerived(tx, leadId, lead, next, facts);
        const plan = { ...derived, tables: [...derived.tables, ...(changed.includes('email') ? ['bookings'] : [])] };
        const requestId = options.asRequest
          ? await createRequestStore(tx, secret).answer(
              { kind: 'rectificacion', email: next.email, receivedOn: options.receivedOn, now: options.now },
              {
                actor: options.actor,
                outcome: { lead: leadId, campos: changed.map((field) => RECTIFIABLE[field]) },
                keepEmail: true,
                now: options.now,
              },
            )
          : undefined;
        const list = changed.map((field) => RECTIFIABLE[field]).join(', ');
        // The history says what was corrected, never the old values (keeping them would undo the correction).
        await tx.run(
          "INSERT INTO inbox_lead_events (lead_id, user_id, kind, at, body) VALUES ($1, $2, 'note', $3, $4)",
          [
            leadId,
            options.actor.id,
            options.now.toISOString(),
            `Rectificación de datos de contacto: ${list}${requestId ? ` (solicitud ARCO n.º ${requestId})` : ''}.`,
          ],
        );
        await createAuditLog(tx).record({
          actor: options.actor,
          action: 'arco_rectify',
          target: `lead:${leadId}`,
          detail: { campos: list, ...(requestId ? { request: requestId } : {}) },
          at: options.now,
        });
        return { changed: changed.map((field) => RECTIFIABLE[field]), requestId, plan };
      });
      if (done.plan) {
        // The old values also leave the files: the e-mails written again, the database's pages rewritten.
        await rewriteOutboxFiles(storage, outboxDir, done.plan.outboxIds);
        await compactAfterErasure(storage, done.plan.tables);
      }
      return { changed: done.changed, requestId: done.requestId };
    },

    /** Which of the leads refused to be scored: the inbox shows them without a score. */
    unscored(leadIds: readonly number[]): Promise<Set<number>> {
      return refusedScoringAmong(storage, leadIds);
    },

    /** What the lead's page shows about the person's consent. */
    async leadPrivacy(leadId: number): Promise<LeadPrivacy> {
      const secret = await hashKey();
      const lead = await storage.get<{ email: string; anonymised_at: string | null }>(
        'SELECT email, anonymised_at FROM leads WHERE id = $1',
        [leadId],
      );
      const purposes = new Map(facts.privacy.purposes.voluntary.map((purpose) => [purpose.id, purpose.short]));
      const refusals = (await refusalsFor(storage, leadId)).map((id) => ({ id, label: purposes.get(id) ?? id }));
      const objection = lead?.email
        ? await storage.get<{ kind: ObjectionKind; at: string }>(
            'SELECT kind, at FROM privacy_objections WHERE email_hash = $1 ORDER BY at DESC LIMIT 1',
            [emailHash(lead.email, secret)],
          )
        : undefined;
      // The register names the changed fields (never the values), so it tells who changed the address.
      const change = await storage.get<{ at: string; name: string | null }>(
        `SELECT a.at, u.name FROM audit_log a LEFT JOIN inbox_users u ON u.id = a.actor_id
         WHERE a.target = $1 AND a.action = 'arco_rectify' AND a.detail LIKE $2 ORDER BY a.id DESC LIMIT 1`,
        [`lead:${leadId}`, `%${RECTIFIABLE.email}%`],
      );
      return {
        refusals,
        objection,
        anonymisedAt: lead?.anonymised_at ?? null,
        emailChange: change ? { by: change.name, at: change.at } : undefined,
      };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
