/**
 * A retention job for tests: one instance's, on the test's clock, with its own limits (so an edit of the
 * notice's content never moves a test's dates), looking only when the test asks (its timer is far away).
 */
import type { RetentionPolicy } from '../../../core/privacy.ts';
import type { DailyJob } from '../../jobs/daily.ts';
import { silentLogger } from '../../log/logger.ts';
import { scheduleRetention } from '../schedule.ts';

export const TEST_RETENTION: RetentionPolicy = { leadMonths: 24, mailBodyDays: 30 };

/** What the job takes of a test's inbox (a `TestAdmin` of server/testing/ fits): storage, settings, clock. */
interface RetentionTestBed {
  api: { storage: Parameters<typeof scheduleRetention>[0]; config: { outboxDir: string } };
  clock: { now: Date };
}

export function testRetentionJob(t: RetentionTestBed, retention: RetentionPolicy = TEST_RETENTION): DailyJob {
  return scheduleRetention(
    t.api.storage,
    { ...t.api.config, retention },
    { logger: silentLogger, now: () => t.clock.now, firstCheckMs: 60 * 60 * 1000 },
  );
}
