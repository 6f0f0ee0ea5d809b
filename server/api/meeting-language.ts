/**
 * The meeting manage page's API in the page's language. The default language's answers stay the
 * registry's (server/errors.ts) and the meetings service's own words; another active language words the
 * same answers from its catalogue (`content/i18n/<code>.yaml`: `meetingAnswers`, `meetingSlots` and the
 * forms' `validation` group), so a client who reads the page in English is answered in English. The
 * catalogue is the one served now: an edit made in the inbox words the answers as soon as this instance has
 * taken it, like every other interface string. Statuses, headers and body fields never change with the
 * language: only the sentences do.
 */
import { formCopy, formWord } from '../../core/forms/copy.ts';
import type { Catalogue } from '../../core/i18n/catalogue.ts';
import type { Translations } from '../../core/i18n/load.ts';
import { fillKnown } from '../../core/text-template.ts';
import type { SlotProblem } from '../availability/schedule.ts';
import { ApiError, MeetingRefusal, refuse, type ErrorAnswer, type ErrorCode } from '../errors.ts';
import { slotProblemMessages } from './leads-language.ts';

/** The catalogue's `meetingAnswers` keys: what the manage page is told after each call. */
const ANSWER_KEYS = [
  'moved',
  'cancelledNow',
  'alreadyCancelled',
  'notFound',
  'expired',
  'cancelled',
  'started',
  'closed',
  'taken',
  'sameSlot',
  'tooManyRequests',
] as const;

type AnswerKey = (typeof ANSWER_KEYS)[number];

/** The registry's meeting refusals with a fixed sentence, by the catalogue key that words them. */
const REFUSAL_KEYS: Partial<Record<ErrorCode, AnswerKey>> = {
  meetingNotFound: 'notFound',
  meetingExpired: 'expired',
  meetingCancelled: 'cancelled',
  meetingStarted: 'started',
  meetingClosed: 'closed',
  meetingTaken: 'taken',
  meetingSameSlot: 'sameSlot',
};

/** A translated language's words for the meeting API. */
export interface MeetingWords {
  code: string;
  answers: Readonly<Record<AnswerKey, string>>;
  slotProblems: Readonly<Record<SlotProblem, string>>;
  /** The 422's sentence and its fields' messages. */
  validation: string;
  required: string;
  notText: string;
  appointment: string;
}

function answersOf(catalogue: Catalogue, code: string): Record<AnswerKey, string> {
  return Object.fromEntries(
    ANSWER_KEYS.map((key) => {
      const text = catalogue.meetingAnswers?.[key];
      if (text === undefined) throw new Error(`Falta meetingAnswers.${key} en content/i18n/${code}.yaml`);
      return [key, text];
    }),
  ) as Record<AnswerKey, string>;
}

/**
 * The interface strings as this instance serves them now: the files' catalogues with the inbox's edits
 * over them (server/api/translations.ts keeps them), and a number that changes whenever one of them does.
 */
export interface LiveCatalogues {
  version(): number;
  catalogue(code: string): Catalogue | undefined;
}

/** Every active language but the default, with its words from `catalogues` (the files' by default). */
export function meetingLanguages(
  translations: Translations,
  catalogues: Pick<LiveCatalogues, 'catalogue'> = { catalogue: (code) => translations.catalogues.get(code) },
): ReadonlyMap<string, MeetingWords> {
  const languages = new Map<string, MeetingWords>();
  for (const { code } of translations.active) {
    if (code === translations.defaultCode) continue;
    const catalogue = catalogues.catalogue(code);
    if (!catalogue) throw new Error(`Sin catálogo para el idioma ${code} (content/i18n/${code}.yaml)`);
    const copy = formCopy(catalogue, code);
    languages.set(code, {
      code,
      answers: answersOf(catalogue, code),
      slotProblems: slotProblemMessages(catalogue, code, false),
      validation: `${formWord(copy, 'error')}. ${formWord(copy, 'errorHint')}`,
      required: copy.messages.required,
      notText: copy.messages.notText,
      appointment: copy.messages.appointment,
    });
  }
  return languages;
}

/**
 * The same refusal with another sentence. A meeting's refusal of a slot repeats its sentence as the slot's
 * field (`errors.appointmentDate`), which follows it; a 422 of the form keeps its fields' own messages.
 */
function reworded(error: ApiError, message: string): ApiError {
  const body: ErrorAnswer['body'] = { ...error.answer.body, message };
  const errors = body.errors as Record<string, string> | undefined;
  if (error instanceof MeetingRefusal && errors?.appointmentDate !== undefined)
    body.errors = { ...errors, appointmentDate: message };
  const answer = { ...error.answer, body };
  return error instanceof MeetingRefusal
    ? new MeetingRefusal(error.code, answer, error.reason)
    : new ApiError(error.code, answer);
}

/** A refusal of the meetings service in `words`' language; anything else as it came. */
export function translatedRefusal(error: unknown, words: MeetingWords | undefined): unknown {
  if (!words || !(error instanceof ApiError)) return error;
  const key = REFUSAL_KEYS[error.code];
  return key ? reworded(error, words.answers[key]) : error;
}

/** The refusal of a slot the page cannot book, in the language. */
export function slotRefusal(problem: SlotProblem, words: MeetingWords | undefined): ApiError {
  const refusal = refuse('meetingSlotInvalid', { problem });
  return words ? reworded(refusal, words.slotProblems[problem]) : refusal;
}

/** Too many calls from one address, with the wait in whole minutes, in the language. */
export function tooManyRefusal(retryAfter: number, words: MeetingWords | undefined): ApiError {
  const refusal = refuse('tooManyMeetingRequests', { retryAfter });
  if (!words) return refusal;
  const minutes = String(Math.max(1, Math.ceil(retryAfter / 60)));
  return reworded(refusal, fillKnown(words.answers.tooManyRequests, { minutos: minutes }));
}

/** A 422 naming its fields, its sentence in the language. */
export function validationRefusal(errors: Record<string, string>, words: MeetingWords | undefined): ApiError {
  const refusal = refuse('validation', { errors });
  return words ? reworded(refusal, words.validation) : refusal;
}
