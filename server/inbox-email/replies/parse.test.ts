/**
 * A reply as the history keeps it, from hostile or broken messages: the quoted message cut off, the text
 * bounded, the Message-IDs of In-Reply-To and References in order, a message without Message-ID keyed by
 * its place in the mailbox, a future Date header held to now, and a message cut mid-part still read.
 */
import { describe, expect, it } from 'vitest';
import { ownWords, parseReply, REPLY_BODY_MAX } from './parse.ts';

const NOW = new Date('2026-11-23T18:00:00.000Z');
const PLACE = { mailbox: 'INBOX', uidValidity: '7', uid: 42, receivedAt: new Date('2026-11-23T17:00:00.000Z') };

const raw = (headers: string[], body: string) => Buffer.from([...headers, '', body].join('\r\n'));

describe('parseReply', () => {
  it("keeps the client's own words and the thread, newest reference first", async () => {
    const reply = await parseReply(
      raw(
        [
          'From: "Jorge" <JORGE@Logistica.MX>',
          'Subject: Re:   Tu solicitud\t CONT-7',
          'Message-ID: <a@x.mx>',
          'In-Reply-To: <ours-2@angram.mx>',
          'References: <ours-1@angram.mx> <ours-2@angram.mx>',
          'Date: Mon, 23 Nov 2026 10:00:00 -0600',
        ],
        'Sí, el lunes.\r\n\r\nEl lun, 23 nov 2026, Angram <hola@angram.mx> escribió:\r\n> Gracias\r\n',
      ),
      PLACE,
      NOW,
    );
    expect(reply).toMatchObject({
      answers: ['<ours-2@angram.mx>', '<ours-1@angram.mx>'],
      from: 'jorge@logistica.mx',
      subject: 'Re: Tu solicitud CONT-7',
      body: 'Sí, el lunes.',
      sentAt: '2026-11-23T16:00:00.000Z',
    });
    expect(reply.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keys a message without Message-ID by its place, and holds a future date to now', async () => {
    const headers = ['From: a@b.mx', 'Subject: x', 'Date: Fri, 1 Jan 2100 00:00:00 +0000'];
    const one = await parseReply(raw(headers, 'hola'), PLACE, NOW);
    const other = await parseReply(raw(headers, 'hola'), { ...PLACE, uid: 43 }, NOW);
    expect(one.key).not.toBe(other.key);
    expect(one.sentAt).toBe(NOW.toISOString());
  });

  it('bounds a huge text and reads a message cut in the middle of a part', async () => {
    const huge = await parseReply(raw(['From: a@b.mx'], 'palabra '.repeat(5000)), PLACE, NOW);
    expect(Array.from(huge.body).length).toBeLessThanOrEqual(REPLY_BODY_MAX + 1);
    const cut = await parseReply(
      Buffer.from(
        'From: a@b.mx\r\nContent-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nMedio mens',
      ),
      PLACE,
      NOW,
    );
    expect(cut.body).toContain('Medio mens');
    expect(ownWords('> todo citado\n> nada propio')).toBe('');
  });
});
