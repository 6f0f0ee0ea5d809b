/** What the lead's page in the inbox shows about the person's consent and the corrections of their address. */
import { leadContact } from '../lead/privacy-store.ts';
import { emailHash } from './identity.ts';
import type { ObjectionKind } from './objections.ts';
import { refusalsFor } from './refusals.ts';
import type { PrivacyContext } from './rights/context.ts';
import { RECTIFIABLE } from './rights/rectify.ts';

export interface LeadPrivacy {
  refusals: Array<{ id: string; label: string }>;
  objection: { kind: ObjectionKind; at: string } | undefined;
  anonymisedAt: string | null;
  /** The last rectification that changed the e-mail address: who (null: an account since deleted) and when. */
  emailChange: { by: string | null; at: string } | undefined;
}

export async function leadPrivacy(context: PrivacyContext, leadId: number): Promise<LeadPrivacy> {
  const { storage, facts } = context;
  const secret = await context.hashKey();
  const lead = await leadContact(storage, leadId);
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
}
