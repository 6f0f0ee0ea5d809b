/**
 * Reading a `webSite/meeting*` answer (types in answers.ts) with plain checks instead of zod: the /reunion
 * page shows the meeting before any framework loads, within the site's first-load JavaScript budget.
 */
import type { MeetingBody, MeetingStatus } from './answers.ts';

const STATUSES: readonly MeetingStatus[] = ['scheduled', 'cancelled', 'held', 'missed'];
const TEXTS = [
  'reference',
  'eventId',
  'date',
  'time',
  'appointmentDate',
  'start',
  'end',
  'timeZone',
  'meetLink',
  'calendarLink',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The meeting of a 2xx answer, or `undefined` when the body is not one. */
export function readMeeting(body: unknown): MeetingBody | undefined {
  const meeting = isRecord(body) ? body.meeting : undefined;
  if (!isRecord(meeting)) return undefined;
  if (TEXTS.some((key) => typeof meeting[key] !== 'string')) return undefined;
  if (!STATUSES.includes(meeting.status as MeetingStatus) || typeof meeting.changeable !== 'boolean') return undefined;
  const consultant = meeting.consultant;
  if (!isRecord(consultant) || typeof consultant.name !== 'string' || typeof consultant.role !== 'string')
    return undefined;
  if (Number.isNaN(Date.parse(meeting.start as string)) || Number.isNaN(Date.parse(meeting.end as string)))
    return undefined;
  return meeting as unknown as MeetingBody;
}
