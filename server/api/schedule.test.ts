/**
 * `scheduleAvailable` declares its body's schema with zod, checked by Fastify before the handler: every
 * refusal is still the registry's, in Spanish, and a refused body is not counted against the address's limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../core/api/routes.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { ERRORS } from '../errors.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';

const SCHEDULE = apiPath('scheduleAvailable');

describe("scheduleAvailable's schema", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ SCHEDULE_RATE_LIMIT_MAX: '1', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.dispose();
  });
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it('refuses a date that is not text with the field’s Spanish message', async () => {
    const answer = await t.post(SCHEDULE, { date: 20261124 });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      success: false,
      message: ERRORS.validation.message({ errors: {} }),
      errors: { date: FIELD_MESSAGES.notText },
    });
  });

  it('answers a POST with no body 415 and a body that is no object 400, as before the schema', async () => {
    const empty = await t.request(SCHEDULE, { method: 'POST' });
    expect(empty.status).toBe(415);
    expect(empty.body.message).toBe(ERRORS.unsupportedMediaType.message());
    const list = await t.post(SCHEDULE, ['2026-11-24']);
    expect(list.status).toBe(400);
    expect(list.body.message).toBe(ERRORS.notAnObject.message());
    const text = await t.post(SCHEDULE, 'date=2026-11-24', { 'Content-Type': 'text/plain' }, true);
    expect(text.status).toBe(415);
  });

  it('counts only valid calls against the limit, and ignores fields it does not know', async () => {
    const headers = from('198.51.100.30');
    expect((await t.post(SCHEDULE, { date: '24/11/2026' }, headers)).status).toBe(422);
    const valid = await t.post(SCHEDULE, { date: '2026-11-24', extra: '<script>' }, headers);
    expect(valid.status).toBe(200);
    expect(Array.isArray(valid.body.schedule)).toBe(true);
    expect((await t.post(SCHEDULE, { date: '2026-11-24' }, headers)).status).toBe(429);
  });
});
