/**
 * Busy times from the team's calendars: the feed read by ical.js (timed, all-day, weekly with an exception
 * and a moved occurrence, zones of the feed, IANA zones and UTC; free and cancelled events ignored), then
 * the real API with the feed on a loopback server: the busy slots are not offered, are refused at booking
 * and at rescheduling, and when the feed fails, stalls, grows too large or stops being a calendar, the
 * last good copy stays (for a restarted instance too) and the failure is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_NOW, VALID, type TestApi } from '../../testing/api.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import type { Logger } from '../../log/logger.ts';
import { latestToken } from '../../testing/meetings.ts';
import { FeedError } from './feed-error.ts';
import { busyIntervals } from './parse.ts';
import { readFeedInWorker } from './read-in-worker.ts';
import {
  BUSY_FEED,
  calendarOf,
  hostileFeed,
  largeFeed,
  OLD_DAILY_FEED,
  startFeedServer,
  type FeedServer,
} from './testing-feed.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The failure of the FeedError `read` throws. */
function failureOf(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error instanceof FeedError ? error.failure : error;
  }
  return undefined;
}

describe('busyIntervals (ical.js)', () => {
  const window = { fromMs: Date.parse('2026-11-22T00:00:00Z'), toMs: Date.parse('2027-01-31T00:00:00Z') };

  it('reads timed, all-day and recurring events in their own zones', () => {
    expect(busyIntervals(BUSY_FEED, window).map(([from, to]) => [iso(from), iso(to)])).toEqual([
      ['2026-11-24T17:30:00.000Z', '2026-11-24T18:30:00.000Z'],
      // All day in Mexico City.
      ['2026-11-25T06:00:00.000Z', '2026-11-26T06:00:00.000Z'],
      // Thursdays 09:00 Mexico City; 3 December excluded; 17 December moved to 14:00.
      ['2026-11-26T15:00:00.000Z', '2026-11-26T16:00:00.000Z'],
      ['2026-11-27T19:00:00.000Z', '2026-11-27T20:00:00.000Z'],
      ['2026-11-30T21:00:00.000Z', '2026-11-30T22:00:00.000Z'],
      ['2026-12-10T15:00:00.000Z', '2026-12-10T16:00:00.000Z'],
      ['2026-12-17T20:00:00.000Z', '2026-12-17T21:00:00.000Z'],
      ['2026-12-24T15:00:00.000Z', '2026-12-24T16:00:00.000Z'],
    ]);
  });

  it('keeps only what overlaps the window and stops an endless rule', () => {
    const endless = BUSY_FEED.replace('RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=5', 'RRULE:FREQ=MINUTELY');
    const intervals = busyIntervals(endless, { fromMs: window.fromMs, toMs: Date.parse('2026-11-27T00:00:00Z') });
    expect(intervals.every(([from]) => from < Date.parse('2026-11-27T00:00:00Z'))).toBe(true);
  });

  it('walks an event that began in 2010 up to the window (a daily 16:00 still blocks today)', () => {
    const intervals = busyIntervals(OLD_DAILY_FEED, window).map(([from, to]) => [iso(from), iso(to)]);
    expect(intervals).toContainEqual(['2026-11-23T22:00:00.000Z', '2026-11-23T23:00:00.000Z']);
    expect(intervals).toContainEqual(['2027-01-30T22:00:00.000Z', '2027-01-30T23:00:00.000Z']);
    expect(intervals).toHaveLength(70);
  });

  it('keeps the day a monthly rule takes from its start, in months that lack it too', () => {
    const monthly = calendarOf([
      [
        'BEGIN:VEVENT',
        'UID:mensual@pruebas',
        'DTSTAMP:20100101T000000Z',
        'DTSTART;TZID=America/Mexico_City:20100131T100000',
        'DTEND;TZID=America/Mexico_City:20100131T110000',
        'RRULE:FREQ=MONTHLY',
        'END:VEVENT',
      ],
    ]);
    // 31 December is the only 31st in the window (30 November has none; 31 January 10:00 is past its end).
    expect(busyIntervals(monthly, window).map(([from]) => iso(from))).toEqual(['2026-12-31T16:00:00.000Z']);
  });

  it('reads a moved occurrence of an old series that lands in the window', () => {
    const moved = calendarOf([
      [
        'BEGIN:VEVENT',
        'UID:semanal-2015@pruebas',
        'DTSTAMP:20150101T000000Z',
        'DTSTART:20150105T150000Z',
        'DTEND:20150105T160000Z',
        'RRULE:FREQ=WEEKLY;UNTIL=20150301T000000Z',
        'END:VEVENT',
      ],
      [
        'BEGIN:VEVENT',
        'UID:semanal-2015@pruebas',
        'DTSTAMP:20150101T000000Z',
        'RECURRENCE-ID:20150112T150000Z',
        'DTSTART:20261201T150000Z',
        'DTEND:20261201T160000Z',
        'END:VEVENT',
      ],
    ]);
    expect(busyIntervals(moved, window).map(([from]) => iso(from))).toEqual(['2026-12-01T15:00:00.000Z']);
  });

  it('reads 16,000 events', () => {
    const intervals = busyIntervals(largeFeed(16_000), window);
    // 60 days from Monday 23 November, each with 9 distinct half hours.
    expect(intervals).toHaveLength(60 * 9);
  });

  it('reads a minute-by-minute event with no gaps as one interval', () => {
    const everyMinute = calendarOf(
      Array.from({ length: 100 }, (_, index) => [
        'BEGIN:VEVENT',
        `UID:minuto-${index}@pruebas`,
        'DTSTAMP:20200101T000000Z',
        'DTSTART:20200101T000000Z',
        'DTEND:20200101T000100Z',
        'RRULE:FREQ=MINUTELY',
        'END:VEVENT',
      ]),
    );
    expect(busyIntervals(everyMinute, window)).toEqual([[Date.parse('2020-01-01T00:00:00Z'), window.toMs]]);
  });

  it('refuses what is not a calendar', () => {
    for (const text of ['<html></html>', 'BEGIN:VCARD\r\nEND:VCARD\r\n']) {
      expect(() => busyIntervals(text, window)).toThrow(FeedError);
      expect(failureOf(() => busyIntervals(text, window))).toBe('parse');
    }
  });
});

