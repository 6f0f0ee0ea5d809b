/**
 * The API's Fastify plugin is configured by the options it is registered with, its slice of the
 * configuration: what it reads comes from there, and nothing else of the process's settings is in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_PATH } from '../../core/api/routes.ts';
import { createApp } from '../app.ts';
import { ERRORS } from '../errors.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';

const PARTNER = 'https://socio.example';

describe("the API plugin's options", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('hold the routes’ slice only, copied out of the configuration', () => {
    const { options } = t.api;
    expect(Object.keys(options).sort()).toEqual([
      'allowedOrigins',
      'bodyLimitBytes',
      'facts',
      'meetings',
      'rateLimitWindowMs',
      'scheduleRateLimitMax',
      'trustProxy',
    ]);
    expect(options).not.toBe(t.config);
    expect(options).not.toHaveProperty('databasePath');
    expect(options).not.toHaveProperty('smtpUrl');
  });

  it('decide what the plugin does: another origin allowed by the options it is registered with', async () => {
    const request = { method: 'GET' as const, url: HEALTH_PATH, headers: { origin: PARTNER, host: 'api.test' } };
    const refused = await t.request(HEALTH_PATH, { headers: { Origin: PARTNER } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERRORS.forbiddenOrigin.message());

    const widened = createApp({ api: { ...t.api, options: { ...t.api.options, allowedOrigins: [PARTNER] } } });
    try {
      const answer = await widened.inject(request);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(PARTNER);
    } finally {
      await widened.close();
    }
  });
});
