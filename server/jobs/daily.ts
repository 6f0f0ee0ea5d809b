/**
 * A job that runs once a day across every instance: each instance looks every `checkEveryMs` (and shortly
 * after it starts) whether today's run (the day in Mexico City) is done, and runs it if nobody has
 * (./once.ts decides who). A failed run is logged and tried again at the next look.
 */
import { todayInMexicoCity } from '../../core/dates.ts';
import type { Storage } from '../db/storage.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { runOncePerPeriod, type PeriodOutcome } from './once.ts';

export interface DailyJobOptions<T> {
  storage: Storage;
  /** Its row in `job_runs` and its name in the logs. */
  job: string;
  now: () => Date;
  logger: Logger;
  /** What the day's run does, with the clock's time. */
  work: (now: Date) => Promise<T>;
  /** Time between two looks (default one hour). */
  checkEveryMs?: number;
  /** The first look after start (default one minute: a deploy's start is busy enough). */
  firstCheckMs?: number;
  /** How long a claim holds if its instance dies mid-run (default 30 minutes). */
  leaseMs?: number;
}

export interface DailyJob {
  /** Looks now (tests and commands); resolves with what happened. */
  check(): Promise<PeriodOutcome<unknown>>;
  /** No more looks; waits for a run in progress. */
  stop(): Promise<void>;
}

export function scheduleDailyJob<T>(options: DailyJobOptions<T>): DailyJob {
  const { storage, job, now, logger, work } = options;
  const checkEveryMs = options.checkEveryMs ?? 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 30 * 60 * 1000;
  let stopped = false;
  let running: Promise<PeriodOutcome<unknown>> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function check(): Promise<PeriodOutcome<unknown>> {
    running ??= (async () => {
      const at = now();
      try {
        const outcome = await runOncePerPeriod(storage, { job, period: todayInMexicoCity(at), now: at, leaseMs }, () =>
          work(at),
        );
        if (outcome.ran) logger.info('job.done', { job, result: outcome.result });
        return outcome;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  function tick(): void {
    if (stopped) return;
    check()
      .catch((error: unknown) => logger.error('job.failed', { job, error: errorMessage(error) }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, checkEveryMs);
        timer.unref();
      });
  }

  timer = setTimeout(tick, options.firstCheckMs ?? 60_000);
  timer.unref();

  return {
    check,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
