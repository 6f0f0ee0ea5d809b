/** Everything held about the person: a look, not a request, recorded in the audit trail. */
import { findPerson, type Finding } from '../find.ts';
import { maskEmail } from '../identity.ts';
import { resolveSubject, type Lookup } from '../subject.ts';
import type { Operator, PrivacyContext } from './context.ts';

export async function findAudited(
  context: PrivacyContext,
  lookup: Lookup,
  options: { actor: Operator; now: Date },
): Promise<Finding> {
  const { storage, outboxDir, audit } = context;
  const subject = await resolveSubject(storage, lookup, await context.hashKey());
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
}
