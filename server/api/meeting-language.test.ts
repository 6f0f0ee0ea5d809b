/**
 * The meeting manage page's API in the page's language, on both engines: a client who wrote from an
 * English page gets manage links to the English page (booking and move), and the English page's calls are
 * answered in English (the consultant's title, every message of a move, a cancellation and a refusal),
 * with the same statuses and fields as in Spanish; a Spanish page's client keeps the Spanish page and the
 * registry's Spanish answers. The words are read from content/, never quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { formCopy } from '../../core/forms/copy.ts';
import { ROUTES } from '../../core/routes.ts';
import { fillKnown } from '../../core/text-template.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { storedMessage } from '../email/message.ts';
import { refusal, refuse } from '../errors.ts';
import { MEETING_MESSAGES } from '../meetings/service.ts';
import { latestToken, outboxOf } from '../testing/meetings.ts';
import { meetingLanguages, tooManyRefusal, translatedRefusal } from './meeting-language.ts';
import { OPEN_SLOT, startTestApi, TEST_NOW, US_PROJECT, VALID, type TestApi } from '../testing/api.ts';

const MEETING = '/api/webSite/meeting';
const RESCHEDULE = '/api/webSite/meetingReschedule';
const CANCEL = '/api/webSite/meetingCancel';
const MOVED_SLOT = '2026-11-26T12:00';
/** A Saturday: no meetings on weekends. */
const WEEKEND_SLOT = '2026-11-28T10:00';

const { translations, consultants } = loadContentFacts();
const english = translations.active.some((language) => language.code === 'en');
const catalogue = translations.catalogues.get('en') ?? {};
const answers = catalogue.meetingAnswers ?? {};
const englishPath = translations.routes.get('en')?.meeting ?? '';
const EN = { 'Content-Language': 'en' };

/** The title the English team page gives the consultant who takes every general enquiry. */
function englishRole(name: string): string | undefined {
  for (const [file, data] of translations.content.get(translations.defaultCode) ?? new Map<string, unknown>()) {
    if (!file.startsWith('team/') || (data as { name?: unknown }).name !== name) continue;
    return (translations.content.get('en')?.get(file) as { role?: string } | undefined)?.role;
  }
  return undefined;
}

