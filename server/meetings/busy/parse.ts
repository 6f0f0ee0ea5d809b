/**
 * An iCalendar feed (RFC 5545) read as busy intervals, with Mozilla's ical.js: timed events, all-day events
 * and recurring ones (RRULE, RDATE, EXDATE, and occurrences moved or cancelled by a RECURRENCE-ID), each
 * time in its own zone: a VTIMEZONE of the feed, an IANA TZID without one, UTC, or (floating times and
 * all-day dates) the team's zone, Mexico City. Cancelled and transparent ("free") events are not busy.
 * Only start and end come out: no title, no attendee.
 *
 * Work is bounded by the window, not by the feed's history: a recurring event is walked from a start moved
 * forward by whole periods to just before the window (an event that began in 2010 still blocks today), and
 * exceptions are indexed by UID once, so the whole read is linear in the number of events. A rule that
 * makes ical.js loop inside one step cannot be stopped from here: the caller runs this in a worker with a
 * time and memory budget (`worker.ts`).
 */
import ICAL from 'ical.js';
import { zonedTimeToUtc } from '../../../core/dates.ts';
import { SITE } from '../../../core/site.ts';
import { FeedError } from './feed-error.ts';

/** `[startMs, endMs)`. */
export type Interval = readonly [number, number];

export interface ParseWindow {
  fromMs: number;
  toMs: number;
}

/**
 * Steps of one recurring event from where its walk starts: more than an event every five minutes has in the
 * window; a denser one that leaves gaps is cut short (one with no gaps is read as one interval, below).
 */
const MAX_STEPS = 20_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The longest each period can last (a day or week crossing a change of time, the longest month or year). */
const LONGEST_PERIOD_MS: Record<string, number> = {
  SECONDLY: 1000,
  MINUTELY: 60 * 1000,
  HOURLY: HOUR_MS,
  DAILY: DAY_MS + HOUR_MS,
  WEEKLY: 7 * DAY_MS + HOUR_MS,
  MONTHLY: 31 * DAY_MS + HOUR_MS,
  YEARLY: 366 * DAY_MS + HOUR_MS,
};
/** Walks start this long before an occurrence could still reach the window (zone shifts, rounding). */
const WALK_MARGIN_MS = 2 * DAY_MS;
/** Intervals kept per feed. */
const MAX_INTERVALS = 20_000;

const pad = (value: number) => String(value).padStart(2, '0');

