/**
 * A real SMTP server on loopback for tests and benchmarks (`smtp-server`), recording what it receives.
 * `state.refuse` answers `state.code` (451 unless set) to every recipient; `state.refuseData` accepts
 * the recipients but refuses the message after reading it (its copy is kept in `attempts`);
 * `state.acceptDelayMs` holds the "250" for that long after the message arrived (a slow server).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The Message-ID header, as sent. */
  messageId: string | undefined;
  /** When the message's content had arrived (`Date.now()`). */
  receivedAt: number;
}

export interface SmtpPeer {
  url: string;
  /** Messages accepted (250 after DATA). */
  received: ReceivedMail[];
  /** Every message whose content arrived, accepted or not. */
  attempts: ReceivedMail[];
  state: {
    refuse: boolean;
    refuseData: boolean;
    refusals: number;
    code: number;
    connections: number;
    acceptDelayMs: number;
  };
  close(): Promise<void>;
}

export function messageIdOf(raw: string): string | undefined {
  return /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1];
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const attempts: ReceivedMail[] = [];
  const state = { refuse: false, refuseData: false, refusals: 0, code: 451, connections: 0, acceptDelayMs: 0 };
  // Quotes the recipient, as real servers do ("<ana@empresa.mx>: Recipient address rejected").
  const refusal = (recipient: string) => {
    state.refusals += 1;
    const text = state.code >= 500 ? 'Buzón inexistente' : 'Buzón no disponible por ahora';
    return Object.assign(new Error(`<${recipient}>: ${text}`), { responseCode: state.code });
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The API sends in parallel over pooled connections.
    maxClients: 100,
    onConnect(_session, callback) {
      state.connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (state.refuse) {
        callback(refusal(address.address));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          messageId: messageIdOf(raw),
          receivedAt: Date.now(),
        };
        attempts.push(mail);
        if (state.refuseData) {
          callback(refusal(mail.to.join(', ')));
          return;
        }
        const accept = () => {
          // Accepted: delivered, whether or not the client is still there to read the answer.
          received.push(mail);
          callback();
        };
        if (state.acceptDelayMs > 0) setTimeout(accept, state.acceptDelayMs);
        else accept();
      });
    },
  });
  // A client that dies mid-message (a killed instance) resets its socket: that is its problem, not the peer's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a raw message, folded lines joined, encoded words left as sent (see decodeMimeHeader). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match?.[1]?.replace(/\r?\n[ \t]+/g, ' ');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header value. */
export function decodeMimeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/** Quoted-printable text (RFC 2045) as UTF-8: soft line breaks joined, `=XX` bytes restored. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

/**
 * The decoded text/plain part of a raw message, as a mail client shows it (CRLF as LF), or undefined when
 * there is none. Enough MIME for what nodemailer writes: nested multiparts, quoted-printable and base64.
 */
export function plainTextOf(raw: string): string | undefined {
  const split = /\r?\n\r?\n/.exec(raw);
  if (!split) return undefined;
  const head = raw.slice(0, split.index);
  const body = raw.slice(split.index + split[0].length);
  const type = (headerOf(head, 'Content-Type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headerOf(head, 'Content-Type') ?? '')?.[1];
    if (!boundary) return undefined;
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const text = plainTextOf(part.replace(/^\r?\n/, ''));
      if (text !== undefined) return text;
    }
    return undefined;
  }
  if (!type.startsWith('text/plain')) return undefined;
  const encoding = (headerOf(head, 'Content-Transfer-Encoding') ?? '7bit').trim().toLowerCase();
  return decodeBody(body, encoding).replace(/\r\n/g, '\n').replace(/\n$/, '');
}
