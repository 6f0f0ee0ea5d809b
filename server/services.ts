/**
 * What a server process runs, composed in one place: the database it owns (opened and migrated here,
 * closed by the process after everything else stopped), the lead API and the sales inbox, both handed that
 * database and the same view of a lead (the e-mails' settings), so the inbox shows a lead as its e-mail did.
 */
import type { AdminConfig } from './admin/config.ts';
import { inboxConfigOf } from './admin/config-slice.ts';
import { createAdmin, type Admin } from './admin/index.ts';
import { apiConfigOf } from './api/config-slice.ts';
import { createApi, type Api, type ApiConfig, type ApiOptions } from './api/index.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './database.ts';
import type { Storage } from './db/storage.ts';
import { createInboxMail } from './inbox-email/inbox-mail.ts';
import { startReplyReader } from './inbox-email/replies/reader.ts';
import { createReplyStore } from './admin/store/replies.ts';
import { emailSettingsFor } from './email/settings.ts';
import type { DailyJob } from './jobs/daily.ts';
import type { Meetings } from './meetings/index.ts';
import { startSenders, type SendersOptions } from './senders.ts';
import { errorMessage, stderrLogger } from './log/logger.ts';
import { scheduleRetention } from './privacy/schedule.ts';
import { startLiveTranslations, type LiveTranslations } from './translations/live.ts';
import { createTranslationsService } from './translations/service.ts';
import { createTranslationStore } from './translations/store.ts';

/** The API with the senders it queues work for (server/senders.ts): started together, stopped together. */
export interface RunningApi extends Api {
  /** The booked meetings: the inbox moves, cancels and marks them through the same service as the API. */
  meetings: Meetings;
}

/**
 * The one start of the API and its senders, and their one stop: the API's routes first (no new work is
 * queued), then the meetings' jobs and the outbox worker (its current send within SHUTDOWN_TIMEOUT_MS).
 */
export async function startApi(
  config: ApiConfig,
  storage: Storage,
  options: ApiOptions & SendersOptions = {},
): Promise<RunningApi> {
  const senders = await startSenders(config, storage, options);
  const api = await createApi(config, storage, senders, options);
  return {
    ...api,
    meetings: senders.meetings,
    async close() {
      await api.close();
      await senders.stop();
    },
  };
}

export interface Services {
  storage: Storage;
  api: RunningApi;
  admin: Admin;
  /** Puts the inbox's translation edits into the pages this instance serves; stopped before the database. */
  liveTranslations: LiveTranslations | undefined;
  /** The daily retention job (personal data past its limits); stopped before the database closes. */
  retention: DailyJob;
}

export async function openServices(
  config: ServerConfig,
  adminConfig: AdminConfig,
  options: { sitePages?: ReadonlySet<string>; distDir?: string } = {},
): Promise<Services> {
  // Each part is handed what it reads of the configuration, copied out of it; never the whole.
  const storage = await openDatabase(
    { databasePath: config.databasePath, databaseUrl: config.databaseUrl },
    {
      poolMax: config.databasePoolMax,
      onIdleError: (error) => stderrLogger.error('db.idle_error', { error: errorMessage(error) }),
    },
  );
  const api = await startApi(apiConfigOf(config), storage, options);
  const emailSettings = emailSettingsFor(config);
  const translationStore = createTranslationStore(storage);
  const liveTranslations = options.distDir
    ? startLiveTranslations({
        store: translationStore,
        translations: config.facts.translations,
        distDir: options.distDir,
        pollMs: config.translations.pollMs,
        logger: stderrLogger,
      })
    : undefined;
  const inbox = await createAdmin(inboxConfigOf(config, adminConfig), {
    storage,
    leadSettings: emailSettings,
    meetings: api.meetings.service,
    beforeErasure: (leadIds) => api.cancelMeetingsBeforeErasure(leadIds),
    // The inbox imports no e-mail code: it is handed the functions that compose its messages.
    mail: createInboxMail(emailSettings, config.facts.salesEmails),
    translations: createTranslationsService({
      store: translationStore,
      translations: config.facts.translations,
      live: liveTranslations,
      publishHookUrl: config.translations.publishHookUrl,
      logger: stderrLogger,
    }),
  });
  // Replies are the inbox's background work: they stop with it, before the database closes.
  const replies = startReplyReader(config.replies, { storage, store: createReplyStore(storage), logger: stderrLogger });
  const admin = replies ? { ...inbox, close: () => replies.stop().then(() => inbox.close()) } : inbox;
  if (adminConfig.assignOnArrival) api.setOnArrival(admin.assignOnArrival);
  const retention = scheduleRetention(
    storage,
    { retention: config.retention, outboxDir: config.outboxDir },
    { logger: stderrLogger },
  );
  return { storage, api, admin, retention, liveTranslations };
}
