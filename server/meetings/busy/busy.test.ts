/**
 * Busy times from the team's calendars: the feed read by ical.js (timed, all-day, weekly with an exception
 * and a moved occurrence, zones of the feed, IANA zones and UTC; free and cancelled events ignored), then
 * the real API with the feed on a loopback server: the busy slots are not offered, are refused at booking
 * and at rescheduling, and when the feed fails, stalls, grows too large or stops being a calendar, the
 * last good copy stays (for a restarted instance too) and the failure is logged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, TEST_NOW, VALID, type TestApi } from '../../api/test-support.ts';
import { TEST_ENGINES } from '../../db/testing/engines.ts';
import type { Logger } from '../../log/logger.ts';
import { latestToken } from '../test-support.ts';
import { busyIntervals, FeedParseError } from './parse.ts';
import { BUSY_FEED, startFeedServer, type FeedServer } from './testing-feed.ts';

const iso = (ms: number) => new Date(ms).toISOString();

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

  it('refuses what is not a calendar', () => {
    expect(() => busyIntervals('<html></html>', window)).toThrow(FeedParseError);
    expect(() => busyIntervals('BEGIN:VCARD\r\nEND:VCARD\r\n', window)).toThrow(FeedParseError);
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
