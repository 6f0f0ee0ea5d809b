/**
 * The database failing under a request: a connection PostgreSQL ends in the middle of a transaction, the
 * database going away and coming back, a SQLite file locked by another process. Each fails only the
 * request it hits, with a Spanish 503 and nothing half-stored, and the next request works again.
 * (Processes that keep running through faults under load: server/faults.test.ts.)
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { bringBack, lockWaiters, takeAway, terminate } from '../db/testing/faults.ts';
import { startSmtpPeer, type SmtpPeer } from '../email/testing/smtp-peer.ts';
import { ERRORS } from '../errors.ts';
import { OPEN_SLOT, startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';

let t: TestApi | undefined;
let peer: SmtpPeer | undefined;
afterEach(async () => {
  await t?.dispose();
  await peer?.close();
  t = peer = undefined;
});

const TABLES = ['leads', 'bookings', 'outbox'] as const;

async function counts(api: TestApi): Promise<number[]> {
  return [
    ...(await Promise.all(TABLES.map((table) => api.count(table)))),
    (await api.rows('SELECT 1 FROM rate_events')).length,
  ];
}

describe.runIf(TEST_ENGINES.includes('postgres'))('PostgreSQL ending connections', () => {
  it('fails the request whose connection is ended mid-transaction with a 503, keeping nothing of it', async () => {
    t = await startTestApi({}, { engine: 'postgres' });
    const url = t.databaseEnv.DATABASE_URL ?? '';
    // Another session books the slot without committing: the submission stores its lead, then waits for
    // that session on the slot's UNIQUE index, inside its transaction.
    const other = new pg.Client({ connectionString: url });
    other.on('error', () => undefined);
    await other.connect();
    try {
      await other.query('BEGIN');
      const { rows } = await other.query<{ id: number }>(
        `INSERT INTO leads (form_type, name, email, fields, origin_page, received_at, client_hash)
         VALUES (1, 'Otra sesión', 'otra@empresa.mx', '{}', '/', '2026-11-23T14:00:00.000Z', 'x') RETURNING id`,
      );
      await other.query(
        `INSERT INTO bookings (slot, slot_date, starts_at, lead_id, created_at)
         VALUES ($1, '2026-11-24', '2026-11-24T16:00:00.000Z', $2, '2026-11-23T14:00:00.000Z')`,
        [OPEN_SLOT, rows[0]?.id],
      );
      const answer = t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
      let waiting: number[] = [];
      await waitFor(async () => (waiting = await lockWaiters(url)).length === 1, 'the submission to wait');
      // What a failover, a restart or an idle-session timeout does to that connection.
      await terminate(waiting[0] ?? 0);
      const failed = await answer;
      expect(failed.status).toBe(503);
      expect(failed.body).toEqual({ success: false, message: ERRORS.databaseUnavailable.message() });
      expect(failed.headers.get('retry-after')).toBe('5');
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }
    // Its lead, booking, e-mails and rate-limit count went with the transaction.
    expect(await counts(t)).toEqual([0, 0, 0, 0]);
    // The pool replaced the connection: the same submission now goes through.
    const retried = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: OPEN_SLOT });
    expect(retried.status).toBe(201);
    expect(await counts(t)).toEqual([1, 1, 2, 1]);
  });

  it('answers 503 while the database is away, readiness included, and works and mails again once it is back', async () => {
    peer = await startSmtpPeer();
    t = await startTestApi({ SMTP_URL: peer.url }, { engine: 'postgres' });
    const url = t.databaseEnv.DATABASE_URL ?? '';
    expect((await t.request('/api/ready')).status).toBe(200);
    await takeAway(url);
    try {
      const ready = await t.request('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ success: false, message: ERRORS.notReady.message() });
      const refused = await t.post('/api/webSite/contactSmall', VALID.small);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ success: false, message: ERRORS.databaseUnavailable.message() });
      const schedule = await t.post('/api/webSite/scheduleAvailable', { date: OPEN_SLOT.slice(0, 10) });
      expect(schedule.status).toBe(503);
    } finally {
      await bringBack(url);
    }
    await waitFor(async () => (await t!.request('/api/ready')).status === 200, 'readiness once the database is back');
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(() => peer!.received.length === 2, 'both e-mails of the lead');
    expect(await t.count('leads')).toBe(1);
  });
});

describe('SQLite locked by another process', () => {
  it('answers 503 once the lock outlasts the busy timeout, and stores the next submission', async () => {
    t = await startTestApi();
    // A first lead, and its e-mails written: the outbox worker has nothing to write while the lock is held.
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2, 'e-mails');
    const other = new DatabaseSync(t.config.databasePath);
    try {
      other.exec('BEGIN IMMEDIATE');
      // SQLite waits BUSY_TIMEOUT_MS (5 s) for the write lock, then gives up.
      const refused = await t.post('/api/webSite/contactSmall', VALID.small);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ success: false, message: ERRORS.databaseUnavailable.message() });
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    expect(await counts(t)).toEqual([2, 0, 4, 2]);
  });
});
