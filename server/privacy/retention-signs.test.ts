/**
 * Retention counts every sign of life, on both engines: a lead received more than the lead retention ago
 * is kept when the team e-mailed it from the inbox since, or when it has an open next step however old;
 * a lead nobody touched is anonymised beside them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID, waitFor } from '../testing/api.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../testing/inbox.ts';
import { leadFromRow } from '../lead/store.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { ANONYMOUS_NAME } from './registry.ts';
import { testRetentionJob } from './testing/retention-job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_ENGINES)('what keeps a lead alive (%s)', (engine) => {
  let t: TestAdmin;
  let admin: AdminClient;
  const lead = { quiet: 0, emailed: 0, nextStep: 0 };
  let start = 0;

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const send = async (name: string, email: string) => {
      const answer = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, name, email });
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    lead.quiet = await send('Ramiro Quintana', 'ramiro@talleresq.mx');
    lead.emailed = await send('Zoe Martínez', 'zoe@zorzal.mx');
    lead.nextStep = await send('Iván Pardo', 'ivan@pardo.mx');
    await waitFor(async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 6, '.eml');
    start = t.clock.now.getTime();
    admin = t.client();
    await admin.signIn('dir@angram.mx');
    // The day it came in, a next step nobody has marked done since.
    await admin.get(`/admin/contacts/${lead.nextStep}`);
    const saved = await admin.post(`/admin/contacts/${lead.nextStep}/deal`, {
      version: '0',
      nextStepDate: t.clock.now.toISOString().slice(0, 10),
      nextStep: 'Llamar para revisar la propuesta',
    });
    expect(saved.status, saved.text).toBe(303);
  });
  afterAll(async () => {
    await t.dispose();
  });

  it('keeps a lead e-mailed from the inbox since, and one with an open next step', async () => {
    // A year and a half later the team writes to one of them from the inbox.
    t.clock.now = new Date(start + 540 * DAY_MS);
    admin = t.client();
    await admin.signIn('dir@angram.mx');
    await admin.get(`/admin/contacts/${lead.emailed}`);
    const emailed = await admin.post(`/admin/contacts/${lead.emailed}/email`, {
      subject: 'Seguimiento de tu propuesta',
      body: 'Hola, ¿pudiste revisar la propuesta?',
      template: 'primer-contacto',
    });
    expect(emailed.location).toContain('aviso=correo');

    t.clock.now = new Date(start + 2 * 365 * DAY_MS + 10 * DAY_MS);
    const job = testRetentionJob(t);
    try {
      expect(await job.check()).toMatchObject({ ran: true, result: { leadsAnonymised: 1 } });
    } finally {
      await job.stop();
    }
    const names = (await t.api.rows('SELECT * FROM leads ORDER BY id'))
      .map(leadFromRow)
      .map((row) => [row.id, row.name]);
    expect(names).toEqual([
      [lead.quiet, ANONYMOUS_NAME],
      [lead.emailed, 'Zoe Martínez'],
      [lead.nextStep, 'Iván Pardo'],
    ]);
    expect(await t.api.rows('SELECT next_step FROM pipeline_deals WHERE lead_id = $1', lead.nextStep)).toEqual([
      { next_step: 'Llamar para revisar la propuesta' },
    ]);
  });
});
