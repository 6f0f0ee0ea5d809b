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

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { storage, transport, logger, retryBaseMs, leaseMs } = options;
  const outbox = createOutboxStore(storage);
  const maxAttempts = attemptsWithin(options.giveUpAfterMs, retryBaseMs);
  // Short: a look is one indexed query, and mail another instance handed back at its stop goes out now.
  const idlePollMs = options.idlePollMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 4;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const takeoverGraceMs = Math.min(options.takeoverGraceMs ?? TAKEOVER_GRACE_MS, leaseMs);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  /** Set by `stop()`: past it, a send the server accepted and the database still refuses is given up. */
  let stopDeadline = Infinity;
  let again = false;
  /** Until then the SMTP server is known to be unreachable: nothing is tried. */
  let pausedUntil = 0;
  /** Looks at the table that failed in a row (the database is away): the next look comes sooner. */
  let databaseFailures = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** Claimed and not started yet: `stop()` hands these back at once. */
  const waiting = new Set<OutboxRow>();
  /** Being sent, or sent and not recorded yet. */
  const inFlight = new Set<OutboxRow>();
  /** Accepted by the server and not recorded yet. */
  const unrecorded = new Set<OutboxRow>();

  /** A write about one message that may fail while the database is away: logged, and its lease runs out. */
  async function write(row: OutboxRow, what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.warn('outbox.write_failed', { outboxId: row.id, leadId: row.lead_id, what, error: errorMessage(error) });
    }
  }

  const releaseNow = (row: OutboxRow) =>
    write(row, 'release', () => outbox.release(row.id, owner, iso(Math.max(pausedUntil, Date.now()))));

  /** Renews the lease every quarter lease while a message is ours (sending, or holding its acceptance). */
  function keepLease(row: OutboxRow): () => void {
    let renewing = false;
    const interval = setInterval(
      () => {
        if (renewing) return;
        renewing = true;
        outbox
          .renew(row.id, owner, iso(Date.now() + leaseMs))
          .catch(() => false)
          .finally(() => {
            renewing = false;
          });
      },
      Math.max(10, leaseMs / 4),
    );
    interval.unref();
    return () => clearInterval(interval);
  }

  /**
   * The server accepted the message: that fact lives here until the database takes it. The mark is
   * retried (the lease kept meanwhile) however long the database is away; only a stop past its bound
   * gives up, and then the message may be sent again, with the same Message-ID.
   */
  async function recordSent(row: OutboxRow, attempts: number): Promise<void> {
    unrecorded.add(row);
    try {
      for (let failures = 0; ; failures += 1) {
        try {
          await outbox.markSent(row.id, attempts, new Date().toISOString());
          if (failures > 0) logger.info('mail.recorded_late', { outboxId: row.id, tries: failures + 1 });
          return;
        } catch (error) {
          if (failures === 0) {
            logger.warn('mail.record_retry', { outboxId: row.id, leadId: row.lead_id, error: errorMessage(error) });
          }
          if (Date.now() >= stopDeadline) {
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
      unrecorded.delete(row);
    }
  }

  async function deliver(row: OutboxRow): Promise<void> {
    // Handed back by stop() already.
    if (!waiting.delete(row)) return;
    if (stopped || pausedUntil > Date.now()) {
      // Untried: back to the queue for this or another instance, without counting an attempt.
      await releaseNow(row);
      return;
    }
    // A batch is claimed at once and sent a few at a time: each message gets a whole lease from the
    // moment its own send starts, and is skipped if a slow batch let its lease go to another worker.
    let renewed: boolean;
    try {
      renewed = await outbox.renew(row.id, owner, iso(Date.now() + leaseMs));
    } catch (error) {
      // The database is away: not sent now; the lease runs out and the message comes back.
      logger.warn('outbox.write_failed', { outboxId: row.id, what: 'renew', error: errorMessage(error) });
      return;
    }
    if (!renewed) {
      logger.warn('mail.lease_lost', { outboxId: row.id, leadId: row.lead_id });
      return;
    }
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the await above
    if (stopped) {
      await releaseNow(row);
      return;
    }
    let held: string | undefined;
    try {
      held = await options.holdBack?.(row);
    } catch (error) {
      // Unknown whether it may go: not now; the lease runs out and the message comes back.
      logger.warn('outbox.write_failed', { outboxId: row.id, what: 'hold_back', error: errorMessage(error) });
      return;
    }
    if (held !== undefined) {
      await write(row, 'held', () => outbox.markFailed(row.id, row.attempts, held));
      logger.info('mail.held_back', { outboxId: row.id, leadId: row.lead_id });
      return;
    }
    const attempts = row.attempts + 1;
    inFlight.add(row);
    const stopKeeping = keepLease(row);
    try {
      try {
        await transport.send(storedMessage(row.message), row.id, row.message_id);
      } catch (error) {
        await recordFailure(row, attempts, error);
        return;
      }
      await recordSent(row, attempts);
      logger.info('mail.sent', {
        outboxId: row.id,
        leadId: row.lead_id,
        audience: row.audience,
        via: transport.kind,
        messageId: row.message_id,
      });
    } finally {
      stopKeeping();
      inFlight.delete(row);
    }
  }

  async function recordFailure(row: OutboxRow, attempts: number, error: unknown): Promise<void> {
    if (stopped) {
      // Cut by the stop (or failed while stopping): a survivor tries it at once, no attempt counted.
      await releaseNow(row);
      return;
    }
    const message = errorMessage(error).slice(0, 1000);
    // The log says why, not to whom: a rejection quotes the recipient's address.
    const logged = withoutAddresses(message);
    const kind = classifySendError(error);
    if (kind === 'refused') {
      await write(row, 'failed', () => outbox.markFailed(row.id, attempts, `Rechazado por el servidor: ${message}`));
      logger.error('mail.refused', { outboxId: row.id, leadId: row.lead_id, attempts, error: logged });
    } else if (attempts >= maxAttempts) {
      await write(row, 'failed', () =>
        outbox.markFailed(row.id, attempts, `Sin entregar tras ${attempts} intentos: ${message}`),
      );
      logger.error('mail.failed', { outboxId: row.id, leadId: row.lead_id, attempts, error: logged });
    } else {
      const next = Date.now() + backoffMs(retryBaseMs, attempts);
      if (kind === 'unreachable') pausedUntil = Math.max(pausedUntil, next);
      await write(row, 'retry', () => outbox.scheduleRetry(row.id, attempts, iso(next), message));
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

  async function deliverAll(rows: OutboxRow[]): Promise<void> {
    let index = 0;
    const lane = async () => {
      while (index < rows.length) {
        const row = rows[index++];
        if (row) await deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
  }

  async function schedule(): Promise<void> {
    if (stopped) return;
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
    if (pausedUntil > Date.now()) wait = Math.max(wait, pausedUntil - Date.now());
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the await above
    if (stopped) return;
    timer = setTimeout(run, wait);
    // The worker alone must not keep the process alive.
    timer.unref();
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      if (pausedUntil > Date.now()) return;
      const now = Date.now();
      await outbox.reclaimExpired(iso(now), iso(now + takeoverGraceMs));
      const batch = await outbox.claim(owner, iso(now), iso(now + leaseMs), batchSize);
      databaseFailures = 0;
      for (const row of batch) waiting.add(row);
      await deliverAll(batch);
      if (batch.length === batchSize) again = true;
    } while (again && !stopped);
  }

  function run(): void {
    if (stopped) return;
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
      stopped = true;
      stopDeadline = Date.now() + stopTimeoutMs;
      if (timer) clearTimeout(timer);
      // Claimed and not started: back to the queue now, so another instance sends them at once
      // instead of after the lease.
      const queued = [...waiting];
      waiting.clear();
      await Promise.all(queued.map((row) => releaseNow(row)));
      // The current sends (and the records of sends the server accepted) may finish, within a bound;
      // past it the sends are cut, and each hands its message back as it fails.
      const settled = async (ms: number) => {
        let timeout: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timeout = setTimeout(() => resolve('late'), ms);
        });
        const outcome = running ? await Promise.race([running.then(() => 'done' as const), late]) : 'done';
        clearTimeout(timeout);
        return outcome;
      };
      const outcome = await settled(stopTimeoutMs);
      transport.close();
      if (outcome === 'late') {
        const abandoned = inFlight.size;
        await settled(1000);
        await Promise.all([...inFlight].filter((row) => !unrecorded.has(row)).map((row) => releaseNow(row)));
        logger.warn('outbox.stop_timeout', { abandoned, released: queued.length });
      }
    },
  };
}
