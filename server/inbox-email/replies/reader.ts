/**
 * Reads clients' replies from the team's mailbox over IMAP (imapflow) into their leads' histories.
 *
 * Nothing is lost on a failure and nothing is stored twice: the mailbox is opened read-only (no flag,
 * move or delete: every message stays where the team's mail program sees it), the UIDs past the stored
 * cursor are listed in order, and the cursor moves past a message only once it is stored (or known to
 * belong to no lead). A connection that drops mid-fetch, or a database that fails, ends the run with the
 * cursor on the last message handled; the next run reads from there, and a message read again is stored
 * once (its key is unique). Instances take turns through `job_leases`; if two ever overlap, the same keys
 * keep them from storing a reply twice.
 */
import { ImapFlow } from 'imapflow';
import { todayInMexicoCity } from '../../../core/dates.ts';
import type { ReplyStore } from '../../admin/store/replies.ts';
import type { Queryable } from '../../db/storage.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import { errorMessage, type Logger } from '../../log/logger.ts';
import { parseReply } from './parse.ts';
import type { RepliesConfig } from './settings.ts';

/** Largest part of one message read; a longer one is read up to here (its text is cut anyway). */
const MESSAGE_MAX_BYTES = 512 * 1024;
/** Messages handled per run: a mailbox with years of mail is caught up over several runs. */
const BATCH = 200;

export interface ReadOptions {
  imapUrl: string;
  mailbox: string;
  timeoutMs: number;
  store: ReplyStore;
  logger: Logger;
  now?: () => Date;
  batch?: number;
}

export interface ReadSummary {
  read: number;
  stored: number;
  duplicates: number;
  unmatched: number;
  /** UIDs past this run's batch, left for the next run. */
  remaining: number;
}

function connectionOf(imapUrl: string, timeoutMs: number): ConstructorParameters<typeof ImapFlow>[0] {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    maxLiteralSize: MESSAGE_MAX_BYTES * 2,
    maxResponseSize: MESSAGE_MAX_BYTES * 4,
    disableAutoIdle: true,
  };
}

/** One pass over the mailbox: stores the replies past the cursor, a batch at most. */
export async function readReplies(options: ReadOptions): Promise<ReadSummary> {
  const now = options.now ?? (() => new Date());
  const batch = options.batch ?? BATCH;
  const summary: ReadSummary = { read: 0, stored: 0, duplicates: 0, unmatched: 0, remaining: 0 };
  const client = new ImapFlow(connectionOf(options.imapUrl, options.timeoutMs));
  // A dropped socket is also reported as an event; the command in flight rejects and ends the run.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const box = await client.mailboxOpen(options.mailbox, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const cursor = await options.store.cursor(options.mailbox);
    const after = cursor?.uidValidity === uidValidity ? cursor.lastUid : 0;
    if (box.exists === 0 || box.uidNext <= after + 1) return summary;
    const found = await client.search({ uid: `${String(after + 1)}:*` }, { uid: true });
    const uids = (Array.isArray(found) ? found : []).filter((uid) => uid > after).sort((a, b) => a - b);
    const todo = uids.slice(0, batch);
    summary.remaining = uids.length - todo.length;
    if (todo.length === 0) return summary;
    const sources = new Map<number, { source: Buffer; receivedAt: Date | undefined } | null>();
    let next = 0;
    // Messages may arrive in any order; the cursor only moves over the handled prefix of `todo`.
    const handlePrefix = async () => {
      while (next < todo.length && sources.has(todo[next] ?? -1)) {
        const uid = todo[next] ?? -1;
        const message = sources.get(uid);
        sources.delete(uid);
        if (message) await handle(uid, message.source, message.receivedAt);
        await options.store.advance(options.mailbox, uidValidity, uid, now().toISOString());
        next += 1;
      }
    };
    const handle = async (uid: number, source: Buffer, receivedAt: Date | undefined) => {
      summary.read += 1;
      const at = now();
      let reply;
      try {
        reply = await parseReply(source, { mailbox: options.mailbox, uidValidity, uid, receivedAt }, at);
      } catch (error) {
        // An unreadable message stays in the mailbox for a person to open; it cannot be matched.
        options.logger.warn('replies.unreadable', { uid, error: errorMessage(error) });
        summary.unmatched += 1;
        return;
      }
      const outcome = await options.store.record(reply, todayInMexicoCity(at), at.toISOString());
      if (outcome.stored) summary.stored += 1;
      else if (outcome.reason === 'duplicate') summary.duplicates += 1;
      else summary.unmatched += 1;
    };
    for await (const message of client.fetch(
      todo.join(','),
      { uid: true, internalDate: true, source: { maxLength: MESSAGE_MAX_BYTES } },
      { uid: true },
    )) {
      const internal = message.internalDate;
      sources.set(message.uid, {
        source: message.source ?? Buffer.alloc(0),
        receivedAt: internal instanceof Date ? internal : internal ? new Date(internal) : undefined,
      });
      await handlePrefix();
    }
    // A UID expunged between the search and the fetch has nothing to read: past it.
    for (const uid of todo.slice(next)) if (!sources.has(uid)) sources.set(uid, null);
    await handlePrefix();
    return summary;
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Reads the mailbox every `pollMs`, one instance at a time; `undefined` when IMAP is not configured. */
export function startReplyReader(
  config: RepliesConfig,
  deps: { storage: Queryable; store: ReplyStore; logger: Logger },
): PeriodicJob | undefined {
  const { imapUrl } = config;
  if (!imapUrl) return undefined;
  const job = startPeriodicJob({
    storage: deps.storage,
    name: 'imap-replies',
    everyMs: config.pollMs,
    logger: deps.logger,
    task: async () => {
      const summary = await readReplies({
        imapUrl,
        mailbox: config.mailbox,
        timeoutMs: config.timeoutMs,
        store: deps.store,
        logger: deps.logger,
      });
      if (summary.read > 0) deps.logger.info('replies.read', { ...summary });
    },
  });
  setTimeout(() => void job.runNow(), 1000).unref();
  return job;
}