describe('a feed read in a worker', () => {
  const window = { fromMs: Date.parse('2026-11-22T00:00:00Z'), toMs: Date.parse('2027-01-31T00:00:00Z') };

  it('answers the same intervals as a read on this thread', async () => {
    expect(await readFeedInWorker(BUSY_FEED, window, { timeMs: 10_000, memoryMb: 128 })).toEqual(
      busyIntervals(BUSY_FEED, window),
    );
  });

  it('ends a rule that loops inside ical.js when its time runs out', async () => {
    for (const rule of ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30']) {
      await expect(
        readFeedInWorker(hostileFeed(rule), window, { timeMs: 500, memoryMb: 128 }),
        rule,
      ).rejects.toMatchObject({ failure: 'budget' });
    }
  });

  it('passes on why a feed is not a calendar', async () => {
    await expect(readFeedInWorker('<html></html>', window, { timeMs: 10_000, memoryMb: 128 })).rejects.toMatchObject({
      failure: 'parse',
    });
  });

  it('ends the read at once when the server stops', async () => {
    const stopping = new AbortController();
    const read = readFeedInWorker(hostileFeed(), window, { timeMs: 60_000, memoryMb: 128, signal: stopping.signal });
    stopping.abort();
    await expect(read).rejects.toMatchObject({ failure: 'budget' });
  });
});

describe.each(TEST_ENGINES)('busy calendars in the API (%s)', (engine) => {
  let feed: FeedServer;
  let t: TestApi;
  const warnings: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (event, fields) => {
      if (event === 'busy.feed_failed') warnings.push(fields ?? {});
    },
    error: () => undefined,
  };
  const env = () => ({ BUSY_ICS_URLS: feed.url, BUSY_ICS_TIMEOUT_MS: '400', BUSY_ICS_MAX_BYTES: '32768' });

  beforeAll(async () => {
    feed = await startFeedServer();
    t = await startTestApi(env(), { engine, logger });
    await t.api.meetings.busy.refresh();
  });
  afterAll(async () => {
    await t.dispose();
    await feed.close();
  });

  const schedule = async (api: TestApi, date: string) =>
    (await api.post('/api/webSite/scheduleAvailable', { date })).body.schedule as string[];

  async function expectBusyOffered(api: TestApi): Promise<void> {
    const tuesday = await schedule(api, '2026-11-24');
    expect(tuesday).toEqual(expect.arrayContaining(['10:00', '13:00', '14:00', '15:00', '16:00', '17:00']));
    expect(tuesday).not.toContain('11:00');
    expect(tuesday).not.toContain('12:00');
    expect(await schedule(api, '2026-11-25')).toEqual([]);
    expect(await schedule(api, '2026-11-26')).not.toContain('09:00');
    expect(await schedule(api, '2026-11-27')).not.toContain('13:00');
    expect(await schedule(api, '2026-11-30')).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '16:00',
      '17:00',
    ]);
    expect(await schedule(api, '2026-12-03')).toContain('09:00');
  }

  it('does not offer busy times', async () => {
    expect(TEST_NOW.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    await expectBusyOffered(t);
  });

  it('refuses a busy time at booking and at rescheduling (409)', async () => {
    const busy = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: '2026-11-24T11:00' });
    expect(busy.status).toBe(409);
    const booked = await t.post('/api/webSite/contactSmall', { ...VALID.small, appointmentDate: '2026-11-24T09:00' });
    expect(booked.status).toBe(201);
    const token = await latestToken(t, Number(booked.body.id));
    const moved = await t.post('/api/webSite/meetingReschedule', { token, appointmentDate: '2026-11-25T10:00' });
    expect(moved.status).toBe(409);
  });

  it('keeps the last good copy when the feed fails, stalls, grows too large or is not a calendar', async () => {
    for (const mode of ['fail', 'stall', 'huge', 'garbage'] as const) {
      feed.mode = mode;
      warnings.length = 0;
      const started = Date.now();
      await t.api.meetings.busy.refresh();
      expect(Date.now() - started, `${mode}: acotado por BUSY_ICS_TIMEOUT_MS`).toBeLessThan(5000);
      expect(warnings, mode).toHaveLength(1);
      // The log names the host, never the secret path of the feed.
      expect(JSON.stringify(warnings)).not.toContain('/equipo.ics');
      await expectBusyOffered(t);
    }
    const [row] = await t.rows<{ last_error: string | null; intervals: string | null }>(
      'SELECT last_error, intervals FROM busy_feeds',
    );
    expect(row?.last_error).toContain('calendario');
    expect(JSON.parse(row?.intervals ?? '[]')).toHaveLength(8);
  });

  it('gives a restarted instance the last good copy while the feed is still down', async () => {
    feed.mode = 'fail';
    const restarted = await t.restart();
    t = restarted;
    await expectBusyOffered(restarted);
    feed.mode = 'ok';
  });
});

