/**
 * The meetings inside a running API: the service (handed to the submissions, the API's meeting routes and the inbox),
 * the reminders job and the busy-calendar refresh, started and stopped beside the API (server/senders.ts).
 */
import type { Storage } from '../db/storage.ts';
import type { EmailSettings } from '../email/settings.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { startBusyCalendars, type BusyCalendars } from './busy/calendars.ts';
import { createMeetingService, type MeetingService } from './service.ts';

/** What the meetings read of the process's configuration (server/config.ts documents each). */
export interface MeetingsConfig {
  meetingUrlTemplate: string;
  meetingReminders: number[];
  busyIcsUrls: string[];
  busyIcsRefreshMs: number;
  busyIcsTimeoutMs: number;
  busyIcsMaxBytes: number;
  busyIcsParseBudgetMs: number;
}

export interface MeetingsOptions {
  config: MeetingsConfig;
  storage: Storage;
  settings: EmailSettings;
  logger: Logger;
  now: () => Date;
  /** Wakes the outbox worker. */
  onQueued: () => void;
  /** How often due reminders are looked for (a minute; tests shorten it). */
  reminderPollMs?: number;
}

export interface Meetings {
  service: MeetingService;
  busy: BusyCalendars;
  reminders: PeriodicJob;
  close(): Promise<void>;
}

const REMINDER_POLL_MS = 60_000;

export async function startMeetings(options: MeetingsOptions): Promise<Meetings> {
  const { config, storage, logger } = options;
  const busy = await startBusyCalendars({
    storage,
    urls: config.busyIcsUrls,
    refreshMs: config.busyIcsRefreshMs,
    timeoutMs: config.busyIcsTimeoutMs,
    maxBytes: config.busyIcsMaxBytes,
    parseBudgetMs: config.busyIcsParseBudgetMs,
    logger,
    now: options.now,
  });
  const service = createMeetingService({
    storage,
    settings: options.settings,
    urlTemplate: config.meetingUrlTemplate,
    reminders: config.meetingReminders,
    busy,
    logger,
    now: options.now,
    onQueued: options.onQueued,
  });
  try {
    await service.adoptBookings();
  } catch (error) {
    // Not a reason to stay down: the bookings keep their slots and get their record at the next start.
    logger.error('meeting.adopt_failed', { error: errorMessage(error) });
  }
  const reminders = startPeriodicJob({
    storage,
    name: 'meeting-reminders',
    everyMs: options.reminderPollMs ?? REMINDER_POLL_MS,
    task: async () => {
      await service.processDueReminders();
    },
    logger,
    nowMs: () => options.now().getTime(),
  });
  return {
    service,
    busy,
    reminders,
    async close() {
      await reminders.stop();
      await busy.close();
    },
  };
}
