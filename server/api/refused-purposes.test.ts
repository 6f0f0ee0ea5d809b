/**
 * Refused voluntary purposes honoured at the API, on both engines: a visitor who refuses the visit's origin
 * and the scoring in the form (`X-Privacy-Refusals`) is stored without attribution and without a score,
 * even though the browser sent the origin; refusing one keeps the other; a forged or oversized header
 * refuses only what it names of the notice in force.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentFacts } from '../../core/content/load.ts';
import { PRIVACY_REFUSALS_HEADER, REFUSABLE_PURPOSES } from '../../core/privacy.ts';
import { createSearchIndex } from '../admin/store/search-index.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { UNSCORED } from '../privacy/refusals.ts';
import { startTestApi, VALID, type TestApi } from '../testing/api.ts';

const ORIGIN = JSON.stringify({ landing: '/contacto', referrer: 'https://www.google.com/', utm_source: 'google' });
const { attribution, scoring } = REFUSABLE_PURPOSES;

describe.each(TEST_ENGINES)('refused purposes (%s)', (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { engine });
  });
  afterAll(async () => {
    await t.dispose();
  });

  async function stored(refusals: string | undefined) {
    const answer = await t.post('/api/webSite/contactBig', VALID.big, {
      'X-Lead-Attribution': ORIGIN,
      ...(refusals === undefined ? {} : { [PRIVACY_REFUSALS_HEADER]: refusals }),
    });
    expect(answer.status).toBe(201);
    const id = Number(answer.body.id);
    const [lead] = await t.rows<{ attribution: string | null; score: number | null }>(
      'SELECT attribution, score FROM leads WHERE id = $1',
      id,
    );
    const refused = await t.rows<{ purpose: string }>(
      'SELECT purpose FROM privacy_refusals WHERE lead_id = $1 ORDER BY purpose',
      id,
    );
    return { ...lead, refused: refused.map((row) => row.purpose) };
  }

  it('are purposes of the notice in force, each with its refusal box', () => {
    const ids = loadContentFacts().privacy.purposes.voluntary.map((purpose) => purpose.id);
    expect(ids).toEqual(expect.arrayContaining([attribution, scoring]));
  });

  it('stores a lead that refused both without its origin and without a score', async () => {
    const lead = await stored(`${attribution},${scoring}`);
    expect(lead.attribution).toBeNull();
    expect(lead.score).toBe(UNSCORED);
    expect(lead.refused).toEqual([attribution, scoring].sort());
  });

  it('keeps what was not refused', async () => {
    const unscored = await stored(scoring);
    expect(unscored.attribution).not.toBeNull();
    expect(unscored.score).toBe(UNSCORED);
    const anonymousOrigin = await stored(attribution);
    expect(anonymousOrigin.attribution).toBeNull();
    expect(anonymousOrigin.score).toBeGreaterThanOrEqual(0);
    const neither = await stored(undefined);
    expect(neither.attribution).not.toBeNull();
    expect(neither.score).toBeGreaterThanOrEqual(0);
  });

  it('keeps a refused lead unscored when the inbox indexes or rescores every lead', async () => {
    const answer = await t.post('/api/webSite/contactBig', VALID.big, { [PRIVACY_REFUSALS_HEADER]: scoring });
    const id = Number(answer.body.id);
    // As after a change of the budget lists: the inbox's fingerprint differs, every score is recomputed.
    await t.storage.run("DELETE FROM settings WHERE key = 'pipeline_score_facts'");
    await t.storage.run('UPDATE leads SET search_text = NULL WHERE id = $1', [id]);
    await createSearchIndex(t.storage, t.settings).indexAll();
    const [lead] = await t.rows<{ score: number }>('SELECT score FROM leads WHERE id = $1', id);
    expect(lead?.score).toBe(UNSCORED);
  });

  it('refuses only the known purposes a forged or oversized header names', async () => {
    const forged = await stored(`otra-cosa,${scoring},${'x'.repeat(5000)}`);
    expect(forged.refused).toEqual([scoring]);
    expect(forged.attribution).not.toBeNull();
    expect(forged.score).toBe(UNSCORED);
  });
});
