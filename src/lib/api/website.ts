/**
 * The `webSite` calls of the lead API (server/api/README.md) with the shape of each answer, so islands get
 * typed, validated data: available slots, the select options and the result of a submission.
 */
import { z } from 'zod/mini';
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
  id: z.int().check(z.positive()),
  reference: z.string().check(z.regex(/^CONT-\d+$/)),
});
export type SubmissionAnswer = z.output<typeof submissionAnswer>;

/** 200 `{schedule: ['09:00', …]}`. */
export const scheduleAnswer = z.object({ schedule: z.array(z.string().check(z.regex(TIME_PATTERN))) });

const option = { id: z.string().check(z.minLength(1)) };
const list = <T extends z.core.$ZodShape>(shape: T) => z.array(z.object({ ...option, ...shape })).check(z.minLength(1));
/** 200 `{proyects, budgets, timelines, emergency}`, the lists src/lib/forms/options.ts ships as the fallback. */
export const selectsAnswer = z.object({
  proyects: list({ proyect: z.string() }),
  budgets: list({ range: z.string(), currency: z.optional(z.enum(['MXN', 'USD'])) }),
  timelines: list({ range: z.string(), range_time: z.optional(z.string()) }),
  emergency: list({ level: z.string() }),
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
