/**
 * Every refusal the API, the meetings and the sales inbox answer with, in one registry: its HTTP status,
 * its Spanish message (the English one joins it here once the second language lands), the headers and body
 * fields it carries. Handlers throw `refuse(code, …)` (or return its answer where a refusal is an outcome,
 * not an exception); one error handler per surface renders it: the API's as JSON (server/api/http.ts), the
 * inbox's as its HTML error page (server/admin/router.ts, only the entries marked `page`) or, for a change a
 * lead's page asked for (entries marked `lead`), as that lead's page with the message where the change was
 * asked. Nothing decides by a message's text: a refusal is known by its code.
 */
import type { MeetingFailureBody } from '../core/api/answers.ts';
import type { ContactDetails } from '../core/contact.ts';
import { SLOT_PROBLEM_MESSAGES, type SlotProblem } from './availability/schedule.ts';

/** How the meetings service sorts its refusals (the inbox picks where to show one by it). */
export type RefusalReason = 'not-found' | 'expired' | 'gone' | 'taken' | 'invalid';

interface Entry<P> {
  status: number;
  message: (params: P) => string;
  headers?: (params: P) => Record<string, string>;
  /** Fields after `success` and `message` in the JSON body. */
  body?: (params: P, message: string) => Record<string, unknown>;
  /** Set on the meetings' refusals. */
  meeting?: RefusalReason;
  /** Set on the inbox's refusals: the inbox answers them with its error page. */
  page?: true;
  /**
   * Set on the inbox's refusals of a change to a lead (their params name it, `leadId`): the inbox answers
   * them with the lead's page afresh, the message shown at this section of it.
   */
  lead?: LeadSection;
}

/** Where on a lead's page a refused change shows its message: atop the page, or by the duplicates. */
type LeadSection = 'top' | 'duplicados';

const fixed = (status: number, message: string, rest: Omit<Entry<void>, 'status' | 'message'> = {}) => ({
  status,
  message: () => message,
  ...rest,
});

const inMinutes = (seconds: number): string => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
};
const retryAfter = ({ retryAfter: seconds }: { retryAfter: number }) => ({ 'Retry-After': String(seconds) });
/** A 410 says why the meeting can no longer change, as the meetings' contract names it. */
const goneBecause = (reason: NonNullable<MeetingFailureBody['reason']>) => () => ({ reason });
/** An inbox refusal, shown on its error page. */
const page = (status: number, message: string) => fixed(status, message, { page: true });
/** An inbox refusal of a form whose body was not read to its end: the connection closes after the answer. */
const unreadForm = (status: number, message: string) =>
  fixed(status, message, { page: true, headers: () => ({ Connection: 'close' }) });
/** An inbox refusal of a change to lead `leadId`, said on the lead's page at `section`. */
const onTheLead = (status: number, message: string, section: LeadSection) => ({
  status,
  message: (_params: { leadId: number }) => message,
  lead: section,
});
/** A meeting's new slot that cannot be: the message is also the field's. */
const onTheSlot = (_params: unknown, message: string) => ({ errors: { appointmentDate: message } });

