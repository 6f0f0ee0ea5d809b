/**
 * A form submission from parsed body to answer: honeypot, validation, slot rules, then one transaction
 * that stores the lead, books its slot and queues its two e-mails. The answer is sent only after COMMIT.
 */
import { appointmentToUtc, parseAppointment } from '../../core/dates.ts';
import type { SubmissionBody } from '../../core/api/answers.ts';
import { LEAD_KINDS, type LeadKind } from '../../core/forms/kinds.ts';
import { fieldErrors, HONEYPOT_FIELD, type FormSchema } from '../../core/forms/schemas.ts';
import { SLOT_PROBLEM_MESSAGES, slotProblem } from '../availability/schedule.ts';
import { immediateTransaction, isUniqueViolation, type Database } from '../db/database.ts';
import type { LeadStore } from '../db/leads.ts';
import type { OutboxStore } from '../db/outbox.ts';
import { referenceOf } from '../email/lead.ts';
import type { EmailSettings } from '../email/settings.ts';
import { buildEmailMessages, type EmailMessage } from '../email/templates.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { failure, type ApiResponse } from './http.ts';
import { MESSAGES } from './messages.ts';

export interface SubmissionContext {
  db: Database;
  leads: LeadStore;
  outbox: OutboxStore;
  emailSettings: EmailSettings;
  logger: Logger;
  now: () => Date;
  /** Called after a lead (and its e-mails) committed. */
  onStored: () => void;
}

export interface SubmissionRequest {
  kind: LeadKind;
  schema: FormSchema;
  body: Record<string, unknown>;
  originPage: string;
  clientHash: string;
}

export type SubmissionOutcome =
  | { kind: 'stored'; response: ApiResponse; leadId: number }
  | { kind: 'honeypot'; response: ApiResponse }
  | { kind: 'rejected'; response: ApiResponse };

class SlotTakenError extends Error {}

function created(id: number, appointmentDate?: string): ApiResponse {
  const body: SubmissionBody = { success: true, message: MESSAGES.success, id, reference: referenceOf(id) };
  if (appointmentDate) body.appointmentDate = appointmentDate;
  return { status: 201, body };
}

function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  return typeof value === 'string' ? value.trim() !== '' : true;
}

/** Parsed fields without the absent ones, as stored and as the templates read them. */
function compact(data: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (typeof value === 'string') fields[key] = value;
  return fields;
}

export function submit(context: SubmissionContext, request: SubmissionRequest): SubmissionOutcome {
  const { db, leads, outbox, logger } = context;

  if (isFilled(request.body[HONEYPOT_FIELD])) {
    // Look exactly like a success, with the id the next real lead would get, and keep nothing.
    logger.info('submission.honeypot', { kind: request.kind, originPage: request.originPage });
    return { kind: 'honeypot', response: created(leads.lastId() + 1) };
  }

  const parsed = request.schema.safeParse(request.body);
  if (!parsed.success) {
    return {
      kind: 'rejected',
      response: { status: 422, body: { success: false, message: MESSAGES.validation, errors: fieldErrors(parsed.error) } },
    };
  }
  const fields = compact(parsed.data);
  const slot = fields.appointmentDate;
  const now = context.now();
  if (slot) {
    const problem = slotProblem(slot, now);
    if (problem) {
      return {
        kind: 'rejected',
        response: {
          status: 422,
          body: { success: false, message: MESSAGES.validation, errors: { appointmentDate: SLOT_PROBLEM_MESSAGES[problem] } },
        },
      };
    }
  }

  const receivedAt = now.toISOString();
  try {
    const leadId = immediateTransaction(db, () => {
      if (slot && leads.isBooked(slot)) throw new SlotTakenError();
      const id = leads.insert({
        formType: LEAD_KINDS[request.kind].formType,
        serviceType: fields.serviceType,
        name: fields.name ?? '',
        email: fields.email ?? '',
        company: fields.company,
        phone: fields.phone,
        appointment: slot,
        fields,
        originPage: request.originPage,
        receivedAt,
        clientHash: request.clientHash,
      });
      if (slot) {
        const date = parseAppointment(slot)?.date ?? slot.slice(0, 10);
        // The UNIQUE index is the final word if another process booked it since the check above.
        leads.book({ slot, slotDate: date, startsAt: appointmentToUtc(slot).toISOString(), leadId: id, createdAt: receivedAt });
      }
      let messages: EmailMessage[] = [];
      try {
        messages = buildEmailMessages(
          { id, kind: request.kind, fields, originPage: request.originPage, receivedAt },
          context.emailSettings,
        );
      } catch (error) {
        // A template bug must not cost the lead: it is stored, the failure is logged for the team.
        logger.error('mail.render_failed', { leadId: id, error: errorMessage(error) });
      }
      const queuedAt = new Date().toISOString();
      for (const message of messages) {
        outbox.enqueue({
          leadId: id,
          audience: message.audience,
          recipient: message.to.address,
          subject: message.subject,
          message: JSON.stringify(message),
          now: queuedAt,
        });
      }
      return id;
    });
    context.onStored();
    logger.info('submission.stored', { leadId: leadId, kind: request.kind, booked: Boolean(slot) });
    return { kind: 'stored', response: created(leadId, slot), leadId };
  } catch (error) {
    if (error instanceof SlotTakenError || isUniqueViolation(error)) {
      return { kind: 'rejected', response: failure(409, MESSAGES.slotTaken) };
    }
    throw error;
  }
}
