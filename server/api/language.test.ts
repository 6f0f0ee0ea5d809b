/**
 * The lead's language at the API, on both engines: the form's `Content-Language` is stored with the lead
 * as one of the active languages of content/languages.yaml; a missing, inactive or hostile value stores
 * the default language and never refuses the lead; the JSON body's contract is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadFromRow } from '../lead/store.ts';
import { startTestApi, VALID, type TestApi } from '../testing/api.ts';

const { translations } = loadContentFacts();
const other = translations.active.find((language) => !language.is_default)?.code;

describe.each(TEST_ENGINES)('lead language (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function storedLanguage(headers: Record<string, string>): Promise<string | undefined> {
    const answer = await t.post('/api/webSite/contactSmall', VALID.small, headers);
    expect(answer.status).toBe(201);
    const [row] = await t.rows('SELECT * FROM leads WHERE id = $1', Number(answer.body.id));
    return leadFromRow(row).language;
  }

  it('stores the language of the page the form was sent from', async () => {
    if (!other) return;
    expect(await storedLanguage({ 'Content-Language': other })).toBe(other);
    expect(await storedLanguage({ 'Content-Language': `${other.toUpperCase()}-US` })).toBe(other);
    expect(await storedLanguage({ 'Content-Language': translations.defaultCode })).toBe(translations.defaultCode);
  });

  it('stores the default language without the header or with one that names no active language', async () => {
    const sent: Array<Record<string, string>> = [
      {},
      { 'Content-Language': 'fr' },
      { 'Content-Language': 'x'.repeat(4000) },
      { 'Content-Language': '<b>en</b>' },
    ];
    for (const headers of sent) expect(await storedLanguage(headers)).toBe(translations.defaultCode);
  });
});
