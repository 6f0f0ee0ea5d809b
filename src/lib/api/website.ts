/**
 * The `webSite` calls of the lead API with the shape of each answer (core/api/answers.ts), so islands get
 * typed, validated data: available slots, the select options and the result of a submission.
 */
import { scheduleAnswer, selectsAnswer, submissionAnswer, type SelectsAnswer, type SubmissionAnswer } from '../../../core/api/answers.ts';
import { SITE_GROUP } from '../../../core/api/routes.ts';
import type { LeadAction } from '../../../core/forms/kinds.ts';
import { get, post, type ApiResult } from './client.ts';

export function submitLead(action: LeadAction, data: Record<string, string>): Promise<ApiResult<SubmissionAnswer>> {
  return post(SITE_GROUP, action, data, { answer: submissionAnswer });
}

/** Free meeting times (`HH:mm`, Mexico City) of a date `YYYY-MM-DD`. */
export async function fetchSchedule(date: string, signal?: AbortSignal): Promise<ApiResult<readonly string[]>> {
  const result = await post(SITE_GROUP, 'scheduleAvailable', { date }, { answer: scheduleAnswer, ...(signal ? { signal } : {}) });
  return result.kind === 'success' ? { ...result, data: result.data.schedule } : result;
}

let selectsRequest: Promise<ApiResult<SelectsAnswer>> | undefined;

/** The select options, asked once per page however many forms want them. */
export function fetchSelects(): Promise<ApiResult<SelectsAnswer>> {
  selectsRequest ??= get(SITE_GROUP, 'contactFormSelects', { answer: selectsAnswer });
  return selectsRequest;
}
