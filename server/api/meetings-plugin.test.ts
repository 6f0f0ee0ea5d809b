/**
 * The meetings' routes are a Fastify plugin of their own, registered inside the API with their slice of the
 * configuration: what they read comes from those options, and nothing else of the process's settings is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../core/api/routes.ts';
import { createApp } from '../app.ts';
import { ERRORS } from '../errors.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';

const MEETING = `${apiPath('meeting')}?token=${'x'.repeat(43)}`;

describe("the meetings plugin's options", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('hold the meetings’ slice only, copied out of the configuration', () => {
    const { meetings, ...api } = t.api.options;
    expect(Object.keys(meetings).sort()).toEqual([
      'meetingRateLimitMax',
      'rateLimitWindowMs',
      'translations',
      'trustProxy',
    ]);
    expect(meetings).not.toBe(t.config);
    expect(meetings.translations).toBe(t.config.facts.translations);
    for (const other of ['allowedOrigins', 'bodyLimitBytes', 'facts', 'scheduleRateLimitMax', 'databasePath'])
      expect(meetings).not.toHaveProperty(other);
    // The API's own routes no longer carry what only the meetings read.
    expect(api).not.toHaveProperty('meetingRateLimitMax');
  });

  it('decide what the routes do: a lower limit in the options they are registered with', async () => {
    const statuses = async (app: ReturnType<typeof createApp>, remoteAddress: string) => {
      const seen = [];
      for (let call = 0; call < 2; call += 1)
        seen.push(await app.inject({ method: 'GET', url: MEETING, headers: { host: 'api.test' }, remoteAddress }));
      return seen;
    };
    const { options } = t.api;
    const as = createApp({ api: t.api });
    const lowered = createApp({
      api: { ...t.api, options: { ...options, meetings: { ...options.meetings, meetingRateLimitMax: 1 } } },
    });
    try {
      expect((await statuses(as, '198.51.100.20')).map((answer) => answer.statusCode)).toEqual([404, 404]);
      const [first, second] = await statuses(lowered, '198.51.100.21');
      expect(first?.statusCode).toBe(404);
      expect(second?.statusCode).toBe(429);
      const retryAfter = Number(second?.headers['retry-after']);
      expect(second?.json()).toMatchObject({
        success: false,
        message: ERRORS.tooManyMeetingRequests.message({ retryAfter }),
      });
    } finally {
      await Promise.all([as.close(), lowered.close()]);
    }
  });
});
