/**
 * The daily digest: at 8:00 Mexico City time each active account with something due (next steps of its
 * leads due today or overdue, its leads' meetings today) gets one e-mail through the outbox. Every
 * instance tries; the database lets one write each person's digest (server/admin/store/digests.ts). A run
 * that fails for someone is tried again a minute later, until noon.
 */
import { startDailyJob, type DailyJob } from '../jobs/daily-window.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import type { InboxMail } from './mail.ts';
import type { DigestStore } from './store/digests.ts';
import type { UserStore } from './store/users.ts';

export const DIGEST_FROM = '08:00';
export const DIGEST_UNTIL = '12:00';

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

export function startDigest(services: DigestServices, now: () => Date): DailyJob {
  return startDailyJob({
    name: 'digest',
    from: DIGEST_FROM,
    until: DIGEST_UNTIL,
    now,
    logger: services.logger,
    run: async (day, at) => {
      await sendDigests(services, day, at);
    },
  });
}
