/**
 * `webSite/scheduleAvailable`: the free slots of a day, limited per client address. Its body's schema is the
 * same in every language, so Fastify checks it through the zod type provider before the handler runs, and
 * the handler gets the body typed; a body the schema refuses is answered by the API's error handler (http.ts)
 * as before, 422 with the field's Spanish message. The submissions' and the meetings' bodies are declared
 * too, one route per language (localized-route.ts): their schemas and messages depend on the page's language.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../core/api/routes.ts';
import { parseDate } from '../../core/dates.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { clientAddress, hashAddress } from '../client/facts.ts';
import { consume, type RateLimit } from '../client/rate-limit.ts';
import type { TrustProxy } from '../client/trusted-proxies.ts';
import type { Storage } from '../db/storage.ts';
import { refuse } from '../errors.ts';
import type { MeetingService } from '../meetings/service.ts';
import { sendJson } from './http.ts';
import { methodRoutes } from './route-table.ts';

const scheduleRequestSchema = z.object({
  date: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notText) })
    .refine((value) => parseDate(value) !== undefined, 'La fecha no es válida (formato AAAA-MM-DD)'),
});

export interface ScheduleDeps {
  storage: Storage;
  /** The salt of the client addresses' hashes. */
  salt: string;
  meetings: MeetingService;
  trustProxy: TrustProxy;
  limit: RateLimit;
}

/** The route on the API's scope (whose validator compiler is the zod type provider's); returns its path. */
export function registerSchedule(scope: FastifyInstance, deps: ScheduleDeps): string {
  const path = apiPath('scheduleAvailable');
  scope.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: path,
    schema: { body: scheduleRequestSchema },
    handler: async (request, reply) => {
      const clientHash = hashAddress(clientAddress(request.raw, deps.trustProxy), deps.salt);
      const retryAfter = await consume(deps.storage, deps.limit, clientHash, Date.now());
      if (retryAfter !== undefined) throw refuse('tooManyScheduleRequests', { retryAfter });
      return sendJson(reply, { status: 200, body: { schedule: await deps.meetings.freeSlots(request.body.date) } });
    },
  });
  methodRoutes(path, ['POST'], scope);
  return path;
}
