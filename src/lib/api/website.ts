/**
 * The `webSite` calls of the lead API, read through core/api/answers.ts so islands get typed data: the free
 * slots, the select options and the receipt of a submission. Any backend that honours the contract works.
 */
import { readSelects, readSubmission, scheduleAnswer, type SubmissionReceipt } from '../../../core/api/answers.ts';
import { SITE_GROUP } from '../../../core/api/routes.ts';
import type { LeadAction } from '../../../core/forms/kinds.ts';
import type { ServedLists } from '../../../core/forms/options.ts';
import { LANGUAGE_HEADER } from '../../../core/i18n/lead-language.ts';
import { attributionHeaders } from '../attribution/visit.ts';
import { get, post, type ApiResult } from './client.ts';

/** The page's language (`<html lang>`), so the lead keeps the language its visitor read the form in. */
function pageLanguage(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { [LANGUAGE_HEADER]: lang } : {};
}

/**
 * A 2xx is a stored lead unless its body says `success: false`. `headers` travel beside the body (refusals),
 * with the visit's origin read at the moment of sending.
 */
export async function submitLead(
  action: LeadAction,
  data: Record<string, string>,
  headers: Readonly<Record<string, string>> = {},
): Promise<ApiResult<SubmissionReceipt>> {
  const result = await post(SITE_GROUP, action, data, {
    headers: { ...attributionHeaders(), ...pageLanguage(), ...headers },
  });
  if (result.kind !== 'success') return result;
  const read = readSubmission(result.data);
  if (read.refused) return { kind: 'http-error', status: result.status, message: read.message ?? '' };
  return { ...result, data: read.receipt };
}

/** Free meeting times (`HH:mm`, Mexico City) of a date `YYYY-MM-DD`. */
export async function fetchSchedule(date: string, signal?: AbortSignal): Promise<ApiResult<readonly string[]>> {
  const result = await post(
    SITE_GROUP,
    'scheduleAvailable',
    { date },
    { answer: scheduleAnswer, ...(signal ? { signal } : {}) },
  );
  return result.kind === 'success' ? { ...result, data: result.data.schedule } : result;
}

let selectsRequest: Promise<ApiResult<Partial<ServedLists>>> | undefined;

/**
 * The lists of `contactFormSelects` that can be shown, in the page's language, asked once per page however
 * many forms want them.
 */
export function fetchSelects(): Promise<ApiResult<Partial<ServedLists>>> {
  selectsRequest ??= get(SITE_GROUP, 'contactFormSelects', { headers: pageLanguage() }).then((result) => {
    if (result.kind !== 'success') return result;
    const lists = readSelects(result.data);
    return Object.keys(lists).length > 0
      ? { ...result, data: lists }
      : { kind: 'http-error', status: result.status, message: 'Respuesta inesperada del servidor' };
  });
  return selectsRequest;
}
