/**
 * A job that runs once a day across every instance: each instance looks every `checkEveryMs` (and shortly
 * after it starts) whether today's run (the day in Mexico City) is done, and runs it if nobody has
 * (./once.ts decides who). A failed run is logged and tried again at the next look. With a `window`, the
 * looks outside it try nothing: before `from` the day's run waits, past `until` a day not run is skipped.
 */
import { formatCalendarDate, wallClock } from '../../core/dates.ts';
import type { Storage } from '../db/storage.ts';
import { errorMessage, type Logger } from '../log/logger.ts';
import { runOncePerPeriod, type PeriodOutcome } from './once.ts';

/** Mexico City times, `HH:mm`: a run is tried from `from` and no longer at `until` or later. */
export interface DailyWindow {
  from: string;
  until: string;
}

export interface DailyJobOptions<T> {
  storage: Storage;
  /** Its row in `job_runs` and its name in the logs. */
  job: string;
  now: () => Date;
  logger: Logger;
  /** What the day's run does, with the clock's time and the Mexico City day (`YYYY-MM-DD`) it runs for. */
  work: (now: Date, day: string) => Promise<T>;
  /** When in the day a run may happen (default: any time). */
  window?: DailyWindow;
  /** Time between two looks (default one hour). */
  checkEveryMs?: number;
  /** The first look after start (default one minute: a deploy's start is busy enough). */
  firstCheckMs?: number;
  /** How long a claim holds if its instance dies mid-run (default 30 minutes). */
  leaseMs?: number;
}

export type DailyOutcome<T> = PeriodOutcome<T> | { ran: false; reason: 'outside-window' };

export interface DailyJob {
  /** Looks now (tests and commands); resolves with what happened. */
  check(): Promise<DailyOutcome<unknown>>;
  /** No more looks; waits for a run in progress. */
  stop(): Promise<void>;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function scheduleDailyJob<T>(options: DailyJobOptions<T>): DailyJob {
  const { storage, job, now, logger, work, window } = options;
  const checkEveryMs = options.checkEveryMs ?? 60 * 60 * 1000;
  const leaseMs = options.leaseMs ?? 30 * 60 * 1000;
  let stopped = false;
  let running: Promise<DailyOutcome<unknown>> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function look(at: Date): Promise<DailyOutcome<unknown>> {
    const clock = wallClock(at);
    const day = formatCalendarDate(clock);
    const minute = clock.hour * 60 + clock.minute;
    if (window && (minute < minutesOf(window.from) || minute >= minutesOf(window.until)))
      return { ran: false, reason: 'outside-window' };
    const outcome = await runOncePerPeriod(storage, { job, period: day, now: at, leaseMs }, () => work(at, day));
    if (outcome.ran) logger.info('job.done', { job, day, result: outcome.result });
    return outcome;
  }

  function check(): Promise<DailyOutcome<unknown>> {
    running ??= look(now()).finally(() => {
      running = undefined;
    });
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
