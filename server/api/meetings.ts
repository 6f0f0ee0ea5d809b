/**
 * `webSite/meeting`, `webSite/meetingReschedule` and `webSite/meetingCancel`: a booked meeting by the token
 * of its manage link. GET reads it (200, 404 unknown, 410 expired); the POSTs move it (200, 409 slot taken,
 * 422 invalid, 410 cancelled or past) or cancel it (200, and 200 again). Every call counts against the
 * address's `MEETING_RATE_LIMIT_MAX`; a change is one transaction (see service.ts). Each call is answered
 * in the page's language (`Content-Language`, else `Accept-Language`; meeting-language.ts): its messages
 * and the consultant's title.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { output, $ZodType } from 'zod/v4/core';
import type { MeetingAnswerBody, MeetingBody } from '../../core/api/answers.ts';
import { apiPath, MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { APPOINTMENT_PATTERN } from '../../core/dates.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { SITE } from '../../core/site.ts';
import type { Translations } from '../../core/i18n/load.ts';
import { slotProblem } from '../availability/schedule.ts';
import { clientAddress, hashAddress, requestLanguage } from '../client/facts.ts';
import type { ApiResponse } from './http.ts';
import type { LocalizedRoute } from './localized-route.ts';
import { consume, type RateLimit } from '../client/rate-limit.ts';
import type { TrustProxy } from '../client/trusted-proxies.ts';
import { createLeadStore, type StoredLead } from '../lead/store.ts';
import type { Storage } from '../db/storage.ts';
import { inLanguage, type EmailSettings } from '../email/settings.ts';
import { refuse } from '../errors.ts';
import { googleCalendarLink } from '../lead/calendar.ts';
import { consultantFor } from '../lead/consultants.ts';
import { referenceOf } from '../lead/model.ts';
import { prepareLead } from '../lead/view.ts';
import { linksOf } from '../meetings/emails.ts';
import { MEETING_MESSAGES, type MeetingService } from '../meetings/service.ts';
import type { MeetingRecord } from '../meetings/store.ts';
import {
  meetingLanguages,
  type LiveCatalogues,
  slotRefusal,
  tooManyRefusal,
  translatedRefusal,
  validationRefusal,
  type MeetingWords,
} from './meeting-language.ts';

type Handler = (request: FastifyRequest) => Promise<ApiResponse>;

export interface MeetingApiOptions {
  service: MeetingService;
  storage: Storage;
  settings: EmailSettings;
  trustProxy: TrustProxy;
  salt: string;
  limit: RateLimit;
  now: () => Date;
  /** The active languages: a call is answered in its page's. */
  translations: Translations;
  /** The interface strings with the inbox's edits; without it, the files' as built. */
  strings?: LiveCatalogues;
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

/** The field messages of a call's checks: the default language's, or a translated language's catalogue. */
interface CallMessages {
  required: string;
  notText: string;
  appointment: string;
}

const DEFAULT_MESSAGES: CallMessages = {
  required: FIELD_MESSAGES.required,
  notText: FIELD_MESSAGES.notText,
  appointment: 'Elige una fecha y una hora (AAAA-MM-DDTHH:mm)',
};

/**
 * The two calls' schemas, their messages read when a body is refused (`messages`): a translated language's
 * follow the inbox's edits of its catalogue without the routes' schemas being compiled again.
 */
function callSchemas(messages: () => CallMessages) {
  const text = (name: string) =>
    z.string({
      error: (issue) => (issue.input === undefined ? messages().required : `${name}: ${messages().notText}`),
    });
  const cancel = z.object({ token: text('token').min(1, { error: () => messages().required }) });
  const reschedule = cancel.extend({
    appointmentDate: text('appointmentDate').regex(APPOINTMENT_PATTERN, { error: () => messages().appointment }),
  });
  return { cancel, reschedule };
}

/** What a call's language changes: its words (none for the default language) and settings. */
interface CallLanguage {
  words: MeetingWords | undefined;
  settings: EmailSettings;
}

/**
 * Each translated language's words and settings, worded again from the catalogues served now whenever an
 * edit from the inbox has reached them (their version changed), and kept until then.
 */
function callLanguages(options: MeetingApiOptions): () => ReadonlyMap<string, CallLanguage> {
  const { settings, translations, strings } = options;
  const settingsOf = new Map(
    translations.active.map(({ code }) => [
      code,
      code === translations.defaultCode ? settings : inLanguage(settings, code),
    ]),
  );
  const build = (): Map<string, CallLanguage> =>
    new Map(
      [...meetingLanguages(translations, strings)].map(([code, words]) => [
        code,
        { words, settings: settingsOf.get(code) ?? settings },
      ]),
    );
  let built = { version: strings?.version() ?? 0, languages: build() };
  return () => {
    const version = strings?.version() ?? 0;
    if (version !== built.version) built = { version, languages: build() };
    return built.languages;
  };
}