function isTimeZone(name: string | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The instant of an ical.js time; a date (all-day) is its midnight in the team's zone. */
function instant(time: ICAL.Time, tzidHint: string | undefined): number {
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return zonedTimeToUtc(date, '00:00', SITE.timeZone).getTime();
  // ical.js starts a time's zone as null (its source says so; its types do not).
  const zone = time.zone as ICAL.Timezone | null;
  if (zone === ICAL.Timezone.utcTimezone || (zone && zone !== ICAL.Timezone.localTimezone))
    return time.toUnixTime() * 1000;
  // Floating, or a TZID the feed did not define: the IANA zone it names, else the team's own.
  const named = isTimeZone(tzidHint) ? tzidHint : SITE.timeZone;
  return zonedTimeToUtc(date, `${pad(time.hour)}:${pad(time.minute)}`, named).getTime() + time.second * 1000;
}

function isFree(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transparency = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transparency === 'TRANSPARENT';
}

function uidOf(component: ICAL.Component): string {
  return String(component.getFirstPropertyValue('uid') ?? '');
}

function tzidOf(component: ICAL.Component): string | undefined {
  const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : undefined;
}

/**
 * A rule by the second, minute or hour with no other parts, no exclusions and occurrences at least as long as
 * its period covers time without a gap: its end (the UNTIL time, or `null` for never) instead of a walk of
 * every occurrence. `undefined` when the event is not such a rule.
 */
function continuousUntil(event: ICAL.Event, durationMs: number, hasExceptions: boolean): ICAL.Time | null | undefined {
  const component = event.component;
  if (hasExceptions || component.hasProperty('exdate') || component.hasProperty('rdate')) return undefined;
  const rules = component.getAllProperties('rrule').map((property) => property.getFirstValue());
  const [rule] = rules;
  if (rules.length !== 1 || !(rule instanceof ICAL.Recur) || rule.count) return undefined;
  if (!['SECONDLY', 'MINUTELY', 'HOURLY'].includes(rule.freq) || Object.keys(rule.parts).length > 0) return undefined;
  const period = (LONGEST_PERIOD_MS[rule.freq] ?? Infinity) * Math.max(1, rule.interval || 1);
  return durationMs >= period ? rule.until : undefined;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Where to start walking a recurring event so that no occurrence ending after `beforeMs` is skipped: its
 * start moved forward by whole periods of the rule (whole days, weeks, months or years keep the weekday,
 * day of month and time the rule takes from the start). A rule with COUNT is walked from its real start,
 * since its occurrences are counted from there; so is a rule whose dates would fall on a day a month lacks.
 */
function walkStart(event: ICAL.Event, startMs: number, beforeMs: number): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties('rrule').map((property) => property.getFirstValue());
  const [rule] = rules;
  if (rules.length !== 1 || !(rule instanceof ICAL.Recur) || rule.count) return start;
  const longest = LONGEST_PERIOD_MS[rule.freq];
  const interval = Math.max(1, rule.interval || 1);
  if (!longest || beforeMs <= startMs) return start;
  // Periods that surely fit in the gap (each taken at its longest): never past `beforeMs`.
  const periods = Math.floor((beforeMs - startMs) / (longest * interval)) * interval;
  if (periods <= 0) return start;
  if (rule.freq === 'MONTHLY' || rule.freq === 'YEARLY') {
    const months = rule.freq === 'MONTHLY' ? 1 : 12;
    // A start on the 31st (or 29 February) moves back a period at a time to a month that has that day.
    for (let back = 0; back < 8 && periods - back * interval > 0; back += 1) {
      const total = start.year * 12 + (start.month - 1) + (periods - back * interval) * months;
      const year = Math.floor(total / 12);
      const month = (total % 12) + 1;
      if (start.day > daysIn(year, month)) continue;
      const moved = start.clone();
      moved.year = year;
      moved.month = month;
      return moved;
    }
    return start;
  }
  const moved = start.clone();
  if (rule.freq === 'SECONDLY') moved.adjust(0, 0, 0, periods);
  else if (rule.freq === 'MINUTELY') moved.adjust(0, 0, periods, 0);
  else if (rule.freq === 'HOURLY') moved.adjust(0, periods, 0, 0);
  else moved.adjust(periods * (rule.freq === 'WEEKLY' ? 7 : 1), 0, 0, 0);
  return moved;
}

/** Merges overlapping or touching intervals, sorted. */
export function mergeIntervals(intervals: readonly Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The busy intervals of `text` that overlap `window`; throws a `parse` FeedError when it is not iCalendar. */
export function busyIntervals(text: string, window: ParseWindow): Interval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new FeedError(
      'parse',
      `no es un calendario iCalendar válido (${error instanceof Error ? error.message : 'error'})`,
    );
  }
  if (root.name !== 'vcalendar') throw new FeedError('parse', 'no es un calendario iCalendar (falta BEGIN:VCALENDAR)');
  // Each feed's own zones only: a zone of another feed must not define this one's.
  ICAL.TimezoneService.reset();
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone);
    } catch {
      // A broken VTIMEZONE: its times fall back to the IANA zone of the same name, or Mexico City.
    }
  }
  const events = root.getAllSubcomponents('vevent');
  const exceptionsByUid = new Map<string, ICAL.Component[]>();
  for (const component of events) {
    if (!component.hasProperty('recurrence-id')) continue;
    const uid = uidOf(component);
    const list = exceptionsByUid.get(uid);
    if (list) list.push(component);
    else exceptionsByUid.set(uid, [component]);
  }
  const intervals: Interval[] = [];
  const add = (start: number, end: number) => {
    if (end > start && end > window.fromMs && start < window.toMs && intervals.length < MAX_INTERVALS)
      intervals.push([start, end]);
  };

  for (const component of events) {
    if (component.hasProperty('recurrence-id')) continue; // read through its master event below
    if (!component.hasProperty('dtstart')) continue;
    const exceptions = exceptionsByUid.get(uidOf(component)) ?? [];
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions });
    const hint = tzidOf(component);
    const span = (start: ICAL.Time, end: ICAL.Time | undefined) => {
      const from = instant(start, hint);
      // No end: a timed event is an instant (busy for nothing), a date is its whole day.
      const to = end ? instant(end, hint) : start.isDate ? from + DAY_MS : from;
      return [from, to] as const;
    };
    if (!event.isRecurring()) {
      if (!isFree(component))
        add(
          ...span(
            event.startDate,
            component.hasProperty('dtend') || component.hasProperty('duration') ? event.endDate : undefined,
          ),
        );
      continue;
    }
    const [firstFrom, firstTo] = span(event.startDate, event.endDate);
    const continuous = continuousUntil(event, firstTo - firstFrom, exceptions.length > 0);
    if (continuous !== undefined) {
      if (!isFree(component))
        add(firstFrom, continuous === null ? window.toMs : instant(continuous, hint) + (firstTo - firstFrom));
      continue;
    }
    const walkFrom = walkStart(event, firstFrom, window.fromMs - (firstTo - firstFrom) - WALK_MARGIN_MS);
    const walkFromMs = instant(walkFrom, hint);
    // An occurrence from before the walk's start moved into the window is read from its own times.
    for (const exception of exceptions) {
      const recurrenceId = exception.getFirstPropertyValue('recurrence-id');
      if (!(recurrenceId instanceof ICAL.Time) || instant(recurrenceId, hint) >= walkFromMs) continue;
      if (isFree(exception) || !exception.hasProperty('dtstart')) continue;
      const moved = new ICAL.Event(exception);
      add(...span(moved.startDate, moved.endDate));
    }
    const iterator = event.iterator(walkFrom);
    for (let step = 0; step < MAX_STEPS && intervals.length < MAX_INTERVALS; step += 1) {
      // The iterator answers null once the rule ends (its source says so; its types do not).
      const next = iterator.next() as ICAL.Time | null;
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const [from, to] = span(details.startDate, details.endDate);
      if (instant(next, hint) >= window.toMs && from >= window.toMs) break;
      if (!isFree(details.item.component)) add(from, to);
    }
  }
  return mergeIntervals(intervals);
}
