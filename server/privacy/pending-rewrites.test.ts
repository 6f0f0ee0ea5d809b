/**
 * A rewrite of the table files that runs out of patience, on both engines: another connection keeps reading
 * (SQLite: a read transaction on the WAL; PostgreSQL: a snapshot older than the correction), so the old
 * values stay on disk. The rectification records the pending rewrite, the register page and the terminal
 * say so, a retry while the reader stays open is counted, and once it ends the daily job's rewrite completes,
 * clears the record and leaves no old value in the files.
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, VALID, waitFor } from '../testing/api.ts';
import { startTestAdmin, type TestAdmin } from '../testing/inbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { ApiError } from '../errors.ts';
import { escapeHtml } from '../escape-html.ts';
import { runPrivacyCommand } from './command/run.ts';
import { pendingRewritesNotice } from './pending-rewrites.ts';
import { runRetention } from './retention.ts';
import { contactVersion, createPrivacyService, type PrivacyService } from './service.ts';
import { scanPostgres, scanSqlite } from './testing/scan.ts';
import { TEST_RETENTION, testRetentionJob } from './testing/retention-job.ts';

const BEFORE = { name: 'Leticia Zamudio Ocampo', company: 'Tostadores Zamudio' };
const AFTER = { name: 'Leticia Ocampo Ruelas', company: 'Tostadores del Bajío' };
/** Short enough that the test does not wait long for a reader it holds open on purpose. */
const IMPATIENT = { waitMs: 50 };

describe.each(TEST_ENGINES)('a rewrite of the table files that could not finish (%s)', (engine) => {
  let t: TestAdmin;
  let privacy: PrivacyService;
  let leadId: number;
  let accountId: number;

  const diskFindings = () =>
    engine === 'sqlite'
      ? Promise.resolve(scanSqlite(t.api.config.databasePath, [BEFORE.name, BEFORE.company]))
      : scanPostgres(t.api.storage, [BEFORE.name, BEFORE.company]);

  /** Another connection that keeps seeing the data as it is now, until released. */
  const holdReader = async (): Promise<() => Promise<void>> => {
    if (engine === 'sqlite') {
      const reader = new DatabaseSync(t.api.config.databasePath);
      reader.exec('BEGIN');
      reader.prepare('SELECT count(*) AS n FROM leads').get();
      return () => {
        reader.exec('COMMIT');
        reader.close();
        return Promise.resolve();
      };
    }
    const reader = new pg.Client({ connectionString: t.api.databaseEnv.DATABASE_URL });
    await reader.connect();
    await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await reader.query('SELECT 1');
    return async () => {
      await reader.query('COMMIT');
      await reader.end();
    };
  };

  beforeAll(async () => {
    t = await startTestAdmin(engine);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const [account] = await t.api.rows<{ id: number }>('SELECT id FROM inbox_users WHERE email = $1', 'dir@angram.mx');
    accountId = Number(account?.id);
    const answer = await t.api.post('/api/webSite/contactSmall', { ...VALID.small, ...BEFORE });
    expect(answer.status).toBe(201);
    leadId = Number(answer.body.id);
    // The sender is done before the test holds anything open.
    await waitFor(
      async () => (await t.api.rows("SELECT 1 FROM outbox WHERE status = 'pending'")).length === 0,
      'los correos del lead enviados',
    );
    privacy = createPrivacyService({
      storage: t.api.storage,
      outboxDir: t.api.config.outboxDir,
      facts: t.api.config.facts,
      compaction: IMPATIENT,
    });
  });

  afterAll(async () => {
    await t.dispose();
  });

  it('is recorded, shown to the operator and retried by the daily job until it completes', async () => {
    const [lead] = await t.api.rows<{ name: string; email: string; company: string | null; phone: string | null }>(
      'SELECT name, email, company, phone FROM leads WHERE id = $1',
      leadId,
    );
    if (!lead) throw new Error('Falta el lead de la prueba');
    const release = await holdReader();
    const { rewrite, requestId } = await privacy.rectify(
      leadId,
      { name: AFTER.name, email: lead.email, company: AFTER.company, phone: lead.phone ?? undefined },
      {
        actor: { kind: 'account', id: accountId },
        now: TEST_NOW,
        version: contactVersion(lead),
        asRequest: true,
      },
    );
    expect(rewrite?.complete).toBe(false);

    const pending = await privacy.pendingRewrites();
    expect(pending.map((entry) => entry.table)).toContain('leads');
    for (const entry of pending)
      expect(entry).toMatchObject({ cause: 'rectificacion', since: TEST_NOW.toISOString(), tries: 1 });
    const [request] = await t.api.rows<{ outcome: string }>(
      'SELECT outcome FROM privacy_requests WHERE id = $1',
      Number(requestId),
    );
    expect(JSON.parse(request?.outcome ?? '{}')).toMatchObject({ reescritura: rewrite?.detail });
    // The gap it records is real: the old values are still in the files.
    expect(await diskFindings()).not.toEqual({});

    // The register page and the terminal say it.
    const notice = pendingRewritesNotice(pending) ?? '';
    const admin = t.client();
    await admin.signIn('dir@angram.mx');
    expect((await admin.get('/admin/privacy')).text).toContain(escapeHtml(notice));
    const errors: string[] = [];
    const io = {
      out: () => undefined,
      err: (line: string) => errors.push(line),
      ask: () => Promise.resolve(''),
      interactive: false,
      now: () => TEST_NOW,
    };
    const deps = {
      storage: t.api.storage,
      outboxDir: t.api.config.outboxDir,
      facts: t.api.config.facts,
      retention: TEST_RETENTION,
    };
    expect(await runPrivacyCommand({ action: 'requests', all: false }, deps, io)).toBe(0);
    expect(errors).toEqual([`Aviso: ${notice}`]);

    // A retry while the reader still reads does not finish either: counted, the first date kept.
    const later = new Date(TEST_NOW.getTime() + 60_000);
    const retried = await runRetention({
      storage: t.api.storage,
      policy: TEST_RETENTION,
      outboxDir: t.api.config.outboxDir,
      now: later,
      compaction: IMPATIENT,
    });
    expect(retried.pendingRewrites).toBeGreaterThan(0);
    for (const entry of await privacy.pendingRewrites())
      expect(entry).toMatchObject({ since: TEST_NOW.toISOString(), lastTry: later.toISOString(), tries: 2 });

    await release();
    const job = testRetentionJob(t);
    try {
      expect(await job.check()).toMatchObject({ ran: true, result: { pendingRewrites: 0 } });
    } finally {
      await job.stop();
    }
    expect(await privacy.pendingRewrites()).toEqual([]);
    expect(await diskFindings()).toEqual({});
    expect((await admin.get('/admin/privacy')).text).not.toContain(escapeHtml(notice));
  });

  it('refuses to rectify a lead that no longer exists, by the registry code', async () => {
    const attempt = privacy.rectify(
      leadId + 1000,
      { name: AFTER.name, email: VALID.small.email, company: undefined, phone: undefined },
      { actor: { kind: 'account', id: accountId }, now: TEST_NOW, version: '[]', asRequest: false },
    );
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ code: 'inboxLeadNotFound' });
  });
});
