/**
 * The monitoring's background work, on every instance and run by one: each period (`UPTIME_INTERVAL_S`)
 * the instance that claims it checks the uptime targets, records them and looks at every alert signal; once
 * a day the rows past their retention go. Started by the process after it listens (its own address is the
 * default target) and stopped before the database closes.
 */
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import type { Storage } from '../db/storage.ts';
import { scheduleDailyJob, type DailyJob } from '../jobs/daily.ts';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic.ts';
import type { Logger } from '../log/logger.ts';
import type { AlertMailSettings } from './alert-mail.ts';
import { applyReadings, readSignals } from './alerts.ts';
import type { MonitoringConfig } from './settings.ts';
import { checkTarget, recordChecks } from './uptime.ts';

/** Uptime checks and API counts are kept this long: the longest window anything reads is 30 days. */
const CHECKS_KEPT_DAYS = 35;

export interface MonitoringOptions {
  storage: Storage;
  config: MonitoringConfig;
  mail: AlertMailSettings;
  /** The instance's own address (`http://127.0.0.1:4321`), checked when `UPTIME_URL` is not set. */
  selfUrl: string;
  /**
   * Whether this instance serves the site too (`npm start`); the API alone (`npm run api`, the site on a
   * CDN) checks its own readiness by default, and the site through `UPTIME_URL`.
   */
  servesSite?: boolean;
  logger: Logger;
  now?: () => Date;
}

export interface Monitoring {
  check: PeriodicJob;
  retention: DailyJob;
  stop(): Promise<void>;
}

export function uptimeTargets(config: MonitoringConfig, selfUrl: string, servesSite = true): string[] {
  if (config.uptimeUrls.length > 0) return config.uptimeUrls;
  return servesSite ? [`${selfUrl}/`, `${selfUrl}/api/ready`] : [`${selfUrl}/api/ready`];
}

/** Deletes what is past its retention; returns how many rows went. */
export async function pruneMonitoring(storage: Storage, config: MonitoringConfig, now: Date): Promise<number> {
  const firstKeptDay = addDays(todayInMexicoCity(now), -config.vitalsRetentionDays);
  const checksSince = new Date(now.getTime() - CHECKS_KEPT_DAYS * 86_400_000).toISOString();
  const results = await Promise.all([
    storage.run('DELETE FROM vitals_histogram WHERE day < $1', [firstKeptDay]),
    storage.run('DELETE FROM page_views WHERE day < $1', [firstKeptDay]),
    storage.run('DELETE FROM uptime_checks WHERE checked_at < $1', [checksSince]),
    storage.run('DELETE FROM api_responses WHERE minute < $1', [checksSince.slice(0, 16)]),
    storage.run('DELETE FROM monitoring_alerts WHERE closed_at IS NOT NULL AND closed_at < $1', [
      new Date(now.getTime() - config.vitalsRetentionDays * 86_400_000).toISOString(),
    ]),
  ]);
  return results.reduce((sum, result) => sum + result.changes, 0);
}

/** One period's work: check the targets, record them, open and close alerts. */
export async function monitorOnce(options: MonitoringOptions, at: Date): Promise<void> {
  const { storage, config } = options;
  const timeoutMs = Math.min(10_000, Math.max(1000, Math.floor(config.uptimeIntervalMs / 2)));
  const results = await Promise.all(
    uptimeTargets(config, options.selfUrl, options.servesSite).map((url) => checkTarget(url, timeoutMs)),
  );
  await recordChecks(storage, results, at);
  const changes = await applyReadings(storage, await readSignals(storage, config, at), config, options.mail, at);
  for (const signal of changes.opened) options.logger.warn('monitoring.alert_opened', { signal });
  for (const signal of changes.closed) options.logger.info('monitoring.alert_closed', { signal });
}

export function startMonitoring(options: MonitoringOptions): Monitoring {
  const now = options.now ?? (() => new Date());
  const check = startPeriodicJob({
    storage: options.storage,
    name: 'monitoring.check',
    everyMs: options.config.uptimeIntervalMs,
    logger: options.logger,
    task: () => monitorOnce(options, now()),
  });
  const retention = scheduleDailyJob({
    storage: options.storage,
    job: 'monitoring.retention',
    now,
    logger: options.logger,
    work: (at) => pruneMonitoring(options.storage, options.config, at),
  });
  return {
    check,
    retention,
    async stop() {
      await check.stop();
      await retention.stop();
    },
  };
}
