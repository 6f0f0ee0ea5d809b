/**
 * A form submission from parsed body to answer: rate limit and honeypot (`screenSubmission`, before the
 * route's schema), then slot rules and one transaction that checks the client's quotas, stores the lead,
 * books its slot and queues its two e-mails (`submit`, with the body the schema took). The answer is sent
 * only after COMMIT.
 */
import type { SubmissionBody } from '../../core/api/answers.ts';
import type { Attribution } from '../../core/attribution.ts';
import { appointmentToUtc, parseAppointment } from '../../core/dates.ts';
import type { LeadKind } from '../../core/forms/kinds.ts';
import { HONEYPOT_FIELD } from '../../core/forms/schemas.ts';
import { REFUSABLE_PURPOSES } from '../../core/privacy.ts';
import { slotProblem } from '../availability/schedule.ts';
import { saveAttribution } from '../lead/attribution-store.ts';
import { createBookingStore } from '../lead/bookings-store.ts';
import { createLeadStore } from '../lead/store.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { isUniqueViolation, type Storage, type Transaction } from '../db/storage.ts';
import type { MeetingLinks } from '../lead/calendar.ts';
import { referenceOf } from '../lead/model.ts';
import { analyzeLead } from '../lead/analysis.ts';
import { newMessageId } from '../email/mime.ts';
import { addressOf, type EmailSettings } from '../email/settings.ts';
import type { EmailMessage } from '../email/message.ts';
import { buildEmailMessages } from '../email/templates.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { storeRefusals, UNSCORED } from '../privacy/refusals.ts';
import { ApiError, refusal, refuse, type ApiResponse, type ErrorAnswer } from '../errors.ts';
import { DEFAULT_ANSWERS, type LeadAnswers } from './leads-language.ts';
import { lockAndCheck, overLimit, record, type RateLimit } from '../client/rate-limit.ts';

export interface SubmissionContext {
  storage: Storage;
  emailSettings: EmailSettings;
  logger: Logger;
  now: () => Date;
  /** Accepted submissions per client address. */
  rateLimit: RateLimit;
  /** Meetings per client address and per e-mail in 24 hours. */
  bookingLimitPerDay: number;
  /** Called after a lead (and its e-mails) committed. */
  onStored: () => void;
  /**
   * Called inside the transaction that stores a new lead, after it is written (the inbox assigns it and
   * queues the assignee's notice there); set once the inbox started.
   */
  onArrival?: (
    tx: Transaction,
    lead: { id: number; name: string; fields: Readonly<Record<string, string>>; receivedAt: string },
  ) => Promise<void>;
  /** The booked meeting's record (video call, manage link, reminders) and the team's busy times. */
  meetings?: {
    book(tx: Transaction, leadId: number, slot: string, now: Date): Promise<MeetingLinks>;
    isBusy(slot: string): boolean;
  };
}

export interface SubmissionRequest {
  kind: LeadKind;
  /** The body as its kind's schema cleaned it. */
  fields: Record<string, unknown>;
  originPage: string;
  clientHash: string;
  /** Voluntary purposes of the privacy notice the visitor refused (X-Privacy-Refusals), stored with the lead. */
  refusals?: readonly string[];
  /** The visit's origin from `X-Lead-Attribution`, already cleaned; never required. */
  attribution?: Attribution | undefined;
  /** The language of the page the form was sent from (`Content-Language`), an active one; stored with the lead. */
  language?: string | undefined;
  /** The answers' words in that language (server/api/leads-language.ts); Spanish without it. */
  answers?: LeadAnswers;
}

export type SubmissionOutcome =
  { kind: 'stored'; response: ApiResponse; leadId: number } | { kind: 'rejected'; response: ApiResponse };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A refusal of the registry worded in the lead's language: its status and fields, the language's message. */
export function worded(answer: ErrorAnswer, message: string): ErrorAnswer {
  return { ...answer, body: { ...answer.body, message } };
}

function created(id: number, appointmentDate: string | undefined, answers: Pick<LeadAnswers, 'success'>): ApiResponse {
  const body: SubmissionBody = { success: true, message: answers.success, id, reference: referenceOf(id) };
  if (appointmentDate) body.appointmentDate = appointmentDate;
  return { status: 201, body };
}

