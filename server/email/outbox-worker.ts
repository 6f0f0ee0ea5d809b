/**
 * Sends the outbox. Runs in the API process: a timer wakes it when the next message is due (or every
 * `idlePollMs`), and `kick()` after each submission sends new mail at once. A failed send is retried
 * with exponential backoff (`retryBaseMs` × 2^(attempts-1), at most one hour) and marked 'failed' after
 * `maxAttempts`. Submissions never wait for it: mail trouble cannot lose or reject a lead.
 * Its timestamps are real time, like its timers (the API's injectable clock is for business rules).
 */
import type { OutboxRow, OutboxStore } from '../db/outbox.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import type { EmailMessage } from './templates.ts';
import type { MailTransport } from './transport.ts';

export const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface OutboxWorkerOptions {
  outbox: OutboxStore;
  transport: MailTransport;
  logger: Logger;
  retryBaseMs: number;
  maxAttempts: number;
  /** Longest sleep between two looks at the table. */
  idlePollMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  /** Look for due messages now. */
  kick(): void;
  /** Resolves once no send is in flight (for tests and shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function backoffMs(retryBaseMs: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { outbox, transport, logger, retryBaseMs, maxAttempts } = options;
  const idlePollMs = options.idlePollMs ?? 30_000;
  const batchSize = options.batchSize ?? 20;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: OutboxRow): Promise<void> {
    const attempts = row.attempts + 1;
    try {
      await transport.send(JSON.parse(row.message) as EmailMessage, row.id);
      outbox.markSent(row.id, new Date().toISOString());
      logger.info('mail.sent', { outboxId: row.id, leadId: row.lead_id, audience: row.audience, via: transport.kind });
    } catch (error) {
      const message = errorMessage(error).slice(0, 1000);
      if (attempts >= maxAttempts) {
        outbox.markFailed(row.id, attempts, message);
        logger.error('mail.failed', { outboxId: row.id, leadId: row.lead_id, attempts, error: message });
      } else {
        const next = new Date(Date.now() + backoffMs(retryBaseMs, attempts)).toISOString();
        outbox.scheduleRetry(row.id, attempts, next, message);
        logger.warn('mail.retry', { outboxId: row.id, leadId: row.lead_id, attempts, next, error: message });
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    const nextDue = outbox.nextDueAt();
    const wait = nextDue === undefined ? idlePollMs : Math.min(idlePollMs, Math.max(0, Date.parse(nextDue) - Date.now()));
    timer = setTimeout(run, wait);
    // The worker alone must not keep the process alive.
    timer.unref();
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      const batch = outbox.due(new Date().toISOString(), batchSize);
      for (const row of batch) {
        if (stopped) return;
        await deliver(row);
      }
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
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  run();

  return {
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      while (running) await running;
      transport.close();
    },
  };
}
