/** What the inbox stores and shows, independent of the engine underneath. */
import type { OutboxAudience } from '../db/outbox.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import type { LeadStatus } from './lifecycle.ts';
import type { Role } from './roles.ts';

export interface AdminUser {
  id: number;
  email: string;
  /** Shown in the history and as assignee; the e-mail when none was given. */
  name: string;
  role: Role;
  active: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

/** A signed-in browser. `id` is the digest of the cookie's token. */
export interface Session {
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  /** Absolute end, whatever the activity. */
  expiresAt: string;
}

/** The team's work on a lead; a lead without one is nuevo and unassigned. */
export interface LeadState {
  status: LeadStatus;
  assigneeId: number | null;
  lostReason: string | null;
  lostDetail: string | null;
  /** First change to contactado or later. */
  firstContactAt: string | null;
  /** First change to propuesta. */
  proposalAt: string | null;
  updatedAt: string | null;
  /** Bumped by every change: a form sent from an outdated page is refused instead of undoing someone's change. */
  version: number;
}

export const NEW_LEAD_STATE: LeadState = {
  status: 'nuevo',
  assigneeId: null,
  lostReason: null,
  lostDetail: null,
  firstContactAt: null,
  proposalAt: null,
  updatedAt: null,
  version: 0,
};

/** The inbox's own events, then the pipeline's (server/admin/store/pipeline-events.ts), then the client's replies. */
export type LeadEventKind = 'status' | 'assignee' | 'note' | 'email' | 'merge' | 'deal' | 'next_step' | 'reply';

export interface LeadEvent {
  id: number;
  leadId: number;
  kind: LeadEventKind;
  at: string;
  /** Who did it (the name at the time it is read); null when the account is gone. */
  userName: string | null;
  /** status: statuses; assignee: user names ('' unassigned); pipeline events: their summary in `toValue`. */
  fromValue: string | null;
  toValue: string | null;
  /** The note, or the lost reason and its detail. */
  body: string | null;
}

/** One row of the inbox list. */
export interface InboxRow {
  id: number;
  kind: LeadKind;
  name: string;
  email: string;
  company: string | null;
  receivedAt: string;
  /** Booked slot, Mexico City `YYYY-MM-DDTHH:mm`. */
  appointment: string | null;
  fields: Readonly<Record<string, string | undefined>>;
  status: LeadStatus;
  assigneeName: string | null;
  assigneeId: number | null;
  /** The lead state's version (the one-click «Asignarme» sends it). */
  version: number;
  /** Normalised `+52…` number, for the call and WhatsApp actions. */
  phone: string | null;
  valueMxn: number | null;
  nextStepDate: string | null;
  nextStep: string | null;
}

/** One of the two e-mails of a lead, as the outbox knows it. */
export interface EmailDelivery {
  audience: OutboxAudience;
  recipient: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  /** Written by a person from the lead's page (their name), not by the site. */
  sentBy?: string | null;
}

/** A booked meeting for the meetings page. */
export interface UpcomingMeeting {
  leadId: number;
  slot: string;
  kind: LeadKind;
  name: string;
  company: string | null;
  fields: Readonly<Record<string, string | undefined>>;
  status: LeadStatus;
  assigneeName: string | null;
}
