/**
 * The outbox through a database blip, with two live instances sharing the queue: a send the SMTP server
 * accepted while the database was away is recorded when it comes back, and never sent again. (What a
 * stopping instance claimed goes back to the queue at once: server/faults.test.ts.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, VALID, waitFor, type TestApi } from '../testing/api.ts';
import { TEST_ENGINES } from '../db/testing/engines.ts';
import { bringBack, takeAway } from '../db/testing/faults.ts';
import { startSmtpPeer, type SmtpPeer } from './testing/smtp-peer.ts';

let instances: TestApi[] = [];
let peer: SmtpPeer | undefined;
afterEach(async () => {
  // Siblings first: the first instance owns (and drops) the database.
  for (const instance of instances.reverse()) await instance.dispose();
  await peer?.close();
  instances = [];
  peer = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function submitLeads(api: TestApi, count: number): Promise<void> {
  for (let index = 1; index <= count; index += 1) {
    const answer = await api.post('/api/webSite/contactSmall', { ...VALID.small, email: `correo${index}@empresa.mx` });
    expect(answer.status).toBe(201);
  }
}

/** Message-IDs the server accepted more than once. */
function repeated(mailPeer: SmtpPeer): string[] {
  const seen = new Map<string, number>();
  for (const mail of mailPeer.received) seen.set(mail.messageId ?? '', (seen.get(mail.messageId ?? '') ?? 0) + 1);
  return [...seen].filter(([, copies]) => copies > 1).map(([id]) => id);
}

describe.runIf(TEST_ENGINES.includes('postgres'))('a database blip during slow SMTP acceptance (postgres)', () => {
  it('records each accepted send when the database is back, and neither instance sends it again', async () => {
    peer = await startSmtpPeer();
    // The server takes 1.5 s to say "250"; the database goes away meanwhile for three leases.
    peer.state.acceptDelayMs = 1500;
    const env = { SMTP_URL: peer.url, OUTBOX_LEASE_MS: '1000' };
    const first = await startTestApi(env, { engine: 'postgres', outboxPollMs: 100 });
    instances.push(first);
    instances.push(await first.sibling());
    await submitLeads(first, 5);
    await waitFor(() => peer!.attempts.length >= 2, 'messages on their way');
    const url = first.databaseEnv.DATABASE_URL ?? '';
    await takeAway(url);
    try {
      await waitFor(() => peer!.received.length >= 2, 'the server to accept them');
      await sleep(3000);
    } finally {
      await bringBack(url);
    }
    peer.state.acceptDelayMs = 0;
    await waitFor(
      async () => (await first.rows("SELECT 1 FROM outbox WHERE status = 'sent'")).length === 10,
      'all ten e-mails recorded as sent',
      20_000,
    );
    expect(repeated(peer)).toEqual([]);
    expect(new Set(peer.received.map((mail) => mail.messageId)).size).toBe(10);
  }, 40_000);
});
