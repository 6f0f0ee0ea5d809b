/**
 * The `webSite` calls of the lead API (server/api/README.md) with the shape of each answer, so islands get
 * typed, validated data: available slots, the select options and the result of a submission.
 */
import { z } from 'zod';
import { TIME_PATTERN } from '../datetime.ts';
import type { BudgetOption, EmergencyOption, ProjectOption, TimelineOption } from '../forms/options.ts';
import { get, post, type ApiResult } from './client.ts';

const GROUP = 'webSite';

/** The calls that store a lead; each form names one. */
export type LeadAction = 'contactSmall' | 'contactBig' | 'contactProyect' | 'contactConsultancy';

/** 201 `{success, message, id, reference}`. */
export const submissionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int().positive(),
  reference: z.string().regex(/^CONT-\d+$/),
});
export type SubmissionAnswer = z.output<typeof submissionAnswer>;

/** 200 `{schedule: ['09:00', …]}`. */
export const scheduleAnswer = z.object({ schedule: z.array(z.string().regex(TIME_PATTERN)) });

const option = { id: z.string().min(1) };
/** 200 `{proyects, budgets, timelines, emergency}`, the lists src/lib/forms/options.ts ships as the fallback. */
export const selectsAnswer = z.object({
  proyects: z.array(z.object({ ...option, proyect: z.string() })).min(1),
  budgets: z.array(z.object({ ...option, range: z.string(), currency: z.enum(['MXN', 'USD']).optional() })).min(1),
  timelines: z.array(z.object({ ...option, range: z.string(), range_time: z.string().optional() })).min(1),
  emergency: z.array(z.object({ ...option, level: z.string() })).min(1),
});

/** The four served lists, as the forms render them. */
export interface SelectLists {
  proyects: readonly ProjectOption[];
  budgets: readonly BudgetOption[];
  timelines: readonly TimelineOption[];
  emergency: readonly EmergencyOption[];
}

export function submitLead(action: LeadAction, data: Record<string, string>): Promise<ApiResult<SubmissionAnswer>> {
  return post(GROUP, action, data, { answer: submissionAnswer });
}

/** Free meeting times (`HH:mm`, Mexico City) of a date `YYYY-MM-DD`. */
export async function fetchSchedule(date: string, signal?: AbortSignal): Promise<ApiResult<readonly string[]>> {
  const result = await post(GROUP, 'scheduleAvailable', { date }, { answer: scheduleAnswer, ...(signal ? { signal } : {}) });
  return result.kind === 'success' ? { ...result, data: result.data.schedule } : result;
}

let selectsRequest: Promise<ApiResult<SelectLists>> | undefined;

/** The select options, asked once per page however many forms want them. */
export function fetchSelects(): Promise<ApiResult<SelectLists>> {
  selectsRequest ??= get(GROUP, 'contactFormSelects', { answer: selectsAnswer });
  return selectsRequest;
}
