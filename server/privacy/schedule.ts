/** The retention job, once a day across instances (server/jobs/daily.ts), on the process's database. */
import type { RetentionPolicy } from '../../core/privacy.ts';
import type { Storage } from '../db/storage.ts';
import { scheduleDailyJob, type DailyJob } from '../jobs/daily.ts';
import type { Logger } from '../log/logger.ts';
import { runRetention } from './retention.ts';

export const RETENTION_JOB = 'privacy-retention';

export function scheduleRetention(
  storage: Storage,
  config: { retention: RetentionPolicy; outboxDir: string },
  options: { logger: Logger; now?: () => Date; firstCheckMs?: number },
): DailyJob {
  return scheduleDailyJob({
    storage,
    job: RETENTION_JOB,
    now: options.now ?? (() => new Date()),
    logger: options.logger,
    ...(options.firstCheckMs === undefined ? {} : { firstCheckMs: options.firstCheckMs }),
    work: async (now) => {
      const result = await runRetention({ storage, policy: config.retention, outboxDir: config.outboxDir, now });
      // The register page and the terminal show them too; the log says it the day it happens.
      if (result.pendingRewrites > 0)
        options.logger.warn('privacy.rewrite_pending', { job: RETENTION_JOB, tables: result.pendingRewrites });
      return result;
    },
  });
}
