/**
 * What the inbox asks of e-mail: messages composed elsewhere (server/inbox-email/inbox-mail.ts, handed in by
 * server/services.ts) and written to the outbox by the inbox in the same transaction as what they belong to
 * (the history that records them, the sign-in link they carry). The inbox never sends mail itself and
 * imports no e-mail code.
 */
import type { SalesEmailCopy } from '../../core/content/sales-emails.ts';

/** A composed message, ready for `outbox` (its `message` is the JSON the outbox worker reads). */
export interface OutboxDraft {
  audience: 'client' | 'internal' | 'account';
  recipient: string;
  subject: string;
  message: string;
  messageId: string;
}

export interface Person {
  name: string;
  email: string;
}

/** An e-mail a salesperson writes to a lead's client from the lead's page. */
export interface ClientEmail {
  /** The lead's own e-mail address: the only recipient a message from a lead's page can have. */
  to: string;
  /** Who wrote it: replies go to them. */
  sender: Person;
  subject: string;
  body: string;
}

export interface DigestFollowUp {
  leadId: number;
  name: string;
  nextStep: string;
  /** `YYYY-MM-DD`. */
  nextStepDate: string;
}

export interface DigestMeeting {
  leadId: number;
  name: string;
  /** `HH:mm` in Mexico City. */
  time: string;
}

/** A salesperson's day: their overdue and due next steps, and their leads' meetings today. */
export interface Digest {
  to: Person & { id: number };
  /** Mexico City date, `YYYY-MM-DD`. */
  day: string;
  overdue: readonly DigestFollowUp[];
  today: readonly DigestFollowUp[];
  meetings: readonly DigestMeeting[];
  /** For admins: today's meetings of leads nobody is assigned to (nobody else would hear of them). */
  unassignedMeetings: readonly DigestMeeting[];
}

/** The one-time sign-in link a throttled account asks for (server/admin/sign-in-link.ts). */
export interface SignInLinkMail {
  to: string;
  name: string;
  /** The absolute link, with its token. */
  url: string;
  minutes: number;
}

/** Why a new lead went to its assignee on arrival. */
export type ArrivalReason = 'turn' | 'consultant';

/** The notice to whoever a new lead was assigned to on arrival. */
export interface AssignedLeadMail {
  to: Person;
  leadId: number;
  /** The client's name as they typed it. */
  client: string;
  reason: ArrivalReason;
}

export interface InboxMail {
  /** The templates, the WhatsApp greeting and the digest's wording (content/sales-emails.yaml). */
  copy: SalesEmailCopy;
  /** The brand as the messages name it ({marca}). */
  brandName: string;
  toClient(email: ClientEmail): OutboxDraft;
  digest(digest: Digest): OutboxDraft;
  /** To the account's owner, about no lead (audience `account`). */
  signInLink(mail: SignInLinkMail): OutboxDraft;
  /** To the account a new lead was assigned to on arrival (audience `internal`). */
  assigned(mail: AssignedLeadMail): OutboxDraft;
}
