/**
 * What works on its own beside the API, started and stopped by the process's composition
 * (server/services.ts, and the tests' API through the same `startApi`): the outbox worker, which sends the
 * queued e-mails by SMTP or writes them as `.eml` files, and the meetings (their service, reminders and the
 * team's busy calendars), whose e-mails wake it. The API only queues work for them: it registers routes.
 */
import type { Storage } from './db/storage.ts';
import { startOutboxWorker, type OutboxWorker } from './email/outbox-worker.ts';
import { emailSettingsFor, type MailConfig } from './email/settings.ts';
import { emlDirectoryTransport, smtpTransport, type MailTransport } from './email/transport.ts';
import { stderrLogger, type Logger } from './log/logger.ts';
import { startMeetings, type Meetings, type MeetingsConfig } from './meetings/index.ts';
import { objectionHoldBack } from './privacy/objections.ts';

/** What the senders read of the configuration (server/config.ts documents each). */
export interface SendersConfig extends MailConfig, MeetingsConfig {
  outboxDir: string;
  outboxGiveUpHours: number;
  outboxLeaseMs: number;
  outboxRetryBaseMs: number;
  shutdownTimeoutMs: number;
  smtpTimeoutMs: number;
  smtpUrl: string | undefined;
}

export interface SendersOptions {
  /** The business clock (reminders, busy times). Tests inject a fixed one. */
  now?: () => Date;
  logger?: Logger;
  /** Longest sleep of the outbox worker between two looks at the table. */
  outboxPollMs?: number;
  /** How often due meeting reminders are looked for. */
  reminderPollMs?: number;
}

export interface Senders {
  /** How the worker sends: SMTP when configured, else `.eml` files. */
  transport: MailTransport;
  worker: OutboxWorker;
  meetings: Meetings;
  /** The meetings' jobs, then the worker (after its current send, within SHUTDOWN_TIMEOUT_MS). */
  stop(): Promise<void>;
}

/** The outbox's worker and the transport it sends with. */
function startOutbox(config: SendersConfig, storage: Storage, logger: Logger, options: SendersOptions) {
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, { timeoutMs: config.smtpTimeoutMs })
    : emlDirectoryTransport(config.outboxDir);
  const worker = startOutboxWorker({
    storage,
    transport,
    logger,
    retryBaseMs: config.outboxRetryBaseMs,
    giveUpAfterMs: config.outboxGiveUpHours * 60 * 60 * 1000,
    leaseMs: config.outboxLeaseMs,
    stopTimeoutMs: config.shutdownTimeoutMs,
    // Whoever opposed or revoked their consent gets no more e-mails about what they had sent.
    holdBack: objectionHoldBack(storage),
    ...(options.outboxPollMs ? { idlePollMs: options.outboxPollMs } : {}),
  });
  return { transport, worker };
}

export async function startSenders(
  config: SendersConfig,
  storage: Storage,
  options: SendersOptions = {},
): Promise<Senders> {
  const logger = options.logger ?? stderrLogger;
  const { transport, worker } = startOutbox(config, storage, logger, options);
  const meetings = await startMeetings({
    config,
    storage,
    settings: emailSettingsFor(config),
    logger,
    now: options.now ?? (() => new Date()),
    onQueued: () => worker.kick(),
    ...(options.reminderPollMs ? { reminderPollMs: options.reminderPollMs } : {}),
  });
  return {
    transport,
    worker,
    meetings,
    async stop() {
      await meetings.close();
      await worker.stop();
    },
  };
}
