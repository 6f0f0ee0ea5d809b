/**
 * `webSite/meeting`, `webSite/meetingReschedule` and `webSite/meetingCancel`: a booked meeting by the token
 * of its manage link. GET reads it (200, 404 unknown, 410 expired); the POSTs move it (200, 409 slot taken,
 * 422 invalid, 410 cancelled or past) or cancel it (200, and 200 again). Every call counts against the
 * address's `MEETING_RATE_LIMIT_MAX`; a change is one transaction (see service.ts).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { MeetingAnswerBody, MeetingBody } from '../../core/api/answers.ts';
import { apiPath, MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { APPOINTMENT_PATTERN } from '../../core/dates.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { SITE } from '../../core/site.ts';
import { clientAddress, hashAddress } from './client.ts';
import { jsonBody, type ApiResponse } from './http.ts';
import { consume, type RateLimit } from './rate-limit.ts';
import type { TrustProxy } from './trusted-proxies.ts';
import { createLeadStore, type StoredLead } from '../db/leads.ts';
import type { Storage } from '../db/storage.ts';
import type { EmailSettings } from '../email/settings.ts';
import { refuse } from '../errors.ts';
import { googleCalendarLink } from '../lead/calendar.ts';
import { consultantFor } from '../lead/consultants.ts';
import { referenceOf } from '../lead/model.ts';
import { prepareLead } from '../lead/view.ts';
import { linksOf } from '../meetings/emails.ts';
import { MEETING_MESSAGES, type MeetingService } from '../meetings/service.ts';
import type { MeetingRecord } from '../meetings/store.ts';

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

export function meetingRoutes(options: MeetingApiOptions): Array<[string, Partial<Record<'GET' | 'POST', Handler>>]> {
  const { service, settings } = options;

  /** Counts the call against the address; refused with a 429 when it is over. */
  async function countCall(request: FastifyRequest): Promise<void> {
    const clientHash = hashAddress(clientAddress(request.raw, options.trustProxy), options.salt);
    const retryAfter = await consume(options.storage, options.limit, clientHash, Date.now());
    if (retryAfter !== undefined) throw refuse('tooManyMeetingRequests', { retryAfter });
  }

  async function answer(meeting: MeetingRecord, message?: string): Promise<ApiResponse> {
    const lead = await createLeadStore(options.storage).get(meeting.leadId);
    if (!lead) throw refuse('meetingNotFound');
    const body: MeetingAnswerBody = {
      success: true,
      ...(message ? { message } : {}),
      meeting: meetingBody(meeting, lead, settings, options.now()),
    };
    return { status: 200, body };
  }

  function invalid(issues: z.core.$ZodIssue[]): never {
    const errors: Record<string, string> = {};
    for (const issue of issues) {
      const field = String(issue.path[0] ?? 'token');
      errors[field] ??= issue.message;
    }
    throw refuse('validation', { errors });
  }

  return [
    [
      apiPath('meeting'),
      {
        GET: async (request) => {
          await countCall(request);
          const sent = request.headers[MEETING_TOKEN_HEADER.toLowerCase()];
          const token =
            typeof sent === 'string'
              ? sent
              : (new URL(request.url, 'http://api.invalid').searchParams.get('token') ?? '');
          const found = await service.lookup(token);
          if (found.kind === 'unknown') throw refuse('meetingNotFound');
          if (found.kind === 'expired') throw refuse('meetingExpired');
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
          await countCall(request);
          const parsed = rescheduleSchema.safeParse(body);
          if (!parsed.success) return invalid(parsed.error.issues);
          const { token, appointmentDate } = parsed.data;
          return answer(
            await service.reschedule({ token }, appointmentDate, { kind: 'client' }),
            MEETING_MESSAGES.moved,
          );
        },
      },
    ],
    [
      apiPath('meetingCancel'),
      {
        POST: async (request) => {
          const body = jsonBody(request);
          await countCall(request);
          const parsed = cancelSchema.safeParse(body);
          if (!parsed.success) return invalid(parsed.error.issues);
          const { meeting, already } = await service.cancel({ token: parsed.data.token }, { kind: 'client' });
          return answer(meeting, already ? MEETING_MESSAGES.alreadyCancelled : MEETING_MESSAGES.cancelledNow);
        },
      },
    ],
  ];
}
