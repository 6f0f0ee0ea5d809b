/**
 * The inbox's list on both engines: a lead whose author refused scoring in the form shows why it has no
 * score instead of one; the others keep theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_REFUSALS_HEADER, REFUSABLE_PURPOSES } from '../../core/privacy.ts';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { referenceOf } from '../lead/model.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { UNSCORED_LABEL } from './views/inbox.ts';

describe.each(TEST_ENGINES)('a lead that refused scoring in the inbox (%s)', (engine) => {
  let t: TestAdmin;
  let admin: AdminClient;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    admin = t.client();
    expect((await admin.signIn('dir@angram.mx')).status).toBe(303);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('says it has no score because the client refused, and scores the others', async () => {
    const refused = await t.api.post('/api/webSite/contactBig', VALID.big, {
      [PRIVACY_REFUSALS_HEADER]: REFUSABLE_PURPOSES.scoring,
    });
    const scored = await t.api.post('/api/webSite/contactBig', { ...VALID.big, email: 'otro@empresa.mx' });
    const page = await admin.get('/admin/contacts');
    const rowOf = (id: number) =>
      new RegExp(`<tr id="lead-${id}">[^]*?</tr>`).exec(page.text)?.[0] ?? `sin fila ${referenceOf(id)}`;
    expect(rowOf(Number(refused.body.id))).toContain(UNSCORED_LABEL);
    expect(rowOf(Number(scored.body.id))).not.toContain(UNSCORED_LABEL);
    expect(rowOf(Number(scored.body.id))).toMatch(/data-label="Puntuación" class="num secondary">\d+</);
    const leadPage = await admin.get(`/admin/contacts/${Number(refused.body.id)}`);
    expect(leadPage.text).toContain(UNSCORED_LABEL);
    expect(leadPage.text).not.toContain('Estimación de ingresos');

    // The team's e-mail about her says no score either, in its text, its HTML or its preheader.
    const internal = async (id: number) => {
      const [row] = await t.api.rows<{ message: string }>(
        "SELECT message FROM outbox WHERE lead_id = $1 AND audience = 'internal' AND recipient = $2",
        id,
        t.api.config.salesEmail,
      );
      return JSON.parse(row?.message ?? '{}') as { text?: string; html?: string };
    };
    const copy = t.api.config.facts.emails.internal;
    const refusedMail = await internal(Number(refused.body.id));
    const scoredMail = await internal(Number(scored.body.id));
    expect(scoredMail.text).toContain(copy.analysisRows.score);
    expect(scoredMail.text).toMatch(/\d+\/100/);
    for (const part of [refusedMail.text ?? '', refusedMail.html ?? '']) {
      expect(part).toContain(copy.unscored.split(':')[0]);
      expect(part).not.toContain(copy.analysisRows.score);
      expect(part).not.toContain(copy.analysisRows.priority);
      expect(part).not.toContain(copy.analysisRows.revenue);
      expect(part).not.toMatch(/\d+\/100/);
    }
  });
});
