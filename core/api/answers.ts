/**
 * The shapes of the API's answers, as the site reads them and the server writes them. zod/mini, because
 * the form islands ship these to the browser.
 */
import { z } from 'zod/mini';
import { TIME_PATTERN } from '../dates.ts';

/** What a failed call carries; every part optional so a proxy's error page still reads. */
export const failureAnswer = z.object({
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
});

/** 201 `{success, message, id, reference}` from a submission. */
export const submissionAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.int().check(z.positive()),
  reference: z.string().check(z.regex(/^CONT-\d+$/)),
});
export type SubmissionAnswer = z.output<typeof submissionAnswer>;

/** 200 `{schedule: ['09:00', …]}`: the free meeting times of a date. */
export const scheduleAnswer = z.object({ schedule: z.array(z.string().check(z.regex(TIME_PATTERN))) });
export type ScheduleAnswer = z.output<typeof scheduleAnswer>;

const optionId = { id: z.string().check(z.minLength(1)) };
const list = <T extends z.core.$ZodShape>(shape: T) => z.array(z.object({ ...optionId, ...shape })).check(z.minLength(1));

/** 200 `{proyects, budgets, timelines, emergency}`: the select lists the API serves. */
export const selectsAnswer = z.object({
  proyects: list({ proyect: z.string() }),
  budgets: list({ range: z.string(), currency: z.optional(z.enum(['MXN', 'USD'])) }),
  timelines: list({ range: z.string(), range_time: z.optional(z.string()) }),
  emergency: list({ level: z.string() }),
});
export type SelectsAnswer = z.output<typeof selectsAnswer>;