/** The manage link of each client message of a lead, newest last. */
async function manageLinks(t: TestApi, leadId: number): Promise<string[]> {
  const rows = (await outboxOf(t, leadId)).filter((row) => row.audience === 'client');
  return rows.flatMap((row) => /https?:\/\/[^\s"<>]+\?t=[A-Za-z0-9_-]{43}/.exec(storedMessage(row.message).text) ?? []);
}

describe.skipIf(!english).each(TEST_ENGINES)('the meeting API in the page language (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ MEETING_RATE_LIMIT_MAX: '1000' }, { engine, now: () => TEST_NOW });
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('mails an English client links to the English page and answers its calls in English', async () => {
    const booked = await t.post(
      '/api/webSite/contactProyect',
      { ...US_PROJECT, email: 'dana@harborlogistics.com', appointmentDate: OPEN_SLOT },
      EN,
    );
    expect(booked.status).toBe(201);
    const id = Number(booked.body.id);
    const token = await latestToken(t, id);
    const [first] = await manageLinks(t, id);
    expect(new URL(first ?? '').pathname).toBe(englishPath);

    const read = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: token, ...EN } });
    expect(read.status).toBe(200);
    const consultant = (read.body.meeting as { consultant: { name: string; role: string } }).consultant;
    expect(consultant.role).toBe(englishRole(consultant.name));
    expect(consultant.role).not.toBe(consultants.general.role);

    // Refusals keep their status and fields; only their sentences change.
    const weekend = await t.post(RESCHEDULE, { token, appointmentDate: WEEKEND_SLOT }, EN);
    expect(weekend.status).toBe(422);
    expect(weekend.body.message).toBe(catalogue.meetingSlots?.weekend);
    expect(weekend.body.errors).toEqual({ appointmentDate: catalogue.meetingSlots?.weekend });
    const same = await t.post(RESCHEDULE, { token, appointmentDate: OPEN_SLOT }, EN);
    expect([same.status, same.body.message]).toEqual([422, answers.sameSlot]);
    const missing = await t.post(RESCHEDULE, { token }, EN);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ appointmentDate: formCopy(catalogue, 'en').messages.required });

    const moved = await t.post(RESCHEDULE, { token, appointmentDate: MOVED_SLOT }, EN);
    expect([moved.status, moved.body.message]).toEqual([200, answers.moved]);
    const links = await manageLinks(t, id);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(new URL(link).pathname).toBe(englishPath);

    const cancelled = await t.post(CANCEL, { token }, EN);
    expect([cancelled.status, cancelled.body.message]).toEqual([200, answers.cancelledNow]);
    const again = await t.post(CANCEL, { token }, EN);
    expect([again.status, again.body.message]).toEqual([200, answers.alreadyCancelled]);
    const late = await t.post(RESCHEDULE, { token, appointmentDate: OPEN_SLOT }, EN);
    expect([late.status, late.body.message, late.body.reason]).toEqual([410, answers.cancelled, 'cancelled']);

    const unknown = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: 'x'.repeat(43), ...EN } });
    expect([unknown.status, unknown.body.message]).toEqual([404, answers.notFound]);
  });

  it('gives the general consultant, who has no team page, the English title of content/en/consultants.yaml', async () => {
    const booked = await t.post(
      '/api/webSite/contactSmall',
      { ...VALID.small, email: 'megan@lonestarfreight.com', appointmentDate: '2026-11-25T12:00' },
      EN,
    );
    expect(booked.status).toBe(201);
    const token = await latestToken(t, Number(booked.body.id));
    const read = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: token, ...EN } });
    const general = (translations.content.get('en')?.get('consultants.yaml') as { general: { role: string } }).general;
    expect((read.body.meeting as { consultant: { name: string; role: string } }).consultant).toEqual({
      name: consultants.general.name,
      role: general.role,
    });
    const spanish = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: token } });
    expect((spanish.body.meeting as { consultant: { role: string } }).consultant.role).toBe(consultants.general.role);
  });

  it('keeps the Spanish page and the Spanish answers for a Spanish client', async () => {
    const booked = await t.post('/api/webSite/contactSmall', {
      ...VALID.small,
      email: 'ana@cafeorigen.mx',
      appointmentDate: '2026-11-25T10:00',
    });
    expect(booked.status).toBe(201);
    const id = Number(booked.body.id);
    const [link] = await manageLinks(t, id);
    expect(new URL(link ?? '').pathname).toBe(ROUTES.meeting);
    const token = await latestToken(t, id);
    const moved = await t.post(RESCHEDULE, { token, appointmentDate: '2026-11-27T10:00' });
    expect(moved.body.message).toBe(MEETING_MESSAGES.moved);
    const unknown = await t.request(MEETING, { headers: { [MEETING_TOKEN_HEADER]: 'y'.repeat(43) } });
    expect(unknown.body.message).toBe(refusal('meetingNotFound').body.message);
  });
});

describe.skipIf(!english)('the meeting answers of each language', () => {
  const words = meetingLanguages(translations).get('en');

  it('says how long to wait in whole minutes, keeping the status and Retry-After', () => {
    const answer = tooManyRefusal(150, words).answer;
    expect(answer.status).toBe(429);
    expect(answer.headers).toEqual({ 'Retry-After': '150' });
    expect(answer.body.message).toBe(fillKnown(answers.tooManyRequests ?? '', { minutos: '3' }));
  });

  it('leaves the default language to the registry, and anything not a meeting refusal as it came', () => {
    expect(meetingLanguages(translations).has(translations.defaultCode)).toBe(false);
    const internal = refuse('internal');
    expect(translatedRefusal(internal, words)).toBe(internal);
    expect(translatedRefusal(refuse('meetingTaken'), undefined)).toEqual(refuse('meetingTaken'));
  });

  it("words the Spanish catalogue's originals as the registry and the service say them", () => {
    const spanish = translations.catalogues.get(translations.defaultCode)?.meetingAnswers ?? {};
    expect({
      moved: spanish.moved,
      cancelledNow: spanish.cancelledNow,
      alreadyCancelled: spanish.alreadyCancelled,
      notFound: spanish.notFound,
      expired: spanish.expired,
      cancelled: spanish.cancelled,
      started: spanish.started,
      closed: spanish.closed,
      taken: spanish.taken,
      sameSlot: spanish.sameSlot,
    }).toEqual({
      ...MEETING_MESSAGES,
      notFound: refusal('meetingNotFound').body.message,
      expired: refusal('meetingExpired').body.message,
      cancelled: refusal('meetingCancelled').body.message,
      started: refusal('meetingStarted').body.message,
      closed: refusal('meetingClosed').body.message,
      taken: refusal('meetingTaken').body.message,
      sameSlot: refusal('meetingSameSlot').body.message,
    });
  });
});
