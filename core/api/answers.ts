/**
 * The shapes of the API's answers, as the site reads them and the server writes them. The site reads them
 * tolerantly: any backend that honours the contract works, including one that sends only
 * `201 {success, message, status}` or numeric option ids. zod/mini, because the form islands ship these.
 */
import { z } from 'zod/mini';
import { TIME_PATTERN } from '../dates.ts';
import type { ServedLists } from '../forms/options.ts';

/** What a failed call carries; every part optional so a proxy's error page still reads. */
export const failureAnswer = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
});

/** What our API answers to a stored lead (201); other backends may send less. */
export interface SubmissionBody {
  success: true;
  message: string;
  id: number;
  reference: string;
  /** The meeting it booked, `YYYY-MM-DDTHH:mm` Mexico City, when the lead asked for one. */
  appointmentDate?: string;
}

/** What the site knows after a 2xx: whatever the answer said, nothing more. */
export interface SubmissionReceipt {
  message?: string;
  /** `CONT-<id>`: the answer's `reference`, or made from its `id`. */
  reference?: string;
  /** The meeting the server says it booked. */
  appointmentDate?: string;
}

const text = z.optional(z.nullable(z.string()));
const receiptBody = z.object({
  success: z.optional(z.unknown()),
  message: text,
  id: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  reference: text,
  appointmentDate: text,
});

const REFERENCE = /^CONT-\d+$/;

/**
 * A 2xx answer to a submission. Only `success: false` is a refusal (its message, if any, is returned);
 * an empty or unexpected body is still a stored lead.
 */
export function readSubmission(
  body: unknown,
): { refused: true; message: string | undefined } | { refused: false; receipt: SubmissionReceipt } {
  const parsed = receiptBody.safeParse(body);
  if (!parsed.success) return { refused: false, receipt: {} };
  const { success, message, id, reference, appointmentDate } = parsed.data;
  if (success === false) return { refused: true, message: message ?? undefined };
  const receipt: SubmissionReceipt = {};
  if (message) receipt.message = message;
  if (reference && REFERENCE.test(reference)) receipt.reference = reference;
  else if (id !== undefined && id !== null && /^\d+$/.test(String(id))) receipt.reference = `CONT-${String(id)}`;
  if (appointmentDate && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(appointmentDate))
    receipt.appointmentDate = appointmentDate;
  return { refused: false, receipt };
}

/** 200 `{schedule: ['09:00', …]}`: the free meeting times of a date. */
export const scheduleAnswer = z.object({ schedule: z.array(z.string().check(z.regex(TIME_PATTERN))) });

/** An option id as any backend may send it: text or a number; the forms hold it as text. */
const optionId = z.pipe(
  z.union([z.string().check(z.trim(), z.minLength(1)), z.number().check(z.int())]),
  z.transform((id: string | number) => String(id)),
);
const label = z.string().check(z.trim(), z.minLength(1));
const optional = z.optional(z.nullable(z.string()));
const listOf = <T extends z.core.$ZodShape>(shape: T) =>
  z.array(z.object({ id: optionId, ...shape })).check(z.minLength(1));

const SERVED_SHAPES = {
  proyects: listOf({ proyect: label }),
  budgets: listOf({ range: label, currency: optional }),
  timelines: listOf({ range: label, range_time: optional }),
  emergency: listOf({ level: label }),
};

/**
 * The lists of a `contactFormSelects` answer that can be shown: each list that parses (ids as text, nulls
 * dropped); the others are missing, and the form keeps its shipped list for them.
 */
export function readSelects(body: unknown): Partial<ServedLists> {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const lists: Partial<ServedLists> = {};
  const proyects = SERVED_SHAPES.proyects.safeParse(record.proyects);
  if (proyects.success) lists.proyects = proyects.data;
  const budgets = SERVED_SHAPES.budgets.safeParse(record.budgets);
  if (budgets.success) {
    lists.budgets = budgets.data.map(({ id, range, currency }) =>
      currency === 'MXN' || currency === 'USD' ? { id, range, currency } : { id, range },
    );
  }
  const timelines = SERVED_SHAPES.timelines.safeParse(record.timelines);
  if (timelines.success)
    lists.timelines = timelines.data.map(({ id, range, range_time }) =>
      range_time ? { id, range, range_time } : { id, range },
    );
  const emergency = SERVED_SHAPES.emergency.safeParse(record.emergency);
  if (emergency.success) lists.emergency = emergency.data;
  return lists;
}

/** A meeting's state (`webSite/meeting*`); core/api/meeting.ts reads it without zod, for the light /reunion page. */
export type MeetingStatus = 'scheduled' | 'cancelled' | 'held' | 'missed';

/** Why a manage link can no longer change its meeting (410 `reason`). */
export type MeetingGoneReason = 'expired' | 'cancelled' | 'started' | 'closed';

/** A booked meeting as `webSite/meeting*` answer it (the contract's meeting result, with its state). */
export interface MeetingBody {
  /** `CONT-<id>`. */
  reference: string;
  /** The calendar event's UID, the same for the meeting's whole life. */
  eventId: string;
  status: MeetingStatus;
  /** Mexico City date `YYYY-MM-DD` and time `HH:mm`, and both as `YYYY-MM-DDTHH:mm`. */
  date: string;
  time: string;
  appointmentDate: string;
  /** The instants, ISO 8601 UTC, for the visitor's own time zone. */
  start: string;
  end: string;
  timeZone: string;
  /** The video call. */
  meetLink: string;
  /** Google Calendar "add event" link. */
  calendarLink: string;
  consultant: { name: string; role: string };
  /** Whether the client can still move or cancel it (scheduled and not started). */
  changeable: boolean;
}

/** 200 of `webSite/meeting`, `meetingReschedule` and `meetingCancel`. */
export interface MeetingAnswerBody {
  success: true;
  message?: string;
  meeting: MeetingBody;
}

/** 404 and 410 of the same calls: the message, and on a 410 why. */
export interface MeetingFailureBody {
  success: false;
  message: string;
  reason?: MeetingGoneReason;
}
