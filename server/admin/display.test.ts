/**
 * What a visitor types cannot disguise itself in the inbox, on both engines: the API refuses bidirectional
 * controls, zero-width characters and soft hyphens in names and companies with a Spanish message; what is
 * shown (older rows included) is isolated in <bdi>; a search for a reference lists that lead first, even when
 * another visitor named themselves after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../testing/api.ts';
import { MESSAGES } from '../../core/forms/fields.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';

const refsOf = (text: string) => [...text.matchAll(/>CONT-(\d+)</g)].map((match) => Number(match[1]));

describe.each(TEST_ENGINES)('names that cannot disguise themselves (%s)', (engine) => {
  let t: TestAdmin;
  let ana: AdminClient;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    ana = t.client();
    await ana.signIn('ana@angram.mx');
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('refuses invisible formatting in names and companies, with a Spanish message', async () => {
    for (const [field, value] of [
      ['name', 'Mónica \u202Eoñiverᴛ'],
      ['name', 'Ál\u200Bvaro Núñez'],
      ['company', 'Ferre\u00ADmax'],
    ] as const) {
      const answer = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, [field]: value });
      expect(answer.status, JSON.stringify(value)).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: MESSAGES.invisible });
    }
    expect(await t.api.rows('SELECT 1 FROM leads')).toEqual([]);
  });

  it('isolates what visitors typed and lists the lead a reference names first', async () => {
    const real = Number((await t.api.post('/api/webSite/contactSmall', VALID.small)).body.id);
    const impostor = Number(
      (await t.api.post('/api/webSite/contactSmall', { ...VALID.small, name: `CONT-${real} · Álvaro Núñez` })).body.id,
    );
    // A row stored before the rule (or edited by hand) still cannot reverse the page around it.
    await t.api.storage.run('UPDATE leads SET name = $1 WHERE id = $2', ['Lucía \u202Ezeidnánreh', real]);
    const list = (await ana.get('/admin/contacts')).text;
    expect(list).toContain('<bdi>Lucía \u202Ezeidnánreh</bdi>');
    expect(list).toContain(`<bdi>CONT-${real} · Álvaro Núñez</bdi>`);
    const page = (await ana.get(`/admin/contacts/${real}`)).text;
    expect(page).toContain(`<h1>CONT-${real} · <bdi>Lucía \u202Ezeidnánreh</bdi></h1>`);
    for (const sort of ['', '&orden=puntuacion', '&orden=actividad'])
      expect(refsOf((await ana.get(`/admin/contacts?q=CONT-${real}${sort}`)).text), sort).toEqual([real, impostor]);
  });
});
