/**
 * `webSite/meeting`, `webSite/meetingReschedule` and `webSite/meetingCancel`: a booked meeting by the token
 * of its manage link. GET reads it (200, 404 unknown, 410 expired); the POSTs move it (200, 409 slot taken,
 * 422 invalid, 410 cancelled or past) or cancel it (200, and 200 again). Every call counts against the
 * address's `MEETING_RATE_LIMIT_MAX`; a change is one transaction (see service.ts).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MeetingAnswerBody, MeetingBody, MeetingFailureBody, MeetingGoneReason } from '../../core/api/answers.ts';
import { apiPath, MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { APPOINTMENT_PATTERN } from '../../core/dates.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { SITE } from '../../core/site.ts';
import { clientAddress, hashAddress } from '../api/client.ts';
import { failure, jsonBody, type ApiResponse } from '../api/http.ts';
import { MESSAGES } from '../api/messages.ts';
import { consume, type RateLimit } from '../api/rate-limit.ts';
import type { TrustProxy } from '../api/trusted-proxies.ts';
import { createLeadStore, type StoredLead } from '../db/leads.ts';
import type { Storage } from '../db/storage.ts';
import type { EmailSettings } from '../email/settings.ts';
import { googleCalendarLink } from '../lead/calendar.ts';
import { consultantFor } from '../lead/consultants.ts';
import { referenceOf } from '../lead/model.ts';
import { prepareLead } from '../lead/view.ts';
import { linksOf } from './emails.ts';
import { MEETING_MESSAGES, MeetingRefusal, type MeetingService } from './service.ts';
import type { MeetingRecord } from './store.ts';

type Handler = (request: FastifyRequest) => Promise<ApiResponse>;

export interface MeetingApiOptions {
  service: MeetingService;
  storage: Storage;
  settings: EmailSettings;
  trustProxy: TrustProxy;
  salt: string;
  limit: RateLimit;
  now: () => Date;
}

/** The meeting as the API answers it. */
export function meetingBody(meeting: MeetingRecord, lead: StoredLead, settings: EmailSettings, now: Date): MeetingBody {
  const view = prepareLead(lead, settings, linksOf(meeting));
  const consultant = consultantFor(lead, settings.consultants);
  return {
    reference: referenceOf(lead.id),
    eventId: meeting.uid,
    status: meeting.status,
    date: meeting.slot.slice(0, 10),
    time: meeting.slot.slice(11),
    appointmentDate: meeting.slot,
    start: meeting.startsAt,
    end: meeting.endsAt,
    timeZone: SITE.timeZone,
    meetLink: meeting.videoUrl,
    calendarLink: view.meeting ? googleCalendarLink(view.meeting) : '',
    consultant: { name: consultant.name, role: consultant.role },
    changeable: meeting.status === 'scheduled' && Date.parse(meeting.startsAt) > now.getTime(),
  };
}

const text = (name: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : `${name}: ${FIELD_MESSAGES.notText}`),
  });

const cancelSchema = z.object({ token: text('token').min(1, FIELD_MESSAGES.required) });
const rescheduleSchema = cancelSchema.extend({
  appointmentDate: text('appointmentDate').regex(APPOINTMENT_PATTERN, 'Elige una fecha y una hora (AAAA-MM-DDTHH:mm)'),
});

function gone(message: string, reason: MeetingGoneReason): ApiResponse {
  const body: MeetingFailureBody = { success: false, message, reason };
  return { status: 410, body };
}

function goneReasonOf(message: string): MeetingGoneReason {
  if (message === MEETING_MESSAGES.expired) return 'expired';
  if (message === MEETING_MESSAGES.cancelled) return 'cancelled';
  if (message === MEETING_MESSAGES.closed) return 'closed';
  return 'started';
}

function refused(error: MeetingRefusal): ApiResponse {
  switch (error.reason) {
    case 'not-found':
      return failure(404, error.message);
    case 'expired':
    case 'gone':
      return gone(error.message, goneReasonOf(error.message));
    case 'taken':
      return failure(409, error.message);
    case 'invalid':
      return {
        status: 422,
        body: { success: false, message: error.message, errors: { appointmentDate: error.message } },
      };
  }
}

export function meetingRoutes(options: MeetingApiOptions): Array<[string, Partial<Record<'GET' | 'POST', Handler>>]> {
  const { service, settings } = options;

  /** Counts the call against the address; the 429 answer when it is over. */
  async function limited(request: FastifyRequest): Promise<ApiResponse | undefined> {
    const clientHash = hashAddress(clientAddress(request.raw, options.trustProxy), options.salt);
    const wait = await consume(options.storage, options.limit, clientHash, Date.now());
    if (wait === undefined) return undefined;
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return failure(
      429,
      `Hiciste demasiadas consultas seguidas. Intenta de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
      { 'Retry-After': String(wait) },
    );
  }

  async function answer(meeting: MeetingRecord, message?: string): Promise<ApiResponse> {
    const lead = await createLeadStore(options.storage).get(meeting.leadId);
    if (!lead) return failure(404, MEETING_MESSAGES.notFound);
    const body: MeetingAnswerBody = {
      success: true,
      ...(message ? { message } : {}),
      meeting: meetingBody(meeting, lead, settings, options.now()),
    };
    return { status: 200, body };
  }

  function invalid(issues: z.core.$ZodIssue[]): ApiResponse {
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const field = String(issue.path[0] ?? 'token');
      errors[field] ??= issue.message;
    }
    return { status: 422, body: { success: false, message: MESSAGES.validation, errors } };
  }

  async function change(work: () => Promise<ApiResponse>): Promise<ApiResponse> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MeetingRefusal) return refused(error);
      throw error;
    }
  }

  return [
    [
      apiPath('meeting'),
      {
        GET: async (request) => {
          const over = await limited(request);
          if (over) return over;
          const sent = request.headers[MEETING_TOKEN_HEADER.toLowerCase()];
          const token =
            typeof sent === 'string'
              ? sent
              : (new URL(request.url, 'http://api.invalid').searchParams.get('token') ?? '');
          const found = await service.lookup(token);
          if (found.kind === 'unknown') return failure(404, MEETING_MESSAGES.notFound);
          if (found.kind === 'expired') return gone(MEETING_MESSAGES.expired, 'expired');
          const body: MeetingAnswerBody = {
            success: true,
            meeting: meetingBody(found.meeting, found.lead, settings, options.now()),
          };
          return { status: 200, body };
        },
      },
    ],
    [
      apiPath('meetingReschedule'),
      {
        POST: async (request) => {
          const body = jsonBody(request);
          const over = await limited(request);
          if (over) return over;
          const parsed = rescheduleSchema.safeParse(body);
          if (!parsed.success) return invalid(parsed.error.issues);
          const { token, appointmentDate } = parsed.data;
          return change(async () =>
            answer(await service.reschedule({ token }, appointmentDate, { kind: 'client' }), MEETING_MESSAGES.moved),
          );
        },
      },
    ],
    [
      apiPath('meetingCancel'),
      {
        POST: async (request) => {
          const body = jsonBody(request);
          const over = await limited(request);
          if (over) return over;
          const parsed = cancelSchema.safeParse(body);
          if (!parsed.success) return invalid(parsed.error.issues);
          return change(async () => {
            const { meeting, already } = await service.cancel({ token: parsed.data.token }, { kind: 'client' });
            return answer(meeting, already ? MEETING_MESSAGES.alreadyCancelled : MEETING_MESSAGES.cancelledNow);
          });
        },
      },
    ],
  ];
}
