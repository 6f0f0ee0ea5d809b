/**
 * The lead API answers in the lead's language, on both engines: an English page's form (Content-Language,
 * or a client's Accept-Language when it sends none) is validated with the English catalogue's messages and
 * the US and international phone rule, answered in English, and stored with its language and its phone in
 * E.164; a Spanish page's form keeps the Mexican rule and the Spanish answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOptionsSchema } from '../../core/content/form-options.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { servedLists } from '../../core/forms/options.ts';
import { formCopy, formWord } from '../../core/forms/copy.ts';
import { MESSAGES as FIELD_MESSAGES } from '../../core/forms/fields.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadFromRow } from '../lead/store.ts';
import { SLOT_PROBLEM_MESSAGES } from '../availability/schedule.ts';
import { slotProblemMessages } from './leads-language.ts';
import { refusal } from '../errors.ts';
import { startTestApi, US_PROJECT, VALID, type TestApi } from '../testing/api.ts';

const { translations } = loadContentFacts();
const english = translations.active.find((language) => language.code === 'en');
const copy = english ? formCopy(translations.catalogues.get('en') ?? {}, 'en') : undefined;

describe.skipIf(!copy).each(TEST_ENGINES)('lead API in English (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });
  const words = copy!;

  it('takes a US phone, answers in English and stores the lead in English with its number in E.164', async () => {
    const answer = await t.post('/api/webSite/contactProyect', US_PROJECT, { 'Content-Language': 'en' });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(formWord(words, 'success'));
    const [row] = await t.rows('SELECT * FROM leads WHERE id = $1', Number(answer.body.id));
    const lead = leadFromRow(row);
    expect(lead.language).toBe('en');
    expect(lead.phone).toBe('+15125550142');
  });

  it('takes international numbers, and Mexican ones with +52 as the Spanish forms store them', async () => {
    for (const [typed, stored] of [
      ['+44 20 7946 0958', '+442079460958'],
      ['+52 55 4161 2280', '+525541612280'],
      ['+1 212 555 0199', '+12125550199'],
    ] as const) {
      const answer = await t.post(
        '/api/webSite/contactProyect',
        { ...US_PROJECT, phone: typed, email: `${stored.slice(1)}@lonestarfreight.com` },
        { 'Content-Language': 'en-US' },
      );
      expect(answer.status, typed).toBe(201);
      const [row] = await t.rows('SELECT phone FROM leads WHERE id = $1', Number(answer.body.id));
      expect(row?.phone).toBe(stored);
    }
  });

  it('answers bad, oversized and hostile input with the English messages of its form', async () => {
    const answer = await t.post(
      '/api/webSite/contactProyect',
      {
        ...US_PROJECT,
        email: 'megan@',
        phone: '555-0142',
        company: 'x'.repeat(300),
        name: 'Megan\u202eWalsh',
        budget: 'a lot',
      },
      { 'Content-Language': 'en' },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(`${formWord(words, 'error')}. ${formWord(words, 'errorHint')}`);
    expect(answer.body.errors).toEqual({
      email: words.messages.email,
      phone: words.messages.phone,
      company: words.messages.maxText,
      name: words.messages.invisible,
      budget: words.messages.option,
    });
    const missing = await t.post('/api/webSite/contactSmall', {}, { 'Content-Language': 'en' });
    expect(missing.body.errors).toMatchObject({ name: words.messages.required, email: words.messages.required });
  });

  it('says in English why a meeting slot cannot be booked', async () => {
    const english = slotProblemMessages(translations.catalogues.get('en') ?? {}, 'en', false);
    // 2026-11-28 is a Saturday; 23:00 is outside office hours.
    for (const [slot, problem] of [
      ['2026-11-28T10:00', 'weekend'],
      ['2026-11-25T23:00', 'outside-hours'],
    ] as const) {
      const answer = await t.post(
        '/api/webSite/contactSmall',
        { ...VALID.small, appointmentDate: slot },
        { 'Content-Language': 'en' },
      );
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({ appointmentDate: english[problem] });
    }
  });

  it("answers in the Accept-Language's language a client that does not say its page's", async () => {
    const answer = await t.post('/api/webSite/contactSmall', {}, { 'Accept-Language': 'en-US,en;q=0.9' });
    expect(answer.body.errors).toMatchObject({ name: words.messages.required });
    const spanish = await t.post(
      '/api/webSite/contactSmall',
      {},
      { 'Accept-Language': 'en', 'Content-Language': 'es-MX' },
    );
    expect(spanish.body.errors).toMatchObject({ name: FIELD_MESSAGES.required });
  });

  it("serves the form's option lists in the page's language, with the same ids", async () => {
    const path = '/api/webSite/contactFormSelects';
    const spanish = await t.request(path);
    const english = await t.request(path, { headers: { 'Content-Language': 'en' } });
    const accepted = await t.request(path, { headers: { 'Accept-Language': 'en-US,en;q=0.9' } });
    const lists = servedLists(
      formOptionsSchema.parse(translations.content.get('en')?.get('form-options.yaml')),
    ) as unknown as Record<string, Array<{ id: string }>>;
    expect(english.status).toBe(200);
    expect(english.body).toEqual(lists);
    expect(accepted.body).toEqual(lists);
    expect(english.headers.get('vary')).toMatch(/Content-Language/);
    expect(english.headers.get('vary')).toMatch(/Accept-Language/);
    const spanishLists = spanish.body as unknown as Record<string, Array<{ id: string }>>;
    expect(spanishLists).toEqual(servedLists(loadContentFacts().lists));
    for (const [key, list] of Object.entries(lists)) {
      expect(list.map((option) => option.id)).toEqual(spanishLists[key]?.map((option) => option.id));
      expect(list).not.toEqual(spanishLists[key]);
    }
  });

  it('keeps the Spanish answers and the Mexican rule for a Spanish page', async () => {
    const answer = await t.post(
      '/api/webSite/contactProyect',
      { ...VALID.project, phone: '+44 20 7946 0958' },
      { 'Content-Language': translations.defaultCode },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(refusal('validation', { errors: {} }).body.message);
    expect(answer.body.errors).toEqual({ phone: FIELD_MESSAGES.phone });
  });
});

describe('slot problems from the catalogue', () => {
  it('the default language says them as the meeting calls do', () => {
    const code = translations.defaultCode;
    expect(slotProblemMessages(translations.catalogues.get(code) ?? {}, code, true)).toEqual(SLOT_PROBLEM_MESSAGES);
  });

  it('English writes the office hours as US English does, with no braces left', () => {
    if (!english) return;
    const messages = slotProblemMessages(translations.catalogues.get('en') ?? {}, 'en', false);
    expect(messages['outside-hours']).toMatch(/AM.*PM/);
    for (const text of Object.values(messages)) expect(text).not.toMatch(/[{}]/);
  });
});
