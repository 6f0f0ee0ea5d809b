/**
 * The inbox's list on both engines: a lead whose author refused scoring in the form shows why it has no
 * score instead of one; the others keep theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_REFUSALS_HEADER, REFUSABLE_PURPOSES } from '../../core/privacy.ts';
import { VALID } from '../api/test-support.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { referenceOf } from '../lead/model.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from './test-support.ts';
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
  });
});
