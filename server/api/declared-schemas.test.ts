/**
 * The submissions' and the meetings' bodies are checked by the zod schemas their routes declare, one route
 * per language (localized-route.ts). On both engines and in both languages: a request with no body, a
 * malformed, oversized or hostile one is answered as before the schemas moved onto the routes; a body
 * the schema refuses is worded in the page's language; and what the handlers looked at first still comes
 * first (the per-address limits and the honeypot answer before any field is checked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { formCopy, formWord, type FormCopy } from '../../core/forms/copy.ts';
import { LEAD_KIND_IDS, LEAD_KINDS } from '../../core/forms/kinds.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/schemas.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { refusal } from '../errors.ts';
import { startTestApi, US_PROJECT, VALID, type TestApi } from '../testing/api.ts';

const { translations } = loadContentFacts();
const SPANISH = translations.defaultCode;
const englishCopy: FormCopy | undefined = translations.active.some(({ code }) => code === 'en')
  ? formCopy(translations.catalogues.get('en') ?? {}, 'en')
  : undefined;
const LANGUAGES = [SPANISH, ...(englishCopy ? ['en'] : [])];

const SUBMISSIONS = LEAD_KIND_IDS.map((kind) => `/api/webSite/${LEAD_KINDS[kind].action}`);
const MEETING_CHANGES = ['/api/webSite/meetingReschedule', '/api/webSite/meetingCancel'];
const SPANISH_422 = refusal('validation', { errors: {} }).body.message;

describe.each(TEST_ENGINES)('declared body schemas (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ MEETING_RATE_LIMIT_MAX: '1000' }, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it.each(LANGUAGES)('refuses a request without a body with the 415, before any schema (%s)', async (language) => {
    for (const path of [...SUBMISSIONS, ...MEETING_CHANGES]) {
      const res = await fetch(`${t.url}${path}`, { method: 'POST', headers: { 'Content-Language': language } });
      expect(res.status, path).toBe(415);
      expect(await res.json()).toEqual(refusal('unsupportedMediaType').body);
    }
    expect(await t.count('leads')).toBe(0);
  });

  it.each(LANGUAGES)('answers malformed and oversized bodies as the registry does (%s)', async (language) => {
    const headers = { 'Content-Language': language };
    for (const path of [SUBMISSIONS[0] ?? '', MEETING_CHANGES[0] ?? '']) {
      for (const [raw, code] of [
        ['[{"name":"Ana"}]', 'notAnObject'],
        ['{"name": "Ana",', 'malformedJson'],
        ['null', 'notAnObject'],
      ] as const) {
        const res = await t.post(path, raw, headers, true);
        expect(res.status, `${path} ${raw}`).toBe(400);
        expect(res.body).toEqual(refusal(code).body);
      }
      const big = await t.post(path, { ...VALID.small, message: 'x'.repeat(40 * 1024) }, headers);
      expect(big.status).toBe(413);
      expect(big.body).toEqual(refusal('payloadTooLarge').body);
    }
    expect(await t.count('leads')).toBe(0);
  });

  it.each(LANGUAGES)('drops hostile keys and pollutes nothing (%s)', async (language) => {
    const hostile = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(
      language === SPANISH ? VALID.small : { ...VALID.small, email: 'megan@lonestarfreight.com' },
    ).slice(1)}`;
    const res = await t.post('/api/webSite/contactSmall', hostile, { 'Content-Language': language }, true);
    expect(res.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [row] = await t.rows('SELECT fields FROM leads WHERE id = $1', Number(res.body.id));
    expect(String(row?.fields)).not.toContain('polluted');
  });

  it('words a refused body in the page language, its fields under their names', async () => {
    const stored = await t.count('leads');
    const nested = { ...VALID.small, name: { toString: 'Ana' }, email: ['ana@example.mx'] };
    const spanish = await t.post('/api/webSite/contactSmall', nested, { 'Content-Language': SPANISH });
    expect(spanish.status).toBe(422);
    expect(spanish.body).toEqual({
      success: false,
      message: SPANISH_422,
      errors: { name: FIELD_MESSAGES.notText, email: FIELD_MESSAGES.notText },
    });
    const meeting = await t.post(MEETING_CHANGES[1] ?? '', { token: 5 }, { 'Content-Language': SPANISH });
    expect(meeting.status).toBe(422);
    expect(meeting.body).toEqual({
      success: false,
      message: SPANISH_422,
      errors: { token: `token: ${FIELD_MESSAGES.notText}` },
    });
    if (!englishCopy) return;
    const english = await t.post(
      '/api/webSite/contactProyect',
      { ...US_PROJECT, name: 7 },
      { 'Content-Language': 'en' },
    );
    expect(english.status).toBe(422);
    expect(english.body).toEqual({
      success: false,
      message: `${formWord(englishCopy, 'error')}. ${formWord(englishCopy, 'errorHint')}`,
      errors: { name: englishCopy.messages.notText },
    });
    const englishMeeting = await t.post(MEETING_CHANGES[0] ?? '', {}, { 'Content-Language': 'en' });
    expect(englishMeeting.status).toBe(422);
    expect(englishMeeting.body.errors).toEqual({
      token: englishCopy.messages.required,
      appointmentDate: englishCopy.messages.required,
    });
    expect(await t.count('leads')).toBe(stored);
  });

  it.each(LANGUAGES)(
    'answers a filled honeypot like a success even when its fields are wrong (%s)',
    async (language) => {
      const stored = await t.count('leads');
      const res = await t.post(
        '/api/webSite/contactBig',
        { website: 'http://spam.example', email: 'no' },
        { 'Content-Language': language },
      );
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      if (language !== SPANISH && englishCopy) expect(res.body.message).toBe(formWord(englishCopy, 'success'));
      expect(await t.count('leads')).toBe(stored);
    },
  );
});

describe.each(TEST_ENGINES)('limits before the schemas (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ RATE_LIMIT_MAX: '1', MEETING_RATE_LIMIT_MAX: '1' }, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('refuses a client over its limit with the 429 whatever its body says', async () => {
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    for (const language of LANGUAGES) {
      const res = await t.post('/api/webSite/contactSmall', { email: 'no' }, { 'Content-Language': language });
      expect(res.status, language).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect((await t.post(MEETING_CHANGES[1] ?? '', { token: 5 })).status).toBe(422);
    for (const language of LANGUAGES) {
      const res = await t.post(MEETING_CHANGES[1] ?? '', { token: 5 }, { 'Content-Language': language });
      expect(res.status, language).toBe(429);
    }
    expect(await t.count('leads')).toBe(1);
  });
});
