/**
 * Sends the outbox. Runs in every API process; instances share the queue through leases (see
 * server/db/outbox.ts), so N workers never hold one message at once. A timer wakes it when the next
 * message is due (or every `idlePollMs`, 2 s, which also picks up what other instances queued or handed
 * back when they stopped), and `kick()` after each submission sends new mail at once.
 *
 * While SMTP is merely down a message is never abandoned: retries back off (`retryBaseMs` doubled per
 * attempt, at most an hour apart) for `giveUpAfterMs` (days). An unreachable server pauses the whole
 * queue until the next retry instead of costing a timeout per message. A 5xx refusal marks that
 * message `failed` at once, for an operator to look at and requeue (`npm run outbox`).
 * Submissions never wait for it: mail trouble cannot lose or reject a lead.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createOutboxStore, type OutboxRow } from '../db/outbox.ts';
import type { Storage } from '../db/storage.ts';
import { errorMessage, withoutAddresses, type Logger } from '../log/logger.ts';
import { classifySendError, type MailTransport } from './transport.ts';
import { storedMessage } from './message.ts';

export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/**
 * How long a message whose lease ran out waits before another worker takes it (at most the lease
 * itself). Its holder may be alive with the SMTP server's "250" in hand and the database just back:
 * it records the send well within this, and the message is not sent twice.
 */
export const TAKEOVER_GRACE_MS = 5000;
/** Longest pause between two tries to record a send the server accepted. */
const RECORD_RETRY_MAX_MS = 250;
/** Longest pause of the worker while the database fails, before it looks again. */
const DATABASE_RETRY_MAX_MS = 5000;

export interface OutboxWorkerOptions {
  storage: Storage;
  transport: MailTransport;
  logger: Logger;
  retryBaseMs: number;
  /** How long temporary failures are retried before the message is marked failed. */
  giveUpAfterMs: number;
  /** How long a claimed message stays ours; longer than any send can take. */
  leaseMs: number;
  /** Longest sleep between two looks at the table. */
  idlePollMs?: number;
  batchSize?: number;
  /** Messages sent at the same time. */
  concurrency?: number;
  /** On stop, how long the sends in flight may take before they are abandoned (and released). */
  stopTimeoutMs?: number;
  /** See `TAKEOVER_GRACE_MS`; never more than `leaseMs`. */
  takeoverGraceMs?: number;
  /**
   * Asked right before a message is sent: a reason not to send it at all (its person opposed or revoked
   * their consent), and the message is marked failed with that reason instead.
   */
  holdBack?: (row: OutboxRow) => Promise<string | undefined>;
}

