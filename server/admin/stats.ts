/**
 * The dashboard's numbers, pure: leads per Mexico City week (Monday to Sunday) by kind of form, the
 * pipeline by current status, the funnel of milestones reached (contacted, proposal, won), conversion
 * and the median time from a lead arriving to its first contact.
 */
import { addDays, parseDate, todayInMexicoCity, weekdayOf, zonedTimeToUtc } from '../../core/dates.ts';
import { LEAD_KIND_IDS, type LeadKind } from '../../core/forms/kinds.ts';
import { CONTACTED_STATUSES, isLeadStatus, LEAD_STATUSES, type LeadStatus } from './lifecycle.ts';

export interface DashboardRow {
  receivedAt: string;
  kind: LeadKind;
  status: string;
  /** First change to contactado or later, ISO time, or null. */
  firstContactAt: string | null;
  /** First change to propuesta, or null. */
  proposalAt: string | null;
}

export interface WeekCount {
  /** Monday, `YYYY-MM-DD`. */
  start: string;
  counts: Record<LeadKind, number>;
  total: number;
}

export interface Dashboard {
  weeks: WeekCount[];
  /** Leads of the period by their status now. */
  pipeline: Record<LeadStatus, number>;
  funnel: { received: number; contacted: number; proposal: number; won: number };
  /** Won over received, 0-1; undefined without leads. */
  conversion: number | undefined;
  /** Won over closed (won + lost), 0-1; undefined when nothing closed. */
  winRate: number | undefined;
  /** Median milliseconds from arrival to first contact, over the contacted leads of the period. */
  medianFirstContactMs: number | undefined;
}

export const DASHBOARD_WEEK_CHOICES = [4, 12, 26, 52] as const;
export const DEFAULT_DASHBOARD_WEEKS = 12;

/** Monday of the week holding `date`. */
export function weekStart(date: string): string {
  const parsed = parseDate(date);
  if (!parsed) throw new RangeError(`Fecha inválida: ${date}`);
  return addDays(date, -((weekdayOf(parsed) + 6) % 7));
}

/** The Mondays of the last `count` weeks, oldest first, this week included. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = weekStart(todayInMexicoCity(now));
  return Array.from({ length: count }, (_, index) => addDays(current, -7 * (count - 1 - index)));
}

export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Index of the last bound at or before `at` (-1 when before the first), by bisection. */
function weekIndex(bounds: readonly number[], at: number): number {
  let low = 0;
  let high = bounds.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((bounds[middle] ?? Infinity) <= at) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

const emptyKinds = (): Record<LeadKind, number> =>
  Object.fromEntries(LEAD_KIND_IDS.map((kind) => [kind, 0])) as Record<LeadKind, number>;

/** Everything the dashboard shows, from the leads received since the first of `weeks`. */
export function buildDashboard(rows: Iterable<DashboardRow>, weeks: readonly string[]): Dashboard {
  const counted = weeks.map((start) => ({ start, counts: emptyKinds(), total: 0 }));
  // Each week's first instant, and the end of the last one: a lead's week is found by comparing
  // instants, without converting every lead's time to Mexico City (Intl is slow on thousands of rows).
  const bounds = weeks.map((start) => zonedTimeToUtc(start, '00:00').getTime());
  const last = weeks.at(-1);
  const end = last === undefined ? -Infinity : zonedTimeToUtc(addDays(last, 7), '00:00').getTime();
  const pipeline = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
  const funnel = { received: 0, contacted: 0, proposal: 0, won: 0 };
  const waits: number[] = [];
  for (const row of rows) {
    const received = new Date(row.receivedAt);
    const at = received.getTime();
    if (Number.isNaN(at)) continue;
    const week = at < end ? counted[weekIndex(bounds, at)] : undefined;
    if (week) {
      week.counts[row.kind] += 1;
      week.total += 1;
    }
    const status: LeadStatus = isLeadStatus(row.status) ? row.status : 'nuevo';
    pipeline[status] += 1;
    funnel.received += 1;
    // Each stage includes the later ones, so the funnel never widens (a deal won straight after a call counts as proposed).
    if (row.firstContactAt || CONTACTED_STATUSES.has(status)) funnel.contacted += 1;
    if (row.proposalAt || status === 'ganado') funnel.proposal += 1;
    if (status === 'ganado') funnel.won += 1;
    if (row.firstContactAt) {
      const wait = new Date(row.firstContactAt).getTime() - received.getTime();
      // In whole minutes, as the dashboard shows it (and as its summary keeps it).
      if (Number.isFinite(wait)) waits.push(Math.round(Math.max(0, wait) / 60_000) * 60_000);
    }
  }
  const closed = pipeline.ganado + pipeline.perdido;
  return {
    weeks: counted,
    pipeline,
    funnel,
    conversion: funnel.received ? funnel.won / funnel.received : undefined,
    winRate: closed ? pipeline.ganado / closed : undefined,
    medianFirstContactMs: median(waits),
  };
}

const percent = new Intl.NumberFormat('es-MX', { style: 'percent', maximumFractionDigits: 1 });

/** "12.5 %" as es-MX writes it, or "—" when there is nothing to divide. */
export function formatRate(rate: number | undefined): string {
  return rate === undefined ? '—' : percent.format(rate);
}

/** "45 min", "3 h 20 min", "2 días 4 h": a wait as a person says it. */
export function formatElapsed(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '—';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} ${days === 1 ? 'día' : 'días'}${rest ? ` ${rest} h` : ''}`;
}