export const ERRORS = {
  badRequestTarget: fixed(400, 'La dirección solicitada no es válida.'),
  malformedJson: fixed(400, 'El cuerpo de la solicitud no es JSON válido.'),
  notAnObject: fixed(400, 'El parámetro de datos debe ser un objeto.'),
  invalidUtf8: fixed(400, 'El cuerpo de la solicitud no es texto UTF-8 válido.'),
  forbiddenOrigin: fixed(403, 'Origen no permitido.'),
  notFound: fixed(404, 'La ruta solicitada no existe.'),
  methodNotAllowed: {
    status: 405,
    message: (_params: { allow: string }) => 'Método no permitido para esta ruta.',
    headers: ({ allow }: { allow: string }) => ({ Allow: allow }),
  },
  slotTaken: fixed(409, 'Ese horario acaba de ser reservado por alguien más. Elige otro horario, por favor.'),
  payloadTooLarge: fixed(413, 'La solicitud es demasiado grande: el máximo es de 32 KB.'),
  unsupportedMediaType: fixed(415, 'El contenido debe enviarse como JSON (Content-Type: application/json).'),
  unsupportedCharset: fixed(
    415,
    'El contenido debe enviarse en UTF-8 (Content-Type: application/json; charset=utf-8).',
  ),
  /** A form or a request whose fields do not pass their schema; `errors` names each field's problem. */
  validation: {
    status: 422,
    message: (_params: { errors: Record<string, string> }) =>
      'Error al enviar el formulario: revisa los campos marcados.',
    body: ({ errors }: { errors: Record<string, string> }) => ({ errors }),
  },
  /**
   * Too many submissions from one address, with the wait and the two channels that reach the team right
   * away: someone refused mid-enquiry should not have to wait to be heard.
   */
  tooManySubmissions: {
    status: 429,
    message: ({
      retryAfter: seconds,
      contact,
    }: {
      retryAfter: number;
      contact: Pick<ContactDetails, 'email' | 'whatsappNumber'>;
    }) =>
      `Has enviado varias solicitudes seguidas. Intenta de nuevo en ${inMinutes(seconds)}, o escríbenos ahora por WhatsApp (wa.me/${contact.whatsappNumber}) o a ${contact.email}.`,
    headers: retryAfter,
  },
  tooManyScheduleRequests: {
    status: 429,
    message: ({ retryAfter: seconds }: { retryAfter: number }) =>
      `Consultaste los horarios demasiadas veces seguidas. Intenta de nuevo en ${inMinutes(seconds)}.`,
    headers: retryAfter,
  },
  tooManyMeetingRequests: {
    status: 429,
    message: ({ retryAfter: seconds }: { retryAfter: number }) =>
      `Hiciste demasiadas consultas seguidas. Intenta de nuevo en ${inMinutes(seconds)}.`,
    headers: retryAfter,
  },
  /** A client or an e-mail that already booked its meetings for the day. */
  bookingLimit: {
    status: 429,
    message: ({ perDay, contactEmail }: { perDay: number; contactEmail: string }) =>
      `Solo se pueden agendar ${perDay === 1 ? 'una reunión' : `${perDay} reuniones`} al día por persona. Si necesitas otra, escríbenos a ${contactEmail} y la agendamos contigo.`,
  },
  internal: fixed(500, 'Ocurrió un error en el servidor. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.'),
  /** The process runs without the API (a site-only start). */
  formsUnavailable: fixed(503, 'El servicio de formularios no está disponible.'),
  unavailable: fixed(503, 'El servicio se está reiniciando. Intenta de nuevo en unos segundos.'),
  notReady: fixed(503, 'El servicio no está listo: no hay conexión con la base de datos.'),
  /** The request was fine; the database was not there (its transaction left nothing behind). */
  databaseUnavailable: fixed(
    503,
    'No pudimos atender tu solicitud por una falla momentánea de nuestra base de datos. Intenta de nuevo en unos segundos.',
    { headers: () => ({ 'Retry-After': '5' }) },
  ),
  meetingNotFound: fixed(404, 'No encontramos esa reunión: revisa que el enlace esté completo o escríbenos.', {
    meeting: 'not-found',
  }),
  meetingExpired: fixed(410, 'Este enlace ya venció: la reunión terminó.', {
    meeting: 'expired',
    body: goneBecause('expired'),
  }),
  meetingCancelled: fixed(410, 'Esta reunión ya está cancelada.', {
    meeting: 'gone',
    body: goneBecause('cancelled'),
  }),
  meetingStarted: fixed(410, 'Esta reunión ya empezó o ya pasó: no se puede cambiar.', {
    meeting: 'gone',
    body: goneBecause('started'),
  }),
  meetingClosed: fixed(410, 'Esta reunión ya se dio por terminada: no se puede cambiar.', {
    meeting: 'gone',
    body: goneBecause('closed'),
  }),
  meetingTaken: fixed(409, 'Ese horario acaba de ocuparse. Elige otro horario, por favor.', { meeting: 'taken' }),
  meetingSameSlot: fixed(422, 'Ya es el horario de tu reunión: elige otro.', { meeting: 'invalid', body: onTheSlot }),
  meetingSlotInvalid: {
    status: 422,
    message: ({ problem }: { problem: SlotProblem }) => SLOT_PROBLEM_MESSAGES[problem],
    body: onTheSlot,
    meeting: 'invalid',
  },
  /** Held or missed is said of a meeting that has begun. */
  meetingNotStarted: fixed(422, 'La reunión todavía no empieza: márcala cuando haya pasado.', {
    meeting: 'invalid',
    body: onTheSlot,
  }),
  inboxLeadNotFound: page(404, 'No existe ese lead.'),
  /** A rectification sent from a lead page that someone changed (or erased) since it was shown. */
  inboxStaleContact: page(
    409,
    'Alguien cambió estos datos mientras los veías (o se eliminaron). Revisa y vuelve a intentarlo.',
  ),
  inboxAccountNotFound: page(404, 'No existe esa cuenta.'),
  inboxNoMeeting: page(404, 'Este lead no tiene una reunión agendada.'),
  inboxUnknownCalendarAction: page(400, 'Esa acción del calendario no existe.'),
  /** A process without the site has no interface strings to edit. */
  inboxNoTranslations: page(404, 'Este servidor no publica el sitio: no hay textos que editar.'),
  inboxUnknownTranslationKey: page(404, 'Esa clave no existe en el catálogo de textos.'),
  /** An edit of the interface strings the translations service could not find (it says which part). */
  inboxTranslationEditNotFound: {
    status: 404,
    message: ({ message }: { message: string }) => message,
    page: true,
  },
  /**
   * The lead changed since its form was shown (another person, another tab), or its status no longer
   * allows the change: nothing was written, and the page shows how the lead is now.
   */
  inboxLeadChanged: onTheLead(
    409,
    'Otra persona cambió este lead mientras lo veías. Revisa cómo quedó y vuelve a intentarlo.',
    'top',
  ),
  inboxMergeSelf: onTheLead(409, 'Un lead no se puede unir consigo mismo.', 'duplicados'),
  inboxMergeAlreadyMerged: onTheLead(409, 'Uno de los dos leads ya se unió a otro: recarga la página.', 'duplicados'),
  inboxMergeNotDuplicates: onTheLead(409, 'Solo se unen leads con el mismo correo o el mismo teléfono.', 'duplicados'),
  inboxMergeNotAllowed: onTheLead(
    409,
    'Solo una persona con rol de administración o quien atiende los dos leads puede unirlos.',
    'duplicados',
  ),
  /** An account already sent its hour's e-mails to clients: nothing was queued. */
  inboxSendLimit: {
    status: 429,
    message: ({ perHour }: { perHour: number }) =>
      `Ya enviaste ${perHour} correos en la última hora, el máximo por cuenta. Tu mensaje no se envió; cópialo y vuelve a intentarlo más tarde.`,
  },
  /** An account with that e-mail exists (the form, or the command, that would create it again). */
  inboxAccountExists: {
    status: 409,
    message: ({ email }: { email: string }) => `Ya existe una cuenta con el correo ${email}.`,
  },
  inboxNotAForm: unreadForm(415, 'El formulario llegó en un formato que no se acepta.'),
  inboxFormTooLarge: unreadForm(413, 'El formulario es demasiado grande.'),
  inboxFormCutShort: unreadForm(400, 'La conexión se cerró antes de recibir el formulario.'),
} as const satisfies Record<string, Entry<never>>;

