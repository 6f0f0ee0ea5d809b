/**
 * An iCalendar feed (RFC 5545) read as busy intervals, with Mozilla's ical.js: timed events, all-day events
 * and recurring ones (RRULE, RDATE, EXDATE, and occurrences moved or cancelled by a RECURRENCE-ID), each
 * time in its own zone: a VTIMEZONE of the feed, an IANA TZID without one, UTC, or (floating times and
 * all-day dates) the team's zone, Mexico City. Cancelled and transparent ("free") events are not busy.
 * Only start and end come out: no title, no attendee.
 */
import ICAL from 'ical.js';
import { zonedTimeToUtc } from '../../../core/dates.ts';
import { SITE } from '../../../core/site.ts';

/** `[startMs, endMs)`. */
export type Interval = readonly [number, number];

export interface ParseWindow {
  fromMs: number;
  toMs: number;
}

/** Occurrences looked at per recurring event: a rule that would expand forever stops here. */
const MAX_OCCURRENCES = 5000;
/** Intervals kept per feed. */
const MAX_INTERVALS = 20_000;

export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

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

/** The busy intervals of `text` that overlap `window`; throws `FeedParseError` when it is not iCalendar. */
export function busyIntervals(text: string, window: ParseWindow): Interval[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new FeedParseError(
      `no es un calendario iCalendar válido (${error instanceof Error ? error.message : 'error'})`,
    );
  }
  if (root.name !== 'vcalendar') throw new FeedParseError('no es un calendario iCalendar (falta BEGIN:VCALENDAR)');
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
  const intervals: Interval[] = [];
  const add = (start: number, end: number) => {
    if (end > start && end > window.fromMs && start < window.toMs && intervals.length < MAX_INTERVALS)
      intervals.push([start, end]);
  };

  for (const component of events) {
    if (component.hasProperty('recurrence-id')) continue; // read through its master event below
    const uid = String(component.getFirstPropertyValue('uid') ?? '');
    const exceptions = events.filter(
      (other) => other.hasProperty('recurrence-id') && String(other.getFirstPropertyValue('uid') ?? '') === uid,
    );
    const event = new ICAL.Event(component, { strictExceptions: true, exceptions });
    if (!component.hasProperty('dtstart')) continue;
    const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
    const hint = typeof tzid === 'string' ? tzid : undefined;
    const span = (start: ICAL.Time, end: ICAL.Time | undefined) => {
      const from = instant(start, hint);
      // No end: a timed event is an instant (busy for nothing), a date is its whole day.
      const to = end ? instant(end, hint) : start.isDate ? from + 24 * 60 * 60 * 1000 : from;
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
    const iterator = event.iterator();
    for (let count = 0; count < MAX_OCCURRENCES; count += 1) {
      // The iterator answers null once the rule ends (its source says so; its types do not).
      const next = iterator.next() as ICAL.Time | null;
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const [from, to] = span(details.startDate, details.endDate);
      if (from >= window.toMs) break;
      if (!isFree(details.item.component)) add(from, to);
    }
  }
  return mergeIntervals(intervals);
}
