/**
 * An edit of the meeting calls' answers in the inbox (`meetingAnswers`, content/i18n/<code>.yaml) reaches
 * the API like every other interface string: within a check period, on every instance of one database,
 * without a restart; the default language keeps the registry's own words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { loadContentFacts } from '../../core/content/load.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestApi, type TestApi } from '../testing/api.ts';
import { createTranslationStore } from '../translations/store.ts';

const { translations } = loadContentFacts();
const other = translations.active.find((language) => !language.is_default)?.code;
const NOT_FOUND = translations.catalogues.get(other ?? '')?.meetingAnswers?.notFound ?? '';
const POLL = { TRANSLATIONS_POLL_S: '1' };

/** What an instance answers, in `language`, to a manage link that matches no meeting. */
async function unknownLink(t: TestApi, language: string): Promise<[number, unknown]> {
  const answer = await t.request('/api/webSite/meeting', {
    headers: { [MEETING_TOKEN_HEADER]: 'x'.repeat(43), 'Content-Language': language },
  });
  return [answer.status, answer.body.message];
}

describe.skipIf(!other).each(TEST_ENGINES)('meeting answers edited in the inbox (%s)', (engine) => {
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    a = await startTestApi(POLL, { engine });
    b = await a.sibling(POLL);
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
  });

  it('are answered by both instances within a check period, without a restart', async () => {
    const code = other ?? '';
    expect(await unknownLink(a, code)).toEqual([404, NOT_FOUND]);
    const edited = `${NOT_FOUND} (edited)`;
    await createTranslationStore(a.storage).record({
      locale: code,
      key: 'meetingAnswers.notFound',
      text: edited,
      previous: NOT_FOUND,
      sourceText: '',
      userId: null,
      at: new Date(),
    });
    for (const instance of [a, b])
      await expect.poll(async () => unknownLink(instance, code), { timeout: 5_000 }).toEqual([404, edited]);
    // The default language answers with its own words, as before.
    const spanish = translations.catalogues.get(translations.defaultCode)?.meetingAnswers?.notFound;
    expect(await unknownLink(b, translations.defaultCode)).toEqual([404, spanish]);
  });
});
