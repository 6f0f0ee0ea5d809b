/**
 * ARCO requests as the command line and the inbox both run them: find (a look, audited), access (the export,
 * recorded as answered), cancellation (erasure, recorded), opposition and revocation (the exclusion list,
 * recorded), a request registered to be answered later, and rectification of a lead's contact data. Each
 * right lives in its own file under ./rights/, given the context built here once; each action that answers
 * a request records it in the register and the audit trail in its own transaction.
 */
import { leadPrivacy } from './lead-privacy.ts';
import { pendingRewrites } from './pending-rewrites.ts';
import { refusedScoringAmong } from './refusals.ts';
import { createRequestStore, type RequestKind } from './requests.ts';
import { answerAccess } from './rights/access.ts';
import { answerCancellation } from './rights/cancel.ts';
import { privacyContext, type ActionOptions, type PrivacyServiceOptions } from './rights/context.ts';
import { findAudited } from './rights/find.ts';
import { answerObjection } from './rights/object.ts';
import { rectifyContact, type Rectification, type RectifyOptions } from './rights/rectify.ts';
import { registerRequest } from './rights/register.ts';
import type { Lookup } from './subject.ts';

export type { LeadPrivacy } from './lead-privacy.ts';
export type { PrivacyServiceOptions } from './rights/context.ts';
export { contactVersion, rectificationSchema } from './rights/rectify.ts';

export function createPrivacyService(options: PrivacyServiceOptions) {
  const context = privacyContext(options);
  return {
    audit: context.audit,
    async requests() {
      return createRequestStore(context.storage, await context.hashKey());
    },
    /** Everything held about the person (audited, not a request). */
    find: (lookup: Lookup, options: Parameters<typeof findAudited>[2]) => findAudited(context, lookup, options),
    /** Acceso: the document handed to the person, and the request answered with it. */
    access: (lookup: Lookup, options: Parameters<typeof answerAccess>[2]) => answerAccess(context, lookup, options),
    /** Cancelación: the person's data erased everywhere, the request recorded with what was done. */
    cancel: (lookup: Lookup, options: Parameters<typeof answerCancellation>[2]) =>
      answerCancellation(context, lookup, options),
    /** Oposición or revocación: on the exclusion list, queued e-mails stopped, the request recorded. */
    object: (lookup: Lookup, options: Parameters<typeof answerObjection>[2]) =>
      answerObjection(context, lookup, options),
    /** A request received and not answered yet: it enters the register with its deadline. */
    register: (request: { kind: RequestKind; email: string; detail?: string | undefined }, options: ActionOptions) =>
      registerRequest(context, request, options),
    /** Rectification of a lead's contact data, recorded as an ARCO request when the person asked for it. */
    rectify: (leadId: number, changes: Rectification, options: RectifyOptions) =>
      rectifyContact(context, leadId, changes, options),
    /** Which of the leads refused to be scored: the inbox shows them without a score. */
    unscored: (leadIds: readonly number[]): Promise<Set<number>> => refusedScoringAmong(context.storage, leadIds),
    /** Tables whose files still hold old versions of erased or corrected data. */
    pendingRewrites: () => pendingRewrites(context.storage),
    /** What the lead's page shows about the person's consent. */
    leadPrivacy: (leadId: number) => leadPrivacy(context, leadId),
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