/**
 * A refused submission over the per-address limit, logged with the setting that decides it: whoever tests
 * the forms by hand hits it after a handful of sends and reads here how to raise it.
 */
function rateLimitedError(
  logger: Logger,
  limit: RateLimit,
  retryAfter: number,
  contact: EmailSettings['contact'],
): ApiError {
  logger.info('submission.rate_limited', {
    retryAfter,
    limit: limit.max,
    windowMs: limit.windowMs,
    hint: 'Para pruebas locales sube RATE_LIMIT_MAX (o baja RATE_LIMIT_WINDOW_MS) en .env',
  });
  return refuse('tooManySubmissions', { retryAfter, contact });
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

/** The lead's two e-mails, queued in the transaction that stores it (sent by the outbox worker). */
async function queueLeadEmails(
  tx: Transaction,
  context: SubmissionContext,
  lead: Parameters<typeof buildEmailMessages>[0],
  extra: { links: MeetingLinks | undefined; unscored: boolean; language: string | undefined },
): Promise<void> {
  let messages: EmailMessage[] = [];
  try {
    messages = buildEmailMessages(lead, context.emailSettings, extra.links, {
      unscored: extra.unscored,
      language: extra.language,
    });
  } catch (error) {
    // A template bug must not cost the lead: it is stored, the failure is logged for the team.
    context.logger.error('mail.render_failed', { leadId: lead.id, error: errorMessage(error) });
  }
  const queuedAt = new Date().toISOString();
  const outbox = createOutboxStore(tx);
  for (const message of messages) {
    await outbox.enqueue({
      leadId: lead.id,
      audience: message.audience,
      recipient: message.to.address,
      subject: message.subject,
      message: JSON.stringify(message),
      messageId: newMessageId(addressOf(context.emailSettings.from)),
      now: queuedAt,
    });
  }
}

/** What a submission's checks before its schema read: the raw body and who sent it. */
export interface SubmissionScreen {
  kind: LeadKind;
  body: Record<string, unknown>;
  originPage: string;
  clientHash: string;
  /** The answers' words in the page's language (server/api/leads-language.ts); Spanish without it. */
  answers?: Pick<LeadAnswers, 'success'>;
}

/**
 * What runs before the body's schema: a client over its limit is refused (429), and a filled honeypot is
 * answered like a success, with the id the next real lead would get, keeping nothing. Returns that answer,
 * or nothing when the submission goes on to its schema.
 */
export async function screenSubmission(
  context: SubmissionContext,
  request: SubmissionScreen,
): Promise<ApiResponse | undefined> {
  const { storage, logger, rateLimit } = context;
  const nowMs = Date.now();
  // A first look without a lock spares validation work for a client that is over its limit.
  const early = await overLimit(storage, rateLimit, request.clientHash, nowMs);
  if (early !== undefined) throw rateLimitedError(logger, rateLimit, early, context.emailSettings.contact);
  if (!isFilled(request.body[HONEYPOT_FIELD])) return undefined;
  // Look exactly like a success and keep nothing (but count it: a bot is limited like anyone).
  logger.info('submission.honeypot', { kind: request.kind, originPage: request.originPage });
  const wait = await storage.transaction(async (tx) => {
    const over = await lockAndCheck(tx, rateLimit, request.clientHash, nowMs);
    if (over === undefined) await record(tx, rateLimit, request.clientHash, nowMs);
    return over;
  });
  if (wait !== undefined) throw rateLimitedError(logger, rateLimit, wait, context.emailSettings.contact);
  return created((await createLeadStore(storage).lastId()) + 1, undefined, request.answers ?? DEFAULT_ANSWERS);
}

/**
 * A submission whose body its schema took (`fields`, cleaned by it): the slot rules, then one transaction
 * that checks the client's quotas, stores the lead, books its slot and queues its two e-mails.
 */
export async function submit(context: SubmissionContext, request: SubmissionRequest): Promise<SubmissionOutcome> {
  const { storage, logger, rateLimit } = context;
  const answers = request.answers ?? DEFAULT_ANSWERS;
  const nowMs = Date.now();
  const fields = compact(request.fields);
  const slot = fields.appointmentDate;
  const now = context.now();
  if (slot) {
    const problem = slotProblem(slot, now);
    if (problem) {
      return {
        kind: 'rejected',
        response: worded(
          refusal('validation', { errors: { appointmentDate: answers.slotProblems[problem] } }),
          answers.validation,
        ),
      };
    }
  }

  const receivedAt = now.toISOString();
  const email = (fields.email ?? '').toLowerCase();
  const refused = new Set(request.refusals ?? []);
  let leadId: number;
  // Set when the transaction ended on the per-address limit, logged with its setting.
  let limitedFor: number | undefined;
  try {
    leadId = await storage.transaction(async (tx) => {
      const wait = await lockAndCheck(tx, rateLimit, request.clientHash, nowMs);
      if (wait !== undefined) {
        limitedFor = wait;
        throw refuse('tooManySubmissions', { retryAfter: wait, contact: context.emailSettings.contact });
      }
      const leads = createLeadStore(tx);
      const bookings = createBookingStore(tx);
      if (slot) {
        // Bookings are few: one lock for all of them keeps the daily quotas exact across instances.
        await tx.lock('bookings');
        const recent = await bookings.recentBookings(
          request.clientHash,
          email,
          new Date(now.getTime() - DAY_MS).toISOString(),
        );
        if (recent.byClient >= context.bookingLimitPerDay || recent.byEmail >= context.bookingLimitPerDay) {
          throw refuse('bookingLimit', {
            perDay: context.bookingLimitPerDay,
            contactEmail: context.emailSettings.contact.email,
          });
        }
        // A busy time of the team's own calendars is as taken as a booked slot.
        if (context.meetings?.isBusy(slot) || (await bookings.isBooked(slot))) throw refuse('slotTaken');
      }
      const id = await leads.insert({
        kind: request.kind,
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
        language: request.language,
        // A visitor who refused scoring gets none, now or later (server/admin/store/search-index.ts).
        score: refused.has(REFUSABLE_PURPOSES.scoring)
          ? UNSCORED
          : analyzeLead({ kind: request.kind, fields }, context.emailSettings).score,
      });
      await storeRefusals(tx, id, [...refused]);
      let links: MeetingLinks | undefined;
      if (request.attribution && !refused.has(REFUSABLE_PURPOSES.attribution))
        await saveAttribution(tx, id, request.attribution);
      if (slot) {
        const date = parseAppointment(slot)?.date ?? slot.slice(0, 10);
        // The UNIQUE index is the final word if another process booked it since the check above.
        await bookings.book({
          slot,
          slotDate: date,
          startsAt: appointmentToUtc(slot).toISOString(),
          leadId: id,
          createdAt: receivedAt,
          clientHash: request.clientHash,
          email,
        });
        links = await context.meetings?.book(tx, id, slot, now);
      }
      await context.onArrival?.(tx, { id, name: fields.name ?? '', fields, receivedAt });
      await record(tx, rateLimit, request.clientHash, nowMs);
      await queueLeadEmails(
        tx,
        context,
        { id, kind: request.kind, fields, originPage: request.originPage, receivedAt },
        {
          links,
          unscored: refused.has(REFUSABLE_PURPOSES.scoring),
          language: request.language,
        },
      );
      return id;
    });
  } catch (error) {
    if (error instanceof ApiError && limitedFor !== undefined)
      return {
        kind: 'rejected',
        response: rateLimitedError(logger, rateLimit, limitedFor, context.emailSettings.contact).answer,
      };
    if (error instanceof ApiError && error.code === 'slotTaken')
      return { kind: 'rejected', response: worded(error.answer, answers.slotTaken) };
    if (error instanceof ApiError) return { kind: 'rejected', response: error.answer };
    if (isUniqueViolation(error))
      return { kind: 'rejected', response: worded(refusal('slotTaken'), answers.slotTaken) };
    throw error;
  }
  context.onStored();
  logger.info('submission.stored', { leadId, kind: request.kind, booked: Boolean(slot) });
  return { kind: 'stored', response: created(leadId, slot, answers), leadId };
}
