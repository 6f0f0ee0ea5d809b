/**
 * Sends the outbox. Runs in every API process; instances share the queue through leases (see
 * server/db/outbox.ts), so N workers never hold one message at once. A timer wakes it when the next
 * message is due (or every `idlePollMs`, which also picks up what other instances queued), and
 * `kick()` after each submission sends new mail at once.
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
import { errorMessage, type Logger } from '../log/logger.ts';
import { classifySendError, type MailTransport } from './transport.ts';
import { storedMessage } from './message.ts';

export const MAX_BACKOFF_MS = 60 * 60 * 1000;

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

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { storage, transport, logger, retryBaseMs, leaseMs } = options;
  const outbox = createOutboxStore(storage);
  const maxAttempts = attemptsWithin(options.giveUpAfterMs, retryBaseMs);
  const idlePollMs = options.idlePollMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 4;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let again = false;
  /** Until then the SMTP server is known to be unreachable: nothing is tried. */
  let pausedUntil = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<OutboxRow>();

  async function deliver(row: OutboxRow): Promise<void> {
    if (stopped || pausedUntil > Date.now()) {
      // Untried: back to the queue for this or another instance, without counting an attempt.
      await outbox.release(row.id, owner, iso(Math.max(pausedUntil, Date.now())));
      return;
    }
    // A batch is claimed at once and sent a few at a time: each message gets a whole lease from the
    // moment its own send starts, and is skipped if a slow batch let its lease go to another worker.
    if (!(await outbox.renew(row.id, owner, iso(Date.now() + leaseMs)))) {
      logger.warn('mail.lease_lost', { outboxId: row.id, leadId: row.lead_id });
      return;
    }
    const attempts = row.attempts + 1;
    inFlight.add(row);
    try {
      await transport.send(storedMessage(row.message), row.id, row.message_id);
      await outbox.markSent(row.id, attempts, new Date().toISOString());
      logger.info('mail.sent', {
        outboxId: row.id,
        leadId: row.lead_id,
        audience: row.audience,
        via: transport.kind,
        messageId: row.message_id,
      });
    } catch (error) {
      const message = errorMessage(error).slice(0, 1000);
      const kind = classifySendError(error);
      if (kind === 'refused') {
        await outbox.markFailed(row.id, attempts, `Rechazado por el servidor: ${message}`);
        logger.error('mail.refused', { outboxId: row.id, leadId: row.lead_id, attempts, error: message });
      } else if (attempts >= maxAttempts) {
        await outbox.markFailed(row.id, attempts, `Sin entregar tras ${attempts} intentos: ${message}`);
        logger.error('mail.failed', { outboxId: row.id, leadId: row.lead_id, attempts, error: message });
      } else {
        const next = Date.now() + backoffMs(retryBaseMs, attempts);
        if (kind === 'unreachable') pausedUntil = Math.max(pausedUntil, next);
        await outbox.scheduleRetry(row.id, attempts, iso(next), message);
        logger.warn('mail.retry', {
          outboxId: row.id,
          leadId: row.lead_id,
          attempts,
          next: iso(next),
          kind,
          error: message,
        });
      }
    } finally {
      inFlight.delete(row);
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
      logger.error('outbox.schedule', { error: errorMessage(error) });
    }
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
      const batch = await outbox.claim(owner, iso(now), iso(now + leaseMs), batchSize);
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
      .catch((error: unknown) => logger.error('outbox.worker', { error: errorMessage(error) }))
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
      if (timer) clearTimeout(timer);
      // The current sends may finish, within a bound; past it they are cut and handed back.
      let timeout: NodeJS.Timeout | undefined;
      const bounded = new Promise<'late'>((resolve) => {
        timeout = setTimeout(() => resolve('late'), stopTimeoutMs);
      });
      const outcome = running ? await Promise.race([running.then(() => 'done' as const), bounded]) : 'done';
      clearTimeout(timeout);
      transport.close();
      if (outcome === 'late') {
        await Promise.all(
          [...inFlight].map((row) => outbox.release(row.id, owner, iso(Date.now())).catch(() => undefined)),
        );
        logger.warn('outbox.stop_timeout', { abandoned: inFlight.size });
      }
    },
  };
}
