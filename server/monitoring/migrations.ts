/**
 * The monitoring's tables (module `monitoring`). Field vitals and page views are counters per day and key,
 * so they grow with pages and days, never with visits: `vitals_histogram` counts measurements per page,
 * device class, connection type, vital and bucket (core/monitoring/histogram.ts); `page_views` counts views
 * per landing page, source and campaign. `uptime_checks` keeps each check of a target, `monitoring_alerts`
 * one row per incident of a signal, open until it recovers; `api_responses` the API's answers and its 5xx
 * per minute, summed over instances.
 */
import { forBothEngines } from '../db/ddl.ts';
import type { Migration, Storage } from '../db/storage.ts';
import { ARRIVALS_MIGRATION } from './arrivals-migrations.ts';

export const MONITORING_MODULE = 'monitoring';

export const MONITORING_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'vitals histograms, page views, uptime checks and alerts',
    sql: forBothEngines(
      ({ id }) => `
        CREATE TABLE vitals_histogram (
          day TEXT NOT NULL,
          page TEXT NOT NULL,
          device TEXT NOT NULL,
          connection TEXT NOT NULL,
          metric TEXT NOT NULL,
          bucket INTEGER NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (day, page, device, connection, metric, bucket)
        );

        CREATE TABLE page_views (
          day TEXT NOT NULL,
          page TEXT NOT NULL,
          source TEXT NOT NULL,
          campaign TEXT NOT NULL,
          count INTEGER NOT NULL,
          PRIMARY KEY (day, page, source, campaign)
        );

        CREATE TABLE uptime_checks (
          id ${id},
          checked_at TEXT NOT NULL,
          target TEXT NOT NULL,
          ok INTEGER NOT NULL,
          status INTEGER,
          latency_ms INTEGER NOT NULL,
          error TEXT
        );
        CREATE INDEX uptime_checks_checked_at ON uptime_checks (checked_at);

        CREATE TABLE monitoring_alerts (
          id ${id},
          signal TEXT NOT NULL,
          level TEXT NOT NULL CHECK (level IN ('warning', 'error', 'critical')),
          detail TEXT NOT NULL,
          opened_at TEXT NOT NULL,
          closed_at TEXT
        );
        CREATE UNIQUE INDEX monitoring_alerts_open ON monitoring_alerts (signal) WHERE closed_at IS NULL;

        CREATE TABLE api_responses (
          minute TEXT PRIMARY KEY,
          total INTEGER NOT NULL,
          errors INTEGER NOT NULL
        );
      `,
    ),
  },
  ARRIVALS_MIGRATION,
];

export function migrateMonitoring(storage: Storage): Promise<number[]> {
  return storage.migrate(MONITORING_MODULE, MONITORING_MIGRATIONS);
}
