/**
 * The production process (`server/index.ts`) through what production does to it: PostgreSQL ending its
 * connections again and again under load, the SQLite file's disk filling up, a deploy's SIGTERM while it
 * sends mail. It keeps running, answers 201 or a Spanish 503 (never 500), loses no acknowledged lead,
 * works normally once the fault is gone, and leaves no mail behind when it stops.
 * (In-process cases: server/api/database-faults.test.ts, server/email/outbox-faults.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from './testing/production-server.ts';
import { VALID, waitFor } from './testing/api.ts';
import { ERRORS } from './errors.ts';
import { openStorage } from './db/open.ts';
import { createTestDatabase, TEST_ENGINES, type TestDatabase } from './db/testing/engines.ts';
import { terminateConnections } from './db/testing/faults.ts';
import { startSmtpPeer, type SmtpPeer } from './email/testing/smtp-peer.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'angram-faults-'));
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Inicio</title>');

let server: ProductionServer | undefined;
let database: TestDatabase | undefined;
let peer: SmtpPeer | undefined;
afterEach(async () => {
  await server?.stop();
  await database?.drop();
  await peer?.close();
  server = database = peer = undefined;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Answer {
  status: number;
  body: { id?: number; message?: string };
}

async function submit(url: string, index: number): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/webSite/contactSmall`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...VALID.small, email: `falla${index}@empresa.mx` }),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  } catch {
    // No answer at all: the process is gone (or going).
    return { status: 0, body: {} };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(TEST_ENGINES.includes('postgres'))('PostgreSQL ending connections under load', () => {
  it('keeps serving: each answer is 201 or a Spanish 503, and every 201 is stored', async () => {
    database = await createTestDatabase('postgres');
    const databaseUrl = database.env.DATABASE_URL ?? '';
    server = await startProductionServer({ ...database.env, DIST_DIR: dist, RATE_LIMIT_MAX: '100000' });
    const { url } = server;
    let loading = true;
    let terminated = 0;
    // What a failover, restarts or an idle-session timeout do: every connection ended, every 150 ms.
    const terminator = (async () => {
      while (loading) {
        terminated += await terminateConnections(databaseUrl);
        await sleep(150);
      }
    })();
    const answers: Answer[] = [];
    let sent = 0;
    const senders = Array.from({ length: 16 }, async () => {
      while (loading) answers.push(await submit(url, sent++));
    });
    await sleep(3000);
    loading = false;
    await Promise.all([terminator, ...senders]);

    expect(terminated).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect(answer.body.message).toBe(ERRORS.databaseUnavailable.message());
    }
    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id);
    expect(acknowledged.length).toBeGreaterThan(0);
    const storage = await openStorage(database.location);
    try {
      const stored = new Set((await storage.all<{ id: number }>('SELECT id FROM leads')).map((row) => row.id));
      expect(acknowledged.filter((id) => id === undefined || !stored.has(id))).toEqual([]);
    } finally {
      await storage.close();
    }
    // Left alone, it is ready and takes submissions as before.
    await waitFor(async () => (await fetch(`${url}/api/ready`)).status === 200, 'readiness');
    expect((await submit(url, sent++)).status).toBe(201);
  });
});

describe('SQLite on a full disk', () => {
  it('answers 503 while nothing can be written, keeps running, and stores again once there is room', async () => {
    server = await startProductionServer({ DIST_DIR: dist, RATE_LIMIT_MAX: '100000' });
    const { url, child } = server;
    const pid = String(child.pid);
    expect((await submit(url, 1)).status).toBe(201);
    // The process may write nothing more to any file: what a full disk does to SQLite (its WAL) and the outbox.
    await run('prlimit', ['--pid', pid, '--fsize=1:']);
    try {
      for (const index of [2, 3]) {
        const refused = await submit(url, index);
        expect(refused).toEqual({
          status: 503,
          body: { success: false, message: ERRORS.databaseUnavailable.message() },
        });
      }
      expect((await fetch(`${url}/`)).status).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      await run('prlimit', ['--pid', pid, '--fsize=unlimited:']);
    }
    expect((await submit(url, 4)).status).toBe(201);
    const storage = await openStorage({ databasePath: server.databasePath });
    try {
      expect(await storage.all('SELECT email FROM leads ORDER BY id')).toEqual([
        { email: 'falla1@empresa.mx' },
        { email: 'falla4@empresa.mx' },
      ]);
    } finally {
      await storage.close();
    }
  });
});

describe.each(TEST_ENGINES)('a deploy stops an instance while it sends mail (%s)', (engine) => {
  let other: ProductionServer | undefined;
  afterEach(async () => {
    await other?.stop();
    other = undefined;
  });

  it('hands back at SIGTERM what it claimed and did not send, and the running instance sends it within seconds', async () => {
    peer = await startSmtpPeer();
    peer.state.acceptDelayMs = 1000;
    database = await createTestDatabase(engine);
    // A lease of a minute: nothing here may wait for one to run out.
    const env = {
      ...database.env,
      DIST_DIR: dist,
      SMTP_URL: peer.url,
      OUTBOX_LEASE_MS: '60000',
      SHUTDOWN_TIMEOUT_MS: '300',
      RATE_LIMIT_MAX: '100000',
    };
    server = await startProductionServer(env);
    other = await startProductionServer(env);
    // Twenty e-mails, all from the first instance: it claims them and sends four at a time.
    for (let index = 1; index <= 10; index += 1) expect((await submit(server.url, index)).status).toBe(201);
    await waitFor(() => peer!.attempts.length >= 2, 'the first sends');
    await server.stop();
    server = undefined;
    const storage = await openStorage(database.location);
    try {
      const rows = await storage.all<{ lease_owner: string | null; next_attempt_at: string }>(
        "SELECT lease_owner, next_attempt_at FROM outbox WHERE status = 'pending'",
      );
      expect(rows.length).toBeGreaterThan(0);
      peer.state.acceptDelayMs = 0;
      // The other instance, idle all along, sends the rest without a submission to wake it.
      await waitFor(
        async () => (await storage.all("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 20,
        'the other instance to send the rest',
      );
    } finally {
      await storage.close();
    }
    expect(new Set(peer.received.map((mail) => mail.messageId)).size).toBe(20);
    // Two production servers started and one stopped, twenty e-mails at a second each: on a loaded machine
    // more than the default twenty seconds; each wait inside has its own bound.
  }, 60_000);
});
