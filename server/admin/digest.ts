/**
 * The daily digest: at 8:00 Mexico City time each active account with something due (next steps of its
 * leads due today or overdue, its leads' meetings today) gets one e-mail through the outbox. The day's run
 * is a daily job across instances (server/jobs/daily.ts), looked at every minute from 8:00 until noon; a
 * run that failed for someone is tried again at the next look. The database still lets only one digest per
 * person and day through (server/admin/store/digests.ts), so a retry, or a run taken over from an instance
 * that died mid-way, writes nobody's twice.
 */
import type { Storage } from '../db/storage.ts';
import { scheduleDailyJob, type DailyJob } from '../jobs/daily.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import type { InboxMail } from './mail.ts';
import type { DigestStore } from './store/digests.ts';
import type { UserStore } from './store/users.ts';

export const DIGEST_FROM = '08:00';
export const DIGEST_UNTIL = '12:00';
export const DIGEST_JOB = 'inbox-digest';

export interface DigestServices {
  users: UserStore;
  digests: DigestStore;
  mail: InboxMail;
  logger: Logger;
}

/** One day's digests for everyone; throws at the end if some person's could not be decided (to retry). */
export async function sendDigests(services: DigestServices, day: string, now: Date): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = { queued: 0, 'nothing-due': 0, 'already-done': 0, failed: 0 };
  for (const user of (await services.users.list()).filter((candidate) => candidate.active)) {
    try {
      const outcome = await services.digests.sendFor(user, day, now, (digest) => services.mail.digest(digest));
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    } catch (error) {
      outcomes.failed = (outcomes.failed ?? 0) + 1;
      services.logger.error('digest.failed', { account: user.id, day, error: errorMessage(error) });
    }
  }
  services.logger.info('digest.done', { day, ...outcomes });
  if (outcomes.failed) throw new Error(`${outcomes.failed} resúmenes sin enviar el ${day}`);
  return outcomes;
}

export function startDigest(
  storage: Storage,
  services: DigestServices,
  now: () => Date,
  timing: { firstCheckMs?: number } = {},
): DailyJob {
  return scheduleDailyJob({
    storage,
    job: DIGEST_JOB,
    now,
    logger: services.logger,
    window: { from: DIGEST_FROM, until: DIGEST_UNTIL },
    checkEveryMs: 60_000,
    ...timing,
    // Short: the per-person rows make a second instance's overlapping run harmless, and a dead one's day
    // should pass to another instance within minutes, not after the morning is gone.
    leaseMs: 5 * 60_000,
    work: (at, day) => sendDigests(services, day, at),
  });
}
