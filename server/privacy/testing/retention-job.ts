/**
 * A retention job for tests: one instance's, on the test's clock, with its own limits (so an edit of the
 * notice's content never moves a test's dates), looking only when the test asks (its timer is far away).
 */
import type { TestAdmin } from '../../testing/inbox.ts';
import type { RetentionPolicy } from '../../../core/privacy.ts';
import type { DailyJob } from '../../jobs/daily.ts';
import { silentLogger } from '../../log/logger.ts';
import { scheduleRetention } from '../schedule.ts';

export const TEST_RETENTION: RetentionPolicy = { leadMonths: 24, mailBodyDays: 30 };

export function testRetentionJob(t: TestAdmin, retention: RetentionPolicy = TEST_RETENTION): DailyJob {
  return scheduleRetention(
    t.api.storage,
    { ...t.api.config, retention },
    { logger: silentLogger, now: () => t.clock.now, firstCheckMs: 60 * 60 * 1000 },
  );
}
