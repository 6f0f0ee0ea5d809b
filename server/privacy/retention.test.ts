/**
 * The retention job with an injected clock, on both engines: e-mail bodies and their `.eml` files go
 * the body retention after delivery (the delivery record stays); a lead with no activity for
 * the lead retention is anonymised while a lead worked on since is kept; the run happens once per day
 * across instances and leaves its entry in the audit trail.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID, waitFor } from '../testing/api.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';
import { leadFromRow } from '../lead/store.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import type { DailyJob } from '../jobs/daily.ts';
import { ANONYMOUS_NAME, ERASED_BODY } from './registry.ts';
import { monthsBefore } from './retention.ts';
import { testRetentionJob } from './testing/retention-job.ts';
import { scanDirectory, scanRows } from './testing/scan.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('monthsBefore', () => {
  it('goes back whole calendar months, clamping to the shorter month', () => {
    expect(monthsBefore(new Date('2026-11-23T14:00:00Z'), 24).toISOString()).toBe('2024-11-23T14:00:00.000Z');
    expect(monthsBefore(new Date('2026-03-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe.each(TEST_ENGINES)('the retention job (%s)', (engine) => {
  let t: TestAdmin;
  let quiet: number;
  let worked: number;
  /** When the last e-mail left: the outbox stamps deliveries with the wall clock, not the business clock. */
  let sentAt: number;
  const later = (ms: number) => new Date(sentAt + ms);
  const jobs: DailyJob[] = [];

  /** One instance's job, looking only when the test asks (its own timer is far away). */
  const instance = () => {
    const job = testRetentionJob(t);
    jobs.push(job);
    return job;
  };

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const send = async (body: object) => {
      const answer = await t.api.post('/api/webSite/contactSmall', body);
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    quiet = await send(VALID.small);
    worked = await send({
      ...VALID.small,
      name: 'Ana Sofía Gutiérrez',
      email: 'ana@cafeorigen.mx',
      company: 'Café Origen',
    });
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 4,
      'four .eml written',
    );
    const [last] = await t.api.rows<{ at: string }>('SELECT max(sent_at) AS at FROM outbox');
    sentAt = Date.parse(last?.at ?? '');
    expect(sentAt).toBeGreaterThanOrEqual(TEST_NOW.getTime());
  });

  afterAll(async () => {
    for (const job of jobs) await job.stop();
    await t.dispose();
  });

  it('keeps e-mail bodies until the body retention after delivery', async () => {
    t.clock.now = later(29 * DAY_MS);
    const outcome = await instance().check();
    expect(outcome).toMatchObject({ ran: true, result: { bodiesErased: 0, leadsAnonymised: 0 } });
    expect(readdirSync(t.api.config.outboxDir)).toHaveLength(4);
  });

  it('erases the bodies and their .eml files after that, keeping the delivery record', async () => {
    t.clock.now = later(31 * DAY_MS);
    const outcome = await instance().check();
    expect(outcome).toMatchObject({ ran: true, result: { bodiesErased: 4, filesDeleted: 4, leadsAnonymised: 0 } });
    expect(readdirSync(t.api.config.outboxDir)).toEqual([]);
    const mail = await t.api.rows<{ status: string; message: string; sent_at: string | null; message_id: string }>(
      'SELECT status, message, sent_at, message_id FROM outbox ORDER BY id',
    );
    expect(mail.map((row) => [row.status, row.message])).toEqual(Array(4).fill(['sent', ERASED_BODY]));
    expect(mail.every((row) => row.sent_at !== null && row.message_id.includes('@'))).toBe(true);
    // The leads themselves are untouched.
    const [lead] = await t.api.rows('SELECT * FROM leads WHERE id = $1', quiet);
    expect(leadFromRow(lead).fields.name).toBe(VALID.small.name);
  });

  it('runs once per day across instances', async () => {
    const [first, second] = await Promise.all([instance().check(), instance().check()]);
    expect([first, second]).toEqual([
      { ran: false, reason: 'done' },
      { ran: false, reason: 'done' },
    ]);
    t.clock.now = later(32 * DAY_MS);
    const outcomes = await Promise.all([instance().check(), instance().check(), instance().check()]);
    expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
  });

  it('anonymises a lead with no activity for the lead retention and keeps one worked on since', async () => {
    // A year later someone on the team writes a note on one of the two leads.
    t.clock.now = later(365 * DAY_MS);
    const admin = t.client();
    await admin.signIn('dir@angram.mx');
    await admin.get(`/admin/contacts/${worked}`);
    const note = await admin.post(`/admin/contacts/${worked}/notes`, { note: 'Pidió retomar la propuesta en enero.' });
    expect(note.status).toBe(303);

    t.clock.now = later(2 * 365 * DAY_MS + 2 * DAY_MS);
    const outcome = await instance().check();
    expect(outcome).toMatchObject({ ran: true, result: { leadsAnonymised: 1 } });
    const leads = (await t.api.rows('SELECT * FROM leads ORDER BY id')).map(leadFromRow);
    expect(leads.map((lead) => [lead.id, lead.name])).toEqual([
      [quiet, ANONYMOUS_NAME],
      [worked, 'Ana Sofía Gutiérrez'],
    ]);
    expect(await scanRows(t.api.storage, [VALID.small.email, VALID.small.company])).toEqual({});
    expect(scanDirectory(t.api.config.outboxDir, [VALID.small.email])).toEqual({});

    const runs = await t.api.rows<{ actor_kind: string; detail: string }>(
      "SELECT actor_kind, detail FROM audit_log WHERE action = 'retention' ORDER BY id",
    );
    expect(runs.map((run) => run.actor_kind)).toEqual(['system', 'system', 'system', 'system']);
    expect(JSON.parse(runs.at(-1)?.detail ?? '{}')).toMatchObject({ leadsAnonymised: 1 });
  });
});
