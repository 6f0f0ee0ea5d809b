import { execFile } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { createOutboxStore } from '../db/outbox.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { silentLogger } from '../log/logger.ts';
import { attemptsWithin, backoffMs, MAX_BACKOFF_MS, startOutboxWorker } from './outbox-worker.ts';
import { startSmtpPeer, type SmtpPeer } from './testing/smtp-peer.ts';
import { classifySendError, type MailTransport } from './transport.ts';
import { insertTestLead, openTestStorage } from '../testing/storage.ts';

const run = promisify(execFile);

describe('retry policy', () => {
  it('backs off up to an hour and keeps retrying for the whole give-up period', () => {
    expect(backoffMs(60_000, 1)).toBe(60_000);
    expect(backoffMs(60_000, 3)).toBe(240_000);
    expect(backoffMs(60_000, 500)).toBe(MAX_BACKOFF_MS);
    // Seven days of a dead SMTP server: far more than the old 8 attempts (about two hours).
    expect(attemptsWithin(7 * 24 * 3_600_000, 60_000)).toBeGreaterThan(160);
  });

  it('tells a refusal from an unreachable server from a passing problem', () => {
    expect(
      classifySendError(
        Object.assign(new Error('550 no such user'), { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }),
      ),
    ).toBe('refused');
    expect(
      classifySendError(Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT', command: 'CONN' })),
    ).toBe('unreachable');
    expect(
      classifySendError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET', command: 'CONN' })),
    ).toBe('unreachable');
    expect(classifySendError(Object.assign(new Error('451 try later'), { code: 'EENVELOPE', responseCode: 451 }))).toBe(
      'temporary',
    );
    // Wrong credentials are the operator's to fix, not a reason to drop the lead's e-mail.
    expect(classifySendError(Object.assign(new Error('535 auth'), { code: 'EAUTH', responseCode: 535 }))).toBe(
      'temporary',
    );
    expect(classifySendError('nada')).toBe('temporary');
  });
});

/** A server that accepts connections and never says a word (a hung SMTP host). */
async function startSilentServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(TEST_ENGINES)('outbox through outages (%s)', (engine) => {
  let t: TestApi | undefined;
  let peer: SmtpPeer | undefined;
  let silent: Awaited<ReturnType<typeof startSilentServer>> | undefined;
  let cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await t?.dispose();
    await peer?.close();
    await silent?.close();
    for (const cleanup of cleanups) await cleanup();
    t = peer = silent = undefined;
    cleanups = [];
  });

  it('pauses the queue when the server never greets, instead of waiting a timeout per message', async () => {
    silent = await startSilentServer();
    t = await startTestApi(
      { SMTP_URL: silent.url, SMTP_TIMEOUT_MS: '300', OUTBOX_RETRY_BASE_MS: '3600000' },
      { engine },
    );
    for (const index of [1, 2, 3, 4, 5]) {
      expect(
        (await t.post('/api/webSite/contactSmall', { ...VALID.small, email: `pausa${index}@empresa.mx` })).status,
      ).toBe(201);
    }
    await waitFor(
      async () => (await t!.rows('SELECT 1 FROM outbox WHERE last_error IS NOT NULL')).length > 0,
      'a first timeout',
    );
    await t.api.close();
    const rows = await t.rows<{ status: string; attempts: number }>('SELECT status, attempts FROM outbox');
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    // At most one try per connection of the pool; the other messages wait for the retry untouched.
    const tried = rows.filter((row) => row.attempts > 0).length;
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThanOrEqual(4);
    expect(silent.connections()).toBeLessThanOrEqual(4);
  });

  it('does not let a hung server hold shutdown: the send in flight is cut and handed back', async () => {
    silent = await startSilentServer();
    t = await startTestApi({ SMTP_URL: silent.url, SMTP_TIMEOUT_MS: '600000', SHUTDOWN_TIMEOUT_MS: '200' }, { engine });
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(() => silent!.connections() > 0, 'the worker to connect');
    // Resolves although the greeting timeout is ten minutes away (the test itself times out in 20 s).
    await t.api.close();
    const rows = await t.rows<{ status: string; attempts: number; lease_owner: string | null }>(
      'SELECT status, attempts, lease_owner FROM outbox',
    );
    expect(rows.map((row) => [row.status, row.attempts, row.lease_owner])).toEqual([
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
  });

  it('resends with the same Message-ID after a refused attempt', async () => {
    peer = await startSmtpPeer();
    peer.state.refuseData = true;
    t = await startTestApi({ SMTP_URL: peer.url, OUTBOX_RETRY_BASE_MS: '30' }, { engine });
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(() => peer!.attempts.length >= 2, 'first attempts');
    peer.state.refuseData = false;
    await waitFor(async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2, 'delivery');
    const stored = await t.rows<{ message_id: string }>('SELECT message_id FROM outbox ORDER BY id');
    for (const { message_id: messageId } of stored) {
      const copies = peer.attempts.filter((mail) => mail.messageId === messageId);
      expect(copies.length).toBeGreaterThanOrEqual(2);
      expect(peer.received.filter((mail) => mail.messageId === messageId)).toHaveLength(1);
    }
    expect(new Set(peer.attempts.map((mail) => mail.messageId))).toEqual(new Set(stored.map((row) => row.message_id)));
  });

  it("leaves a live worker's lease alone and takes the message once the lease of a dead one expires", async () => {
    // A database with no API on it: the worker under test is the only one looking at the outbox.
    const { storage, close } = await openTestStorage(engine);
    cleanups.push(close);
    const leadId = await insertTestLead(storage, { fields: { name: 'Ana' }, receivedAt: new Date().toISOString() });
    const outbox = createOutboxStore(storage);
    const now = new Date().toISOString();
    const message = JSON.stringify({
      audience: 'client',
      from: 'Angram <hola@angram.mx>',
      to: { address: 'ana@empresa.mx' },
      replyTo: 'ventas@angram.mx',
      subject: 'Hola',
      html: '<p>Hola</p>',
      text: 'Hola',
      attachments: [],
    });
    for (const index of [1, 2, 3]) {
      await outbox.enqueue({
        leadId,
        audience: 'client',
        recipient: 'ana@empresa.mx',
        subject: `m${index}`,
        message,
        messageId: `<m${index}@angram.mx>`,
        now,
      });
    }
    // Another worker holds all three for an hour (it is busy sending them, or it died).
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(await outbox.claim('otro-worker', now, later, 10)).toHaveLength(3);

    const sent: string[] = [];
    const transport: MailTransport = {
      kind: 'eml',
      send(_message, _id, messageId) {
        sent.push(messageId);
        return Promise.resolve();
      },
      close() {
        // Nothing to release.
      },
    };
    const worker = startOutboxWorker({
      storage,
      transport,
      logger: silentLogger,
      retryBaseMs: 1000,
      giveUpAfterMs: 3_600_000,
      leaseMs: 60_000,
      takeoverGraceMs: 100,
    });
    try {
      await worker.idle();
      expect(sent).toEqual([]);
      // The holder died: its lease runs out.
      await storage.run('UPDATE outbox SET lease_until = $1', [new Date(Date.now() - 1000).toISOString()]);
      worker.kick();
      await waitFor(() => sent.length === 3, 'the three messages');
      await worker.idle();
      expect(sent.sort()).toEqual(['<m1@angram.mx>', '<m2@angram.mx>', '<m3@angram.mx>']);
      expect((await outbox.counts()).sent).toBe(3);
    } finally {
      await worker.stop();
    }
  });

  it('logs why a message was refused, never the address it was for', async () => {
    peer = await startSmtpPeer();
    peer.state.refuse = true;
    peer.state.code = 550;
    const lines: string[] = [];
    const record = (event: string, fields?: Record<string, unknown>) =>
      lines.push(JSON.stringify({ event, ...fields }));
    t = await startTestApi(
      { SMTP_URL: peer.url },
      { engine, outboxPollMs: 50, logger: { info: record, warn: record, error: record } },
    );
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(() => lines.filter((line) => line.includes('mail.refused')).length === 2, 'two refusals logged');
    expect(lines.filter((line) => line.includes('mail.refused')).join('\n')).toContain('Buzón inexistente');
    expect(lines.filter((line) => line.includes(VALID.small.email))).toEqual([]);
    // The outbox row keeps the server's whole answer for the team (it is erased with the person).
    const [row] = await t.rows<{ last_error: string }>("SELECT last_error FROM outbox WHERE audience = 'client'");
    expect(row?.last_error).toContain(VALID.small.email);
  });

  it('npm run outbox lists failed messages and requeues them for the worker', async () => {
    peer = await startSmtpPeer();
    peer.state.refuse = true;
    peer.state.code = 550;
    t = await startTestApi({ SMTP_URL: peer.url }, { engine, outboxPollMs: 50 });
    expect((await t.post('/api/webSite/contactSmall', VALID.small)).status).toBe(201);
    await waitFor(
      async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'failed'")).length === 2,
      'two refusals',
    );
    const env = { PATH: process.env.PATH, ...t.databaseEnv };
    const listed = await run(process.execPath, ['scripts/outbox.ts'], { env });
    expect(listed.stdout).toContain('Pendientes: 0  Enviados: 0  Fallidos: 2');
    expect(listed.stdout).toMatch(/^1\tCONT-1\tlucia@ferremax\.mx\t1\tRechazado por el servidor: .*550/m);
    expect(listed.stdout).toContain('npm run outbox -- requeue --all');

    await expect(run(process.execPath, ['scripts/outbox.ts', 'requeue'], { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('Indica --all o al menos un --id'),
    });
    await expect(run(process.execPath, ['scripts/outbox.ts', 'requeue', '--id', 'x'], { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('Id inválido'),
    });

    peer.state.refuse = false;
    const requeued = await run(process.execPath, ['scripts/outbox.ts', 'requeue', '--all'], { env });
    expect(requeued.stdout).toContain('2 mensajes vuelven a la cola');
    await waitFor(
      async () => (await t!.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 2,
      'requeued messages sent',
    );
    expect(peer.received).toHaveLength(2);
  });
});
