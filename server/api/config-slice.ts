/**
 * The API's slice of the process's configuration, copied out of it: `createApi` is handed this, so the
 * database's address, the inbox's, the mailbox's and the log's settings never reach the API's modules.
 * Typed by `ApiConfig` on both sides, a key added to the API's needs and not copied here fails the build.
 */
import type { ApiConfig } from './index.ts';

export function apiConfigOf(config: ApiConfig): ApiConfig {
  return {
    // What its e-mails say (server/email/settings.ts).
    facts: config.facts,
    siteUrl: config.siteUrl,
    mailFrom: config.mailFrom,
    salesEmail: config.salesEmail,
    contact: config.contact,
    assignee: config.assignee,
    // What the meetings it starts read (server/meetings/index.ts).
    meetingUrlTemplate: config.meetingUrlTemplate,
    meetingReminders: config.meetingReminders,
    busyIcsUrls: config.busyIcsUrls,
    busyIcsRefreshMs: config.busyIcsRefreshMs,
    busyIcsTimeoutMs: config.busyIcsTimeoutMs,
    busyIcsMaxBytes: config.busyIcsMaxBytes,
    busyIcsParseBudgetMs: config.busyIcsParseBudgetMs,
    // Its own.
    allowedOrigins: config.allowedOrigins,
    bodyLimitBytes: config.bodyLimitBytes,
    bookingLimitPerDay: config.bookingLimitPerDay,
    ipHashSalt: config.ipHashSalt,
    monitoring: { vitalsPerMinute: config.monitoring.vitalsPerMinute },
    outboxDir: config.outboxDir,
    outboxGiveUpHours: config.outboxGiveUpHours,
    outboxLeaseMs: config.outboxLeaseMs,
    outboxRetryBaseMs: config.outboxRetryBaseMs,
    rateLimitMax: config.rateLimitMax,
    rateLimitWindowMs: config.rateLimitWindowMs,
    meetingRateLimitMax: config.meetingRateLimitMax,
    scheduleRateLimitMax: config.scheduleRateLimitMax,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    smtpTimeoutMs: config.smtpTimeoutMs,
    smtpUrl: config.smtpUrl,
    translations: { pollMs: config.translations.pollMs },
    trustProxy: config.trustProxy,
  };
}
