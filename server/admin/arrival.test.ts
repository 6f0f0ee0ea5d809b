/**
 * Assignment on arrival, over HTTP on both engines: a new lead goes to the consultant of its kind of work
 * when they have an active inbox account, else to the next active sales account in turn (disabled accounts
 * and admins never take a turn), or stays unassigned when there is nobody; the assignee's notice is queued
 * in the same transaction that stores the lead, and the lead's history says how it was assigned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillTemplate } from '../../core/text-template.ts';
import { VALID } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { referenceOf } from '../lead/model.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';

interface Notice {
  recipient: string;
  subject: string;
}

describe.each(TEST_ENGINES)('new leads assigned on arrival (%s)', (engine) => {
  let t: TestAdmin;
  let quick = 0;

  const send = async (body: object, path = '/api/webSite/contactSmall') =>
    Number((await t.api.post(path, body)).body.id);
  const assigneeOf = async (leadId: number) =>
    (
      await t.api.rows<{ email: string | null }>(
        'SELECT u.email FROM inbox_lead_state s JOIN inbox_users u ON u.id = s.assignee_id WHERE s.lead_id = $1',
        leadId,
      )
    )[0]?.email ?? null;
  const noticesOf = (leadId: number) =>
    t.api.rows<Notice>(
      'SELECT recipient, subject FROM outbox WHERE lead_id = $1 AND recipient IN (SELECT email FROM inbox_users) ORDER BY id',
      leadId,
    );
  const setActive = (email: string, active: boolean) =>
    t.api.storage.run('UPDATE inbox_users SET active = $1 WHERE email = $2', [active ? 1 : 0, email]);

  beforeAll(async () => {
    t = await startTestAdmin(engine, { RATE_LIMIT_MAX: '50' });
    t.api.api.setOnArrival(t.admin.assignOnArrival);
    const consultants = t.api.config.facts.consultants;
    // The test's premise: the mobile-app consultant has an inbox address in content, the quick form's does not.
    expect(consultants.byProjectType[VALID.big.projectType]?.email).toBe('mariana.cruz@angram.mx');
    expect(consultants.general.email).toBeUndefined();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('leaves a lead unassigned, with no notice, while there is no active sales account', async () => {
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    quick = await send(VALID.small);
    expect(quick).toBeGreaterThan(0);
    expect(await assigneeOf(quick)).toBeNull();
    expect(await noticesOf(quick)).toEqual([]);
  });

  it('takes turns among the active sales accounts, and tells each assignee', async () => {
    await t.createUser('ana@angram.mx', 'sales', 'Ana López');
    await t.createUser('beto@angram.mx', 'sales', 'Beto Ruiz');
    await t.createUser('carla@angram.mx', 'sales', 'Carla Núñez');
    await setActive('carla@angram.mx', false);
    const leads = [];
    for (let index = 0; index < 3; index += 1)
      leads.push(await send({ ...VALID.small, email: `cliente${index}@ferremax.mx` }));
    expect(await Promise.all(leads.map(assigneeOf))).toEqual(['ana@angram.mx', 'beto@angram.mx', 'ana@angram.mx']);
    const copy = t.api.config.facts.salesEmails.assigned;
    for (const leadId of leads) {
      const notices = await noticesOf(leadId);
      expect(notices).toEqual([
        {
          recipient: await assigneeOf(leadId),
          subject: fillTemplate(copy.subject, { referencia: referenceOf(leadId), cliente: VALID.small.name }),
        },
      ]);
    }
  });

  it("gives a project type's lead to its consultant's account without spending a turn", async () => {
    await t.createUser('mariana.cruz@angram.mx', 'sales', 'Mariana Cruz');
    const mobile = await send(VALID.big, '/api/webSite/contactBig');
    expect(await assigneeOf(mobile)).toBe('mariana.cruz@angram.mx');
    expect((await noticesOf(mobile)).map((notice) => notice.recipient)).toEqual(['mariana.cruz@angram.mx']);
    // The turn goes on where it was: Ana took the last one, so Beto is next (then Mariana, now in the round).
    expect(await assigneeOf(await send({ ...VALID.small, email: 'otro@ferremax.mx' }))).toBe('beto@angram.mx');

    const ana = t.client();
    await ana.signIn('ana@angram.mx');
    const page = await ana.get(`/admin/contacts/${mobile}`);
    expect(page.text).toContain('Al llegar quedó a cargo de <strong><bdi>Mariana Cruz</bdi></strong>');
  });

  it("goes by turn when the consultant's account is disabled", async () => {
    await setActive('mariana.cruz@angram.mx', false);
    const mobile = await send({ ...VALID.big, email: 'otra@logisticadelnorte.com.mx' }, '/api/webSite/contactBig');
    expect(await assigneeOf(mobile)).toBe('ana@angram.mx');
    expect(await assigneeOf(quick)).toBeNull();
  });
});
