/**
 * A job run once a day at a Mexico City time, on every instance: each process looks every minute whether
 * the time has come and the day's run is not done yet. Running it more than once must be harmless: the
 * job itself makes its work once across instances (a row per day in the database, written under a lock),
 * so this timer only decides when to try. A run that fails is tried again at the next look, until `until`.
 */
import { formatCalendarDate, wallClock } from '../../core/dates.ts';
import { errorMessage, type Logger } from '../log/logger.ts';

export interface DailyJobOptions {
  /** For the logs. */
  name: string;
  /** Mexico City time to start, `HH:mm`. */
  from: string;
  /** Past this time (`HH:mm`) a day's run that did not happen is skipped: it would come too late to help. */
  until: string;
  /** Does the day's work (`day`: Mexico City `YYYY-MM-DD`); resolves once it is done. */
  run: (day: string, now: Date) => Promise<void>;
  now?: () => Date;
  logger: Logger;
  /** How often to look (1 minute). */
  everyMs?: number;
}

export interface DailyJob {
  /** One look now: runs the day's work if it is time and it was not done by this process yet. */
  tick(): Promise<void>;
  stop(): void;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function startDailyJob(options: DailyJobOptions): DailyJob {
  const now = options.now ?? (() => new Date());
  let doneDay: string | undefined;
  let running: Promise<void> | undefined;

  async function look(): Promise<void> {
    const at = now();
    const clock = wallClock(at);
    const day = formatCalendarDate(clock);
    const minute = clock.hour * 60 + clock.minute;
    if (doneDay === day || minute < minutesOf(options.from) || minute >= minutesOf(options.until)) return;
    try {
      await options.run(day, at);
      doneDay = day;
    } catch (error) {
      options.logger.error('job.failed', { job: options.name, day, error: errorMessage(error) });
    }
  }

  const tick = () => (running ??= look().finally(() => (running = undefined)));
  const timer = setInterval(() => void tick(), options.everyMs ?? 60_000);
  timer.unref();
  return {
    tick,
    stop() {
      clearInterval(timer);
    },
  };
}
