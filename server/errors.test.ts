/**
 * The registry of refusals: every entry is thrown or returned somewhere (an entry nobody uses is a message
 * nobody reads), each renders with its status, message, headers and fields, and a failure that is no
 * refusal answers the generic Spanish 500 with nothing of the error in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../core/api/routes.ts';
import { startTestApi, type TestApi } from './testing/api.ts';
import { sourceFiles } from './testing/source-files.ts';
import {
  ApiError,
  ERRORS,
  isPageRefusal,
  isRefusal,
  leadRefusal,
  MeetingRefusal,
  refusal,
  refuse,
  type ErrorCode,
} from './errors.ts';

const SERVER = import.meta.dirname;

describe('the registry of refusals', () => {
  it('has every entry thrown or returned by name in the server', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SERVER, ['node_modules'])) {
      const source = readFileSync(file, 'utf8');
      // Other modules have refusals of their own (a vitals beacon's): only the registry's importers count.
      if (file === join(SERVER, 'errors.ts') || !/from '(?:\.\.?\/)+errors\.ts'/.test(source)) continue;
      for (const match of source.matchAll(/\brefus(?:e|al)\(\s*'(\w+)'/g)) used.add(match[1] ?? '');
    }
    const unused = Object.keys(ERRORS).filter((code) => !used.has(code));
    expect(unused).toEqual([]);
    // And nothing names a code the registry lacks (the type checker says so too).
    expect([...used].filter((code) => !(code in ERRORS))).toEqual([]);
  });

  it('renders each refusal with its status, message, headers and fields', () => {
    const limited = refuse('tooManySubmissions', {
      retryAfter: 61,
      contact: { email: 'hola@angram.mx', whatsappNumber: '5215512345678' },
    });
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited.answer.status).toBe(429);
    expect(limited.answer.headers).toEqual({ 'Retry-After': '61' });
    expect(limited.answer.body.message).toContain('2 minutos');
    expect(limited.answer.body.message).toContain('hola@angram.mx');

    expect(refusal('validation', { errors: { email: 'Correo inválido' } })).toEqual({
      status: 422,
      body: {
        success: false,
        message: ERRORS.validation.message({ errors: {} }),
        errors: { email: 'Correo inválido' },
      },
    });
    expect(refusal('meetingCancelled').body).toEqual({
      success: false,
      message: ERRORS.meetingCancelled.message(),
      reason: 'cancelled',
    });
    expect(refusal('databaseUnavailable').headers).toEqual({ 'Retry-After': '5' });
  });

  it('sorts the meetings refusals by reason for the inbox, and leaves the others unsorted', () => {
    const reasonOf = (error: ApiError) => (error instanceof MeetingRefusal ? error.reason : undefined);
    const reasons = Object.fromEntries(
      (['meetingNotFound', 'meetingExpired', 'meetingStarted', 'meetingTaken', 'meetingSameSlot'] as const).map(
        (code) => [code, reasonOf(refuse(code))],
      ),
    );
    expect(reasons).toEqual({
      meetingNotFound: 'not-found',
      meetingExpired: 'expired',
      meetingStarted: 'gone',
      meetingTaken: 'taken',
      meetingSameSlot: 'invalid',
    });
    expect(refuse('meetingSlotInvalid', { problem: 'weekend' })).toBeInstanceOf(MeetingRefusal);
    expect(refuse('notFound')).not.toBeInstanceOf(MeetingRefusal);
    const codes: ErrorCode[] = Object.keys(ERRORS) as ErrorCode[];
    for (const code of codes) expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
  });
});

describe("the inbox's refusals", () => {
  it('are rendered by the inbox as its error page, and only they', () => {
    const pageCodes = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => 'page' in ERRORS[code]);
    expect(pageCodes.length).toBeGreaterThan(0);
    expect(pageCodes.every((code) => code.startsWith('inbox'))).toBe(true);
    expect(isPageRefusal(refuse('inboxLeadNotFound'))).toBe(true);
    expect(isPageRefusal(refuse('notFound'))).toBe(false);
    expect(isPageRefusal(new Error(ERRORS.inboxLeadNotFound.message()))).toBe(false);
  });

  it("say a refused change to a lead on the lead's page, by its code and the lead it names", () => {
    expect(leadRefusal(refuse('inboxLeadChanged', { leadId: 7 }))).toEqual({
      leadId: 7,
      section: 'top',
      message: ERRORS.inboxLeadChanged.message({ leadId: 7 }),
      status: 409,
    });
    expect(leadRefusal(refuse('inboxMergeSelf', { leadId: 3 }))?.section).toBe('duplicados');
    expect(leadRefusal(refuse('inboxLeadNotFound'))).toBeUndefined();
    expect(leadRefusal(new Error(ERRORS.inboxLeadChanged.message({ leadId: 7 })))).toBeUndefined();
    const limited = refuse('inboxSendLimit', { perHour: 30 });
    expect(isRefusal(limited, 'inboxSendLimit') && limited.params.perHour).toBe(30);
    expect(isRefusal(limited, 'inboxAccountExists')).toBe(false);
    expect(isPageRefusal(limited)).toBe(false);
  });

  it('close the connection when the form was not read to its end', () => {
    for (const code of ['inboxNotAForm', 'inboxFormTooLarge', 'inboxFormCutShort'] as const)
      expect(refusal(code).headers).toEqual({ Connection: 'close' });
    expect(refusal('inboxLeadNotFound').headers).toBeUndefined();
    expect(refusal('inboxTranslationEditNotFound', { message: 'Ese cambio no existe.' }).body.message).toBe(
      'Ese cambio no existe.',
    );
  });
});

describe('a failure that is no refusal', () => {
  let t: TestApi | undefined;
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
  });

  it('answers the generic Spanish 500, without the error, its stack or its details', async () => {
    const logged: Array<Record<string, unknown> | undefined> = [];
    t = await startTestApi(
      {},
      { logger: { info: () => undefined, warn: () => undefined, error: (_event, details) => logged.push(details) } },
    );
    const secret = 'fallo-interno /srv/angram/server/secreto.ts:42';
    vi.spyOn(t.storage, 'transaction').mockRejectedValue(new TypeError(secret));
    const response = await fetch(t.url + apiPath('scheduleAvailable'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: '2026-11-24' }),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(text)).toEqual({ success: false, message: ERRORS.internal.message() });
    expect(text).not.toContain('fallo-interno');
    expect(text).not.toMatch(/TypeError|\bat \S+:\d+/);
    // The team still reads what failed.
    expect(logged.some((details) => String(details?.error).includes('fallo-interno'))).toBe(true);
  });
});