export type ErrorCode = keyof typeof ERRORS;
type ParamsOf<C extends ErrorCode> = Parameters<(typeof ERRORS)[C]['message']>;

/** An answer as the API sends it (server/api/http.ts), its fixed headers added there. */
export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A refusal's answer: `success: false`, its message, and the fields its entry adds. */
export interface ErrorAnswer extends ApiResponse {
  body: { success: false; message: string } & Record<string, unknown>;
}

/** A refusal from the registry: thrown by a handler, rendered by the error handler. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly answer: ErrorAnswer;
  /** What the refusal was made with (the lead of an inbox refusal, say), for the handler that renders it. */
  readonly params: unknown;
  constructor(code: ErrorCode, answer: ErrorAnswer, params?: unknown) {
    super(answer.body.message);
    this.code = code;
    this.answer = answer;
    this.params = params;
  }
}

/** A meeting's refusal, sorted by `reason` (the inbox shows a slot's problem beside the slot list). */
export class MeetingRefusal extends ApiError {
  override name = 'MeetingRefusal';
  readonly reason: RefusalReason;
  constructor(code: ErrorCode, answer: ErrorAnswer, reason: RefusalReason) {
    super(code, answer, undefined);
    this.reason = reason;
  }
}

/** The refusal `code`, with its message and headers filled from `params`. */
export function refuse<C extends ErrorCode>(code: C, ...params: ParamsOf<C>): ApiError {
  const entry = ERRORS[code] as Entry<unknown>;
  const given: unknown = params[0];
  const message = entry.message(given);
  const headers = entry.headers?.(given);
  const answer: ErrorAnswer = {
    status: entry.status,
    body: { success: false, message, ...entry.body?.(given, message) },
    ...(headers ? { headers } : {}),
  };
  return entry.meeting ? new MeetingRefusal(code, answer, entry.meeting) : new ApiError(code, answer, given);
}

/** Whether `error` is the refusal `code`, with the params it was made with. */
export function isRefusal<C extends ErrorCode>(
  error: unknown,
  code: C,
): error is ApiError & { code: C; params: ParamsOf<C>[0] } {
  return error instanceof ApiError && error.code === code;
}

export interface LeadRefusal {
  leadId: number;
  section: LeadSection;
  message: string;
  status: number;
}

/**
 * A refused change to a lead, as the inbox shows it on the lead's page: the lead, the section, the message
 * and the status (undefined for any other error).
 */
export function leadRefusal(error: unknown): LeadRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const section = (ERRORS[error.code] as Entry<never>).lead;
  if (!section) return undefined;
  const { leadId } = error.params as { leadId: number };
  return { leadId, section, message: error.answer.body.message, status: error.answer.status };
}

/** Whether `error` is a refusal the inbox answers with its error page. */
export function isPageRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (ERRORS[error.code] as Entry<never>).page === true;
}

/**
 * A configuration the process cannot run with (the server's, the inbox's, a command's): its message names
 * each bad variable in Spanish, all the operator needs, so it is said without a stack trace.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The problems of one part's environment, a line per variable, as one `ConfigError`. */
export function invalidConfig(part: string, problems: readonly string[]): ConfigError {
  return new ConfigError(`Configuración inválida ${part}:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
}

/** The zod issues of an environment's schema as lines naming their variable. */
export const variableProblems = (issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): string[] =>
  issues.map((issue) => `${String(issue.path[0] ?? '')}: ${issue.message}`);

/** The answer of the refusal `code`, for a handler whose refusal is an outcome it returns. */
export function refusal<C extends ErrorCode>(code: C, ...params: ParamsOf<C>): ErrorAnswer {
  return refuse(code, ...params).answer;
}