export interface OutboxWorker {
  /** This worker's name in `outbox.lease_owner`. */
  readonly owner: string;
  /** Look for due messages now. */
  kick(): void;
  /** Resolves once no send is in flight (for tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function backoffMs(retryBaseMs: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** Math.max(0, Math.min(attempts - 1, 40)));
}

/** Attempts that fit in `giveUpAfterMs` when the waits between them follow `backoffMs`. */
export function attemptsWithin(giveUpAfterMs: number, retryBaseMs: number): number {
  let attempts = 1;
  let elapsed = 0;
  for (;;) {
    elapsed += backoffMs(retryBaseMs, attempts);
    if (elapsed > giveUpAfterMs) return attempts;
    attempts += 1;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a worker knows while it runs, shared by the loop and each message's delivery. */
interface Delivery {
  outbox: ReturnType<typeof createOutboxStore>;
  transport: MailTransport;
  logger: Logger;
  owner: string;
  leaseMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  holdBack: OutboxWorkerOptions['holdBack'];
  stopped: boolean;
  /** Set by `stop()`: past it, a send the server accepted and the database still refuses is given up. */
  stopDeadline: number;
  /** Until then the SMTP server is known to be unreachable: nothing is tried. */
  pausedUntil: number;
  /** Claimed and not started yet: `stop()` hands these back at once. */
  waiting: Set<OutboxRow>;
  /** Being sent, or sent and not recorded yet. */
  inFlight: Set<OutboxRow>;
  /** Accepted by the server and not recorded yet. */
  unrecorded: Set<OutboxRow>;
}

/** A write about one message that may fail while the database is away: logged, and its lease runs out. */
async function write(d: Delivery, row: OutboxRow, what: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    d.logger.warn('outbox.write_failed', { outboxId: row.id, leadId: row.lead_id, what, error: errorMessage(error) });
  }
}

const releaseNow = (d: Delivery, row: OutboxRow) =>
  write(d, row, 'release', () => d.outbox.release(row.id, d.owner, iso(Math.max(d.pausedUntil, Date.now()))));

/** Renews the lease every quarter lease while a message is ours (sending, or holding its acceptance). */
function keepLease(d: Delivery, row: OutboxRow): () => void {
  let renewing = false;
  const interval = setInterval(
    () => {
      if (renewing) return;
      renewing = true;
      d.outbox
        .renew(row.id, d.owner, iso(Date.now() + d.leaseMs))
        .catch(() => false)
        .finally(() => {
          renewing = false;
        });
    },
    Math.max(10, d.leaseMs / 4),
  );
  interval.unref();
  return () => clearInterval(interval);
}

/**
 * An erasure that ran while this message was being written listed its copies before this one existed; its
 * row's body is erased by now (the mark above waited for the erasure's transaction), so the copy goes too.
 */
async function forgetIfErased(d: Delivery, row: OutboxRow): Promise<void> {
  if (!d.transport.forget) return;
  try {
    if (await d.outbox.bodyErased(row.id)) await d.transport.forget(row.id);
  } catch (error) {
    // The retention job removes a leftover file of an erased message; this only makes it sooner.
    d.logger.warn('mail.forget_failed', { outboxId: row.id, error: errorMessage(error) });
  }
}

/**
 * The server accepted the message: that fact lives here until the database takes it. The mark is
 * retried (the lease kept meanwhile) however long the database is away; only a stop past its bound
 * gives up, and then the message may be sent again, with the same Message-ID.
 */
async function recordSent(d: Delivery, row: OutboxRow, attempts: number): Promise<void> {
  const { logger } = d;
  d.unrecorded.add(row);
  try {
    for (let failures = 0; ; failures += 1) {
      try {
        await d.outbox.markSent(row.id, attempts, new Date().toISOString());
        if (failures > 0) logger.info('mail.recorded_late', { outboxId: row.id, tries: failures + 1 });
        await forgetIfErased(d, row);
        return;
      } catch (error) {
        if (failures === 0) {
          logger.warn('mail.record_retry', { outboxId: row.id, leadId: row.lead_id, error: errorMessage(error) });
        }
        if (Date.now() >= d.stopDeadline) {
          logger.error('mail.sent_unrecorded', {
            outboxId: row.id,
            leadId: row.lead_id,
            messageId: row.message_id,
            error: errorMessage(error),
          });
          return;
        }
        await sleep(Math.min(RECORD_RETRY_MAX_MS, 25 * 2 ** failures));
      }
    }
  } finally {
    d.unrecorded.delete(row);
  }
}

async function recordFailure(d: Delivery, row: OutboxRow, attempts: number, error: unknown): Promise<void> {
  const { logger, outbox } = d;
  if (d.stopped) {
    // Cut by the stop (or failed while stopping): a survivor tries it at once, no attempt counted.
    await releaseNow(d, row);
    return;
  }
  const message = errorMessage(error).slice(0, 1000);
  // The log says why, not to whom: a rejection quotes the recipient's address.
  const logged = withoutAddresses(message);
  const kind = classifySendError(error);
  if (kind === 'refused') {
    await write(d, row, 'failed', () => outbox.markFailed(row.id, attempts, `Rechazado por el servidor: ${message}`));
    logger.error('mail.refused', { outboxId: row.id, leadId: row.lead_id, attempts, error: logged });
  } else if (attempts >= d.maxAttempts) {
    await write(d, row, 'failed', () =>
      outbox.markFailed(row.id, attempts, `Sin entregar tras ${attempts} intentos: ${message}`),
    );
    logger.error('mail.failed', { outboxId: row.id, leadId: row.lead_id, attempts, error: logged });
  } else {
    const next = Date.now() + backoffMs(d.retryBaseMs, attempts);
    if (kind === 'unreachable') d.pausedUntil = Math.max(d.pausedUntil, next);
    await write(d, row, 'retry', () => outbox.scheduleRetry(row.id, attempts, iso(next), message));
    logger.warn('mail.retry', {
      outboxId: row.id,
      leadId: row.lead_id,
      attempts,
      next: iso(next),
      kind,
      error: logged,
    });
  }
}

/**
 * Whether a claimed message goes out now: still ours with a fresh lease, the worker not stopping, and
 * nothing holding it back (a held one is marked failed with the reason).
 */
async function readyToSend(d: Delivery, row: OutboxRow): Promise<boolean> {
  const { logger } = d;
  if (d.stopped || d.pausedUntil > Date.now()) {
    // Untried: back to the queue for this or another instance, without counting an attempt.
    await releaseNow(d, row);
    return false;
  }
  // A batch is claimed at once and sent a few at a time: each message gets a whole lease from the
  // moment its own send starts, and is skipped if a slow batch let its lease go to another worker.
  let renewed: boolean;
  try {
    renewed = await d.outbox.renew(row.id, d.owner, iso(Date.now() + d.leaseMs));
  } catch (error) {
    // The database is away: not sent now; the lease runs out and the message comes back.
    logger.warn('outbox.write_failed', { outboxId: row.id, what: 'renew', error: errorMessage(error) });
    return false;
  }
  if (!renewed) {
    logger.warn('mail.lease_lost', { outboxId: row.id, leadId: row.lead_id });
    return false;
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the await above
  if (d.stopped) {
    await releaseNow(d, row);
    return false;
  }
  let held: string | undefined;
  try {
    held = await d.holdBack?.(row);
  } catch (error) {
    // Unknown whether it may go: not now; the lease runs out and the message comes back.
    logger.warn('outbox.write_failed', { outboxId: row.id, what: 'hold_back', error: errorMessage(error) });
    return false;
  }
  if (held !== undefined) {
    await write(d, row, 'held', () => d.outbox.markFailed(row.id, row.attempts, held));
    logger.info('mail.held_back', { outboxId: row.id, leadId: row.lead_id });
    return false;
  }
  return true;
}

async function deliver(d: Delivery, row: OutboxRow): Promise<void> {
  // Handed back by stop() already.
  if (!d.waiting.delete(row)) return;
  if (!(await readyToSend(d, row))) return;
  const attempts = row.attempts + 1;
  d.inFlight.add(row);
  const stopKeeping = keepLease(d, row);
  try {
    try {
      await d.transport.send(storedMessage(row.message), row.id, row.message_id);
    } catch (error) {
      await recordFailure(d, row, attempts, error);
      return;
    }
    await recordSent(d, row, attempts);
    d.logger.info('mail.sent', {
      outboxId: row.id,
      leadId: row.lead_id,
      audience: row.audience,
      via: d.transport.kind,
      messageId: row.message_id,
    });
  } finally {
    stopKeeping();
    d.inFlight.delete(row);
  }
}

/**
 * Stops `d`: claimed messages not started go back to the queue now (another instance sends them at once
 * instead of after the lease); the current sends, and the records of sends the server accepted, may
 * finish within `stopTimeoutMs`; past it the sends are cut, and each hands its message back as it fails.
 */
async function stopDelivery(d: Delivery, running: () => Promise<void> | undefined, stopTimeoutMs: number) {
  d.stopped = true;
  d.stopDeadline = Date.now() + stopTimeoutMs;
  const queued = [...d.waiting];
  d.waiting.clear();
  await Promise.all(queued.map((row) => releaseNow(d, row)));
  const settled = async (ms: number) => {
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timeout = setTimeout(() => resolve('late'), ms);
    });
    const current = running();
    const outcome = current ? await Promise.race([current.then(() => 'done' as const), late]) : 'done';
    clearTimeout(timeout);
    return outcome;
  };
  const outcome = await settled(stopTimeoutMs);
  d.transport.close();
  if (outcome === 'late') {
    const abandoned = d.inFlight.size;
    await settled(1000);
    await Promise.all([...d.inFlight].filter((row) => !d.unrecorded.has(row)).map((row) => releaseNow(d, row)));
    d.logger.warn('outbox.stop_timeout', { abandoned, released: queued.length });
  }
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { storage, logger, retryBaseMs, leaseMs } = options;
  const d: Delivery = {
    outbox: createOutboxStore(storage),
    transport: options.transport,
    logger,
    owner: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs,
    retryBaseMs,
    maxAttempts: attemptsWithin(options.giveUpAfterMs, retryBaseMs),
    holdBack: options.holdBack,
    stopped: false,
    stopDeadline: Infinity,
    pausedUntil: 0,
    waiting: new Set(),
    inFlight: new Set(),
    unrecorded: new Set(),
  };
  const { outbox, owner } = d;
  // Short: a look is one indexed query, and mail another instance handed back at its stop goes out now.
  const idlePollMs = options.idlePollMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 4;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const takeoverGraceMs = Math.min(options.takeoverGraceMs ?? TAKEOVER_GRACE_MS, leaseMs);
  let again = false;
  /** Looks at the table that failed in a row (the database is away): the next look comes sooner. */
  let databaseFailures = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function deliverAll(rows: OutboxRow[]): Promise<void> {
    let index = 0;
    const lane = async () => {
      while (index < rows.length) {
        const row = rows[index++];
        if (row) await deliver(d, row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }

  async function schedule(): Promise<void> {
    if (d.stopped) return;
    if (timer) clearTimeout(timer);
    let wait = idlePollMs;
    try {
      const nextDue = await outbox.nextDueAt();
      if (nextDue !== undefined) wait = Math.min(idlePollMs, Math.max(0, Date.parse(nextDue) - Date.now()));
    } catch (error) {
      databaseFailures += 1;
      logger.error('outbox.schedule', { error: errorMessage(error) });
    }
    // The database failed: look again soon (backing off a little), not after a whole idle poll.
    if (databaseFailures > 0) wait = Math.min(wait, Math.min(DATABASE_RETRY_MAX_MS, 250 * 2 ** databaseFailures));
    if (d.pausedUntil > Date.now()) wait = Math.max(wait, d.pausedUntil - Date.now());
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the await above
    if (d.stopped) return;
    timer = setTimeout(run, wait);
    // The worker alone must not keep the process alive.
    timer.unref();
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      if (d.pausedUntil > Date.now()) return;
      const now = Date.now();
      await outbox.reclaimExpired(iso(now), iso(now + takeoverGraceMs));
      const batch = await outbox.claim(owner, iso(now), iso(now + leaseMs), batchSize);
      databaseFailures = 0;
      for (const row of batch) d.waiting.add(row);
      await deliverAll(batch);
      if (batch.length === batchSize) again = true;
    } while (again && !d.stopped);
  }

  function run(): void {
    if (d.stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        databaseFailures += 1;
        logger.error('outbox.worker', { error: errorMessage(error) });
      })
      .then(() => schedule())
      .finally(() => {
        running = undefined;
      });
  }

  run();

  return {
    owner,
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      if (timer) clearTimeout(timer);
      await stopDelivery(d, () => running, stopTimeoutMs);
    },
  };
}