describe.each(TEST_ENGINES)('hostile and large busy calendars in the API (%s)', (engine) => {
  let feed: FeedServer;
  let t: TestApi;
  const events: Array<{ event: string; fields: Record<string, unknown> }> = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (event, fields) => events.push({ event, fields: fields ?? {} }),
    error: () => undefined,
  };

  beforeAll(async () => {
    feed = await startFeedServer();
    feed.serve(OLD_DAILY_FEED);
    // The sixteen years of a daily rule take a moment to read; on a loaded machine more than the hostile
    // test's short budget, so the good copy is read with room and only that test gets the short one.
    t = await startTestApi({ BUSY_ICS_URLS: feed.url, BUSY_ICS_PARSE_BUDGET_MS: '120000' }, { engine, logger });
    await t.api.meetings.busy.refresh();
  });
  afterAll(async () => {
    await t.dispose();
    await feed.close();
  });

  const scheduleOf = async (api: TestApi, date: string) =>
    (await api.post('/api/webSite/scheduleAvailable', { date })).body.schedule as string[];
  const schedule = (date: string) => scheduleOf(t, date);

  it('does not offer today 16:00 when a daily event from 2010 takes it', async () => {
    const today = await schedule('2026-11-23');
    expect(today).toContain('15:00');
    expect(today).not.toContain('16:00');
  });

  it('answers health checks while a rule that hangs ical.js is read, and reports it over budget', async () => {
    // An instance beside it on the same database, with a budget short enough to run out of quickly.
    const tight = await t.sibling({ BUSY_ICS_PARSE_BUDGET_MS: '1500' });
    try {
      await readsHostileRulesWithinBudget(tight);
    } finally {
      await tight.dispose();
    }
  });

  async function readsHostileRulesWithinBudget(tight: TestApi) {
    for (const rule of ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30']) {
      feed.serve(hostileFeed(rule));
      events.length = 0;
      let done = false;
      const refresh = tight.api.meetings.busy.refresh().finally(() => {
        done = true;
      });
      let answeredDuringRefresh = 0;
      while (!done) {
        const health = await tight.request('/api/health');
        expect(health.status, rule).toBe(200);
        if (!done) answeredDuringRefresh += 1;
      }
      await refresh;
      expect(answeredDuringRefresh, rule).toBeGreaterThan(0);
      expect(
        events.map(({ event }) => event),
        rule,
      ).toContain('busy.feed_over_budget');
      expect(
        events.filter(({ event }) => event !== 'busy.feed_over_budget'),
        rule,
      ).toEqual([]);
      expect(String(events.at(-1)?.fields.error)).toContain('1500 ms');
      // The last good copy stays: 16:00 is still busy.
      expect(await scheduleOf(tight, '2026-11-23')).not.toContain('16:00');
    }
    const [row] = await tight.rows<{ last_error: string | null }>('SELECT last_error FROM busy_feeds');
    expect(row?.last_error).toContain('1500 ms');
  }

  it('reads a 16,000-event feed', async () => {
    feed.serve(largeFeed(16_000));
    events.length = 0;
    // A budget no shared test machine runs out of: this test is about the result, not the time.
    const roomy = await t.sibling({ BUSY_ICS_PARSE_BUDGET_MS: '120000' });
    try {
      await roomy.api.meetings.busy.refresh();
      expect(events).toEqual([]);
      // Every hour from 09:00 to 17:00 Mexico City is taken, every day.
      expect((await roomy.post('/api/webSite/scheduleAvailable', { date: '2026-11-24' })).body.schedule).toEqual([]);
    } finally {
      await roomy.dispose();
    }
  });
});
