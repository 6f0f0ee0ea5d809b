/**
 * The visit's origin at the API, on both engines: `X-Lead-Attribution` is stored with the lead when it
 * says something usable; a hostile, malformed or oversized header is ignored and the lead is stored anyway;
 * the JSON body's contract is untouched (an `utm_source` key in the body is not a field of any form).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { leadFromRow } from '../lead/store.ts';
import { startTestApi, VALID, type TestApi } from '../testing/api.ts';

const HEADER = 'X-Lead-Attribution';

/** JSON with every character past ASCII escaped, as a header value must travel. */
const json = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe.each(TEST_ENGINES)('lead attribution (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  /** Sends a lead with `header` (or none) and returns what was stored of its origin. */
  async function stored(header: string | undefined, body: Record<string, unknown> = VALID.small) {
    const answer = await t.post('/api/webSite/contactSmall', body, header === undefined ? {} : { [HEADER]: header });
    expect(answer.status).toBe(201);
    const [row] = await t.rows('SELECT * FROM leads WHERE id = $1', Number(answer.body.id));
    const raw = (row as { attribution: string | null }).attribution;
    return { raw, lead: leadFromRow(row) };
  }

  it('stores the cleaned origin with the lead', async () => {
    const { lead } = await stored(
      json({
        landing: '/servicios/desarrollo-web',
        referrer: 'https://www.google.com/search',
        utm_source: ' google ',
        utm_medium: 'cpc',
        utm_campaign: 'campaña-otoño',
        utm_term: 'software',
        utm_content: 'anuncio-a',
        extra: 'no se guarda',
      }),
    );
    expect(lead.attribution).toEqual({
      landing: '/servicios/desarrollo-web',
      referrer: 'https://www.google.com/search',
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'campaña-otoño',
      utm_term: 'software',
      utm_content: 'anuncio-a',
    });
  });

  it('stores nothing for a visit without a header, or with one that says nothing usable', async () => {
    expect((await stored(undefined)).raw).toBeNull();
    expect((await stored('{}')).raw).toBeNull();
  });

  it('ignores hostile, malformed and oversized headers and still stores the lead', async () => {
    const hostile = [
      'no es json',
      '{"utm_source":',
      '[1,2,3]',
      'null',
      '"google"',
      json({ utm_source: 'x'.repeat(5000) }),
      json({ utm_source: 'a\u0000b', utm_medium: 'c\u001bd', utm_campaign: 'e\u202Ef' }),
      json({ landing: 'https://evil.example/', referrer: 'javascript:alert(1)' }),
      json({ utm_source: { $ne: 1 }, utm_medium: ['cpc'], utm_campaign: 7 }),
      json({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }),
    ];
    for (const header of hostile) expect((await stored(header)).raw, header).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Markup and formulas are plain text: escaped by the inbox, neutralised by the CSV.
    const { lead } = await stored(json({ utm_source: '<script>alert(1)</script>', utm_campaign: '=1+1' }));
    expect(lead.attribution).toEqual({ utm_source: '<script>alert(1)</script>', utm_campaign: '=1+1' });
  });

  it('caps every value and keeps the JSON body’s contract: origin keys in the body are not stored', async () => {
    const { lead } = await stored(json({ utm_campaign: 'c'.repeat(400), landing: `/${'p'.repeat(600)}` }), {
      ...VALID.small,
      utm_source: 'cuerpo',
      landing: '/cuerpo',
    });
    expect(lead.attribution?.utm_campaign).toHaveLength(150);
    expect(lead.attribution?.landing).toHaveLength(300);
    expect(lead.attribution?.utm_source).toBeUndefined();
    expect(lead.fields).not.toHaveProperty('utm_source');
  });

  it('a header too large for the server is refused whole by Node (431), never half-read', async () => {
    const answer = await fetch(`${t.url}/api/webSite/contactSmall`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADER]: 'x'.repeat(20_000) },
      body: JSON.stringify(VALID.small),
    });
    expect(answer.status).toBe(431);
  });
});