/** The meeting routes: the GET by path, and the two POSTs whose bodies' schemas depend on the language. */
export interface MeetingRoutes {
  read: [string, Partial<Record<'GET' | 'POST', Handler>>];
  /** `path`'s POST in a language: its schema, its 422 and its handler (localized-route.ts registers it). */
  changes: Array<{ path: string; inLanguage: (code: string) => LocalizedRoute<$ZodType> }>;
}

export function meetingRoutes(options: MeetingApiOptions): MeetingRoutes {
  const { service, settings, translations } = options;
  const defaultLanguage: CallLanguage = { words: undefined, settings };
  const languagesNow = callLanguages(options);
  const languageOf = (code: string): CallLanguage => languagesNow().get(code) ?? defaultLanguage;

  /** The call's handler in its language; a refusal of the service is worded in it too. */
  const worded = async (language: CallLanguage, call: () => Promise<ApiResponse>): Promise<ApiResponse> => {
    try {
      return await call();
    } catch (error) {
      throw translatedRefusal(error, language.words);
    }
  };

  /** Counts the call against the address; refused with a 429 when it is over. */
  async function countCall(request: FastifyRequest, language: CallLanguage): Promise<void> {
    const clientHash = hashAddress(clientAddress(request.raw, options.trustProxy), options.salt);
    const retryAfter = await consume(options.storage, options.limit, clientHash, Date.now());
    if (retryAfter !== undefined) throw tooManyRefusal(retryAfter, language.words);
  }

  async function answer(meeting: MeetingRecord, language: CallLanguage, message?: string): Promise<ApiResponse> {
    const lead = await createLeadStore(options.storage).get(meeting.leadId);
    if (!lead) throw refuse('meetingNotFound');
    const body: MeetingAnswerBody = {
      success: true,
      ...(message ? { message } : {}),
      meeting: meetingBody(meeting, lead, language.settings, options.now()),
    };
    return { status: 200, body };
  }

  /** A change's route in `code`'s language: counted before its schema runs, refused and answered in it. */
  function change<S extends $ZodType>(
    code: string,
    pick: (schemas: ReturnType<typeof callSchemas>) => S,
    run: (body: output<S>, language: CallLanguage) => Promise<ApiResponse>,
  ): LocalizedRoute<S> {
    const schemas = callSchemas(() => languageOf(code).words ?? DEFAULT_MESSAGES);
    return {
      schema: pick(schemas),
      rootField: 'token',
      refuseFields: (errors) => validationRefusal(errors, languageOf(code).words),
      async screen(request) {
        await countCall(request, languageOf(code));
        return undefined;
      },
      handle: (_request, body) => worded(languageOf(code), () => run(body, languageOf(code))),
    };
  }

  const reschedule = (code: string) =>
    change(
      code,
      (schemas) => schemas.reschedule,
      async ({ token, appointmentDate }, language) => {
        // The service refuses such a slot too; checked here, the refusal names the problem in the language.
        const problem = slotProblem(appointmentDate, options.now());
        if (problem) throw slotRefusal(problem, language.words);
        return answer(
          await service.reschedule({ token }, appointmentDate, { kind: 'client' }),
          language,
          language.words?.answers.moved ?? MEETING_MESSAGES.moved,
        );
      },
    );

  const cancel = (code: string) =>
    change(
      code,
      (schemas) => schemas.cancel,
      async ({ token }, language) => {
        const { meeting, already } = await service.cancel({ token }, { kind: 'client' });
        const words = language.words?.answers;
        const message = already
          ? (words?.alreadyCancelled ?? MEETING_MESSAGES.alreadyCancelled)
          : (words?.cancelledNow ?? MEETING_MESSAGES.cancelledNow);
        return answer(meeting, language, message);
      },
    );

  const read: Handler = async (request) => {
    const language = languageOf(requestLanguage(request.raw, translations));
    return worded(language, async () => {
      await countCall(request, language);
      const sent = request.headers[MEETING_TOKEN_HEADER.toLowerCase()];
      const token =
        typeof sent === 'string' ? sent : (new URL(request.url, 'http://api.invalid').searchParams.get('token') ?? '');
      const found = await service.lookup(token);
      if (found.kind === 'unknown') throw refuse('meetingNotFound');
      if (found.kind === 'expired') throw refuse('meetingExpired');
      const body: MeetingAnswerBody = {
        success: true,
        meeting: meetingBody(found.meeting, found.lead, language.settings, options.now()),
      };
      return { status: 200, body };
    });
  };

  return {
    read: [apiPath('meeting'), { GET: read }],
    changes: [
      { path: apiPath('meetingReschedule'), inLanguage: reschedule },
      { path: apiPath('meetingCancel'), inLanguage: cancel },
    ],
  };
}
