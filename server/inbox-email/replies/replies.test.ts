/**
 * Clients' replies read from a real IMAP server (Dovecot in a temporary directory) into their leads'
 * histories, on both engines: a reply threads to the lead whose e-mail it answers even from another address,
 * falls back to the sender's address, shows escaped with its "respondió" mark and puts the lead in "Hoy";
 * reading again, from scratch or by two instances at once stores nothing twice; a server that drops the
 * connection mid-fetch loses nothing; erasing the person reaches the reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID } from '../../testing/api.ts';
import { startTestAdmin, type AdminClient, type TestAdmin } from '../../testing/inbox.ts';
import { createReplyStore, type ReplyStore } from '../../admin/store/replies.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import { silentLogger } from '../../log/logger.ts';
import { parsePrivacyCommand } from '../../privacy/command/args.ts';
import { runPrivacyCommand } from '../../privacy/command/run.ts';
import { scanRows } from '../../privacy/testing/scan.ts';
import { dropProxy, startImapServer, type ImapServer } from '../../email/testing/imap-server.ts';
import { readReplies } from './reader.ts';

const HOSTILE = '<script>alert(1)</script> ¿Nos mandan la propuesta el lunes? \u202Eodnuges';

function reply(options: {
  from: string;
  subject: string;
  body: string;
  messageId: string;
  inReplyTo?: string;
  references?: string;
}): string {
  return [
    `From: ${options.from}`,
    'To: ventas@angram.mx',
    `Subject: ${options.subject}`,
    `Message-ID: ${options.messageId}`,
    ...(options.inReplyTo ? [`In-Reply-To: ${options.inReplyTo}`] : []),
    ...(options.references ? [`References: ${options.references}`] : []),
    'Date: Mon, 23 Nov 2026 10:30:00 -0600',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    options.body,
    '',
    'El lun, 23 nov 2026 a las 8:00, Angram <hola@angram.mx> escribió:',
    '> Gracias por escribirnos.',
    '',
  ].join('\r\n');
}

describe.each(TEST_ENGINES)('replies from the team mailbox (%s)', (engine) => {
  let t: TestAdmin;
  let imap: ImapServer;
  let store: ReplyStore;
  let admin: AdminClient;
  const lead = { jorge: 0, lucia: 0, quiet: 0 };
  let jorgeMessageId = '';

  const read = (url = imap.url, batch?: number) =>
    readReplies({
      imapUrl: url,
      mailbox: 'INBOX',
      timeoutMs: 5000,
      store,
      logger: silentLogger,
      now: () => t.clock.now,
      ...(batch ? { batch } : {}),
    });

  const replyRows = () =>
    t.api.rows<{ lead_id: number; matched_by: string; subject: string | null; body: string | null }>(
      'SELECT lead_id, matched_by, subject, body FROM inbox_replies ORDER BY id',
    );

  beforeAll(async () => {
    [t, imap] = await Promise.all([startTestAdmin(engine, { ADMIN_ASSIGN_ON_ARRIVAL: 'off' }), startImapServer()]);
    store = createReplyStore(t.api.storage);
    await t.createUser('dir@angram.mx', 'admin', 'Dirección');
    const post = async (body: object) => {
      const answer = await t.api.post('/api/webSite/contactBig', body, { Referer: 'https://www.angram.mx/contacto' });
      expect(answer.status).toBe(201);
      return Number(answer.body.id);
    };
    lead.jorge = await post(VALID.big);
    lead.lucia = await post({ ...VALID.big, name: VALID.small.name, email: VALID.small.email, company: 'Ferremax' });
    lead.quiet = await post({ ...VALID.big, name: 'Ricardo Salinas', email: 'ricardo@altiplano.mx' });
    const [sent] = await t.api.rows<{ message_id: string }>(
      "SELECT message_id FROM outbox WHERE lead_id = $1 AND audience = 'client'",
      lead.jorge,
    );
    jorgeMessageId = sent?.message_id ?? '';
    expect(jorgeMessageId).toMatch(/^<.+@.+>$/);
    admin = t.client();
    expect((await admin.signIn('dir@angram.mx')).status).toBe(303);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([t?.dispose(), imap?.stop()]);
  }, 30_000);

  it('threads a reply to the e-mail it answers, else to the sender, and shows it escaped in "Hoy"', async () => {
    // Jorge answers from his personal address: only the thread says which lead it is.
    await imap.deliver(
      reply({
        from: 'Jorge T <jorge.personal@gmail.com>',
        subject: 'Re: Recibimos tu solicitud',
        body: HOSTILE,
        messageId: '<r1@gmail.com>',
        inReplyTo: jorgeMessageId,
        references: `<otro@angram.mx> ${jorgeMessageId}`,
      }),
    );
    // Lucía writes a new message from the address of her lead.
    await imap.deliver(
      reply({
        from: VALID.small.email.toUpperCase(),
        subject: 'Duda',
        body: 'Somos 12 sucursales.',
        messageId: '<r2@ferremax.mx>',
      }),
    );
    await imap.deliver(
      reply({ from: 'nadie@otro.mx', subject: 'Publicidad', body: 'Compre ya', messageId: '<r3@otro.mx>' }),
    );
    await imap.deliver(
      reply({ from: 'dir@angram.mx', subject: 'Copia interna', body: 'Nota', messageId: '<r4@angram.mx>' }),
    );

    expect(await read()).toEqual({ read: 4, stored: 2, duplicates: 0, unmatched: 2, remaining: 0 });
    const rows = await replyRows();
    expect(rows.map((row) => [row.lead_id, row.matched_by])).toEqual([
      [lead.jorge, 'thread'],
      [lead.lucia, 'sender'],
    ]);
    // Only his own words, not the quoted message below them.
    expect(rows[0]?.body).toBe(HOSTILE);

    const page = await admin.get(`/admin/contacts/${String(lead.jorge)}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('respondió');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).toMatch(/<bdi>&lt;script&gt;[^<]*\u202Eodnuges<\/bdi>/);
    // This inbox was not started with IMAP_URL: its pages say how to turn reading replies on.
    expect(page.text).toContain('<code>IMAP_URL</code>');

    // Both leads that answered are due today; the one that did not answer is not.
    const today = await admin.get('/admin/contacts?vista=hoy');
    expect(today.text).toContain(`/admin/contacts/${String(lead.jorge)}"`);
    expect(today.text).toContain(`/admin/contacts/${String(lead.lucia)}"`);
    expect(today.text).not.toContain(`/admin/contacts/${String(lead.quiet)}"`);
  });

  it('stores each reply once: a second run, a run from scratch and two instances at once', async () => {
    expect(await read()).toMatchObject({ read: 0, stored: 0 });
    // The cursor is lost (a restore, a new UIDVALIDITY): everything is read again and nothing is stored twice.
    await t.api.storage.run('DELETE FROM inbox_reply_cursors');
    expect(await read()).toEqual({ read: 4, stored: 0, duplicates: 2, unmatched: 2, remaining: 0 });
    // Two instances at once, from scratch: however their reads interleave, neither stores a reply again.
    await t.api.storage.run('DELETE FROM inbox_reply_cursors');
    const [one, two] = await Promise.all([read(), read()]);
    expect(one.stored + two.stored).toBe(0);
    expect(await replyRows()).toHaveLength(2);
  });

  it('loses nothing when the server drops the connection mid-fetch', async () => {
    const before = (await replyRows()).length;
    for (let i = 1; i <= 6; i += 1) {
      await imap.deliver(
        reply({
          from: VALID.big.email,
          subject: `Avance ${String(i)}`,
          body: `Respuesta número ${String(i)}. ${'Detalle del inventario. '.repeat(200)}`,
          messageId: `<avance-${String(i)}@logisticadelnorte.com.mx>`,
        }),
      );
    }
    const proxy = await dropProxy(imap, 12_000);
    try {
      await expect(read(proxy.url)).rejects.toThrow();
      expect(proxy.cuts).toBe(1);
      const partial = (await replyRows()).length - before;
      expect(partial).toBeLessThan(6);
      // The next run, through the same relay (which now lets everything through), finishes the job.
      expect(await read(proxy.url)).toMatchObject({ stored: 6 - partial });
    } finally {
      await proxy.close();
    }
    const subjects = (await replyRows()).slice(before).map((row) => row.subject);
    expect(subjects).toEqual([1, 2, 3, 4, 5, 6].map((i) => `Avance ${String(i)}`));
  });

  it('reads a long mailbox a batch at a time', async () => {
    await t.api.storage.run('DELETE FROM inbox_reply_cursors');
    const first = await read(imap.url, 5);
    expect(first).toMatchObject({ read: 5, remaining: 5 });
    expect(await read(imap.url, 5)).toMatchObject({ read: 5, remaining: 0 });
  });

  it('erasing the person reaches the replies, and they are not read in again', async () => {
    const parsed = parsePrivacyCommand(
      ['cancel', '--email', VALID.small.email, '--reason', 'Pidió la baja'],
      '2026-11-23',
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const code = await runPrivacyCommand(
      parsed.command,
      {
        storage: t.api.storage,
        outboxDir: t.api.config.outboxDir,
        facts: t.api.config.facts,
        retention: t.api.config.retention,
        beforeErasure: (leadIds) => t.api.api.cancelMeetingsBeforeErasure(leadIds),
      },
      {
        out: () => undefined,
        err: () => undefined,
        ask: () => Promise.reject(new Error('sin terminal')),
        interactive: false,
        now: () => t.clock.now,
      },
    );
    expect(code).toBe(0);
    expect(await scanRows(t.api.storage, ['Somos 12 sucursales', VALID.small.email])).toEqual({});
    await t.api.storage.run('DELETE FROM inbox_reply_cursors');
    await read();
    expect(await scanRows(t.api.storage, ['Somos 12 sucursales'])).toEqual({});
  });
});
