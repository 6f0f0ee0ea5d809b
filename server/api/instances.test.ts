/**
 * Two API instances on one database, as behind a load balancer: one booking per slot, every e-mail
 * sent once, one rate limit. On PostgreSQL that is the production layout; two processes on one SQLite
 * file must be just as safe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { startSmtpPeer, type SmtpPeer } from '../email/testing/smtp-peer.ts';
import { OPEN_SLOT, startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';

describe.each(TEST_ENGINES)('two instances on one database (%s)', (engine) => {
  let peer: SmtpPeer;
  let a: TestApi;
  let b: TestApi;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    // A short poll: each worker also picks up what the other instance queued.
    a = await startTestApi({ SMTP_URL: peer.url, RATE_LIMIT_MAX: '1000' }, { engine, outboxPollMs: 50 });
    b = await a.sibling();
  });
  afterAll(async () => {
    await b?.dispose();
    await a?.dispose();
    await peer?.close();
  });

  it('books a slot once when 20 submissions race for it on both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? a : b).post('/api/webSite/contactBig', {
          ...VALID.big,
          email: `carrera${index}@empresa.mx`,
          appointmentDate: OPEN_SLOT,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    expect(await a.rows('SELECT slot FROM bookings')).toEqual([{ slot: OPEN_SLOT }]);
  });

  it('sends every queued e-mail exactly once, each with the Message-ID it was queued with', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 ? a : b).post('/api/webSite/contactSmall', { ...VALID.small, email: `uno${index}@empresa.mx` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const total = await a.count('outbox');
    await waitFor(
      async () => (await a.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === total,
      'every message sent',
      20_000,
    );
    const stored = await a.rows<{ message_id: string }>('SELECT message_id FROM outbox');
    const ids = peer.received.map((mail) => mail.messageId);
    expect(peer.received.length).toBe(total);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(new Set(stored.map((row) => row.message_id)));
  });

  it('shares one rate limit between the instances', async () => {
    // A client of its own (through a trusted proxy): the earlier tests already used up loopback's count.
    const limitedA = await a.sibling({ RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' });
    const limitedB = await a.sibling({ RATE_LIMIT_MAX: '3', TRUST_PROXY: '1' });
    const client = { 'X-Forwarded-For': '203.0.113.50' };
    try {
      const statuses = [];
      for (let index = 0; index < 5; index += 1) {
        statuses.push(
          (await (index % 2 ? limitedA : limitedB).post('/api/webSite/contactSmall', VALID.small, client)).status,
        );
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await limitedA.dispose();
      await limitedB.dispose();
    }
  });
});
