/**
 * The team's own calendars as busy times (`BUSY_ICS_URLS`): every few minutes one instance fetches each
 * feed (a timeout, a size limit), reads it as busy intervals and keeps the result in `busy_feeds`, so every
 * instance, and a restarted one, has the last good copy. A failed fetch or an unreadable feed is logged and
 * changes nothing: the last good copy stays in force. Every instance reloads the copies from the database.
 * Each feed is read in a worker with a time and memory budget (`read-in-worker.ts`): a feed that overruns is
 * ended and reported (`busy.feed_over_budget`), and the server answers throughout. The start never waits for
 * a feed: it loads the kept copies and fetches in the background.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Storage } from '../../db/storage.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic.ts';
import { errorMessage, type Logger } from '../../log/logger.ts';
import type { BusyTimes } from '../service.ts';
import { shortUrl } from '../settings.ts';
import { fetchFeed } from './fetch.ts';
import { mergeIntervals, type Interval } from './parse.ts';
import { FeedError } from './feed-error.ts';
import { readFeedInWorker } from './read-in-worker.ts';

export interface BusyCalendarsOptions {
  storage: Storage;
  urls: readonly string[];
  refreshMs: number;
  timeoutMs: number;
  maxBytes: number;
  /** Longest read of one feed, in its worker. */
  parseBudgetMs: number;
  logger: Logger;
  now: () => Date;
}

export interface BusyCalendars extends BusyTimes {
  /** Fetches every feed now and keeps what worked (the periodic job's task). */
  refresh(): Promise<void>;
  /** Reads the kept copies from the database. */
  reload(): Promise<void>;
  intervals(): readonly Interval[];
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** From yesterday to three months ahead: beyond the booking horizon, so a copy outlives weeks of failures. */
const WINDOW_AHEAD_MS = 92 * DAY_MS;
/** Memory a feed's reader may use: several times what the largest feed allowed needs. */
const PARSE_MEMORY_MB = 256;

const storedIntervals = z.array(z.tuple([z.number(), z.number()]));

export function feedKey(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

export async function startBusyCalendars(options: BusyCalendarsOptions): Promise<BusyCalendars> {
  const { storage, urls, logger } = options;
  const keys = urls.map(feedKey);
  let busy: readonly Interval[] = [];
  // Ends a read in progress when the server stops.
  const stopping = new AbortController();

  async function reload(): Promise<void> {
    if (keys.length === 0) return;
    const rows = await storage.all<{ feed_key: string; intervals: string | null }>(
      `SELECT feed_key, intervals FROM busy_feeds WHERE feed_key IN (${keys.map((_, index) => `$${index + 1}`).join(', ')})`,
      keys,
    );
    const all: Interval[] = [];
    for (const row of rows) {
      if (row.intervals === null) continue;
      const parsed = storedIntervals.safeParse(JSON.parse(row.intervals));
      if (parsed.success) all.push(...parsed.data);
    }
    busy = mergeIntervals(all);
  }

  async function refreshOne(url: string): Promise<void> {
    const key = feedKey(url);
    const at = options.now();
    try {
      const text = await fetchFeed(url, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes });
      const intervals = await readFeedInWorker(
        text,
        { fromMs: at.getTime() - DAY_MS, toMs: at.getTime() + WINDOW_AHEAD_MS },
        { timeMs: options.parseBudgetMs, memoryMb: PARSE_MEMORY_MB, signal: stopping.signal },
      );
      await storage.run(
        `INSERT INTO busy_feeds (feed_key, intervals, fetched_at, attempted_at, last_error) VALUES ($1, $2, $3, $3, NULL)
         ON CONFLICT (feed_key) DO UPDATE SET intervals = excluded.intervals, fetched_at = excluded.fetched_at,
           attempted_at = excluded.attempted_at, last_error = NULL`,
        [key, JSON.stringify(intervals), at.toISOString()],
      );
      logger.info('busy.feed_read', { feed: shortUrl(url), intervals: intervals.length });
    } catch (error) {
      // The last good copy stays; the failure is said once per attempt, with the host only.
      const reason = errorMessage(error);
      logger.warn(
        error instanceof FeedError && error.failure === 'budget' ? 'busy.feed_over_budget' : 'busy.feed_failed',
        {
          feed: shortUrl(url),
          error: reason,
        },
      );
      await storage.run(
        `INSERT INTO busy_feeds (feed_key, intervals, fetched_at, attempted_at, last_error) VALUES ($1, NULL, NULL, $2, $3)
         ON CONFLICT (feed_key) DO UPDATE SET attempted_at = excluded.attempted_at, last_error = excluded.last_error`,
        [key, at.toISOString(), reason.slice(0, 500)],
      );
    }
  }

  async function refresh(): Promise<void> {
    for (const url of urls) await refreshOne(url);
    await reload();
  }

  const overlaps = (startMs: number, endMs: number) => busy.some(([from, to]) => from < endMs && to > startMs);

  if (urls.length === 0) {
    return { overlaps, refresh, reload, intervals: () => busy, close: () => Promise.resolve() };
  }

  try {
    await reload();
  } catch (error) {
    logger.error('busy.reload_failed', { error: errorMessage(error) });
  }
  const job: PeriodicJob = startPeriodicJob({
    storage,
    name: 'busy-feeds',
    everyMs: options.refreshMs,
    task: refresh,
    logger,
    nowMs: () => options.now().getTime(),
  });
  // The instances that did not fetch read what the one that did kept.
  const reloader = setInterval(
    () => {
      reload().catch((error: unknown) => logger.error('busy.reload_failed', { error: errorMessage(error) }));
    },
    Math.max(1000, Math.floor(options.refreshMs / 2)),
  );
  reloader.unref();
  // The first fetch runs in the background: a slow feed never delays the start.
  void job.runNow();

  return {
    overlaps,
    refresh,
    reload,
    intervals: () => busy,
    async close() {
      clearInterval(reloader);
      stopping.abort();
      await job.stop();
    },
  };
}
