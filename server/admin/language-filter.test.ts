/**
 * The inbox lists leads by the language they arrived in, on both engines: `?idioma=en` lists the English
 * page's leads only, the default language's code lists the Spanish ones (those stored before the site had
 * languages too), and a value that is no language tag is dropped and said, never an error page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE } from '../../core/site.ts';
import { US_PROJECT, VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';

describe.each(TEST_ENGINES)('the inbox filter by language (%s)', (engine) => {
  let t: TestAdmin;
  let english = 0;
  let spanish = 0;
  let before = 0;
  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    const post = async (action: string, body: object, headers: Record<string, string> = {}) => {
      const answer = await t.api.post(`/api/webSite/${action}`, body, headers);
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    english = await post('contactProyect', US_PROJECT, { 'Content-Language': 'en' });
    spanish = await post('contactBig', VALID.big, { 'Content-Language': SITE.locale });
    before = await post('contactSmall', VALID.small);
    // A lead stored before the site had a second language has no language at all.
    await t.api.rows('UPDATE leads SET language = NULL WHERE id = $1', before);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('lists the leads of one language, the default one with those stored before languages', async () => {
    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const refs = async (query: string) => {
      const page = await ana.get(`/admin/contacts${query}`);
      expect(page.status).toBe(200);
      return [...page.text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1])).sort((a, b) => a - b);
    };
    expect(await refs('?idioma=en')).toEqual([english]);
    expect(await refs(`?idioma=${SITE.locale}`)).toEqual([spanish, before].sort((a, b) => a - b));
    expect(await refs('?idioma=fr')).toEqual([]);
    const hostile = await ana.get(`/admin/contacts?idioma=${encodeURIComponent("en' OR 1=1 --")}`);
    expect(hostile.status).toBe(200);
    expect(hostile.text).toContain('Se ignoró un idioma que no existe.');
  });
});
