/** E-mail subjects by kind of lead and audience, as content/emails.yaml words them (`{product}` is the brand). */
import type { EmailCopy } from '../../core/content/emails.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { fillTemplate } from '../../core/text-template.ts';

export type Audience = 'client' | 'internal';

/** `subjects.unknown` when the kind or the audience is unknown (a message re-sent from an old row, say). */
export function emailSubject(
  subjects: EmailCopy['subjects'],
  kind: LeadKind | undefined,
  audience: Audience | undefined,
  product: string,
): string {
  const subject = kind && audience ? subjects[audience][kind] : subjects.unknown;
  return fillTemplate(subject, { product });
}
