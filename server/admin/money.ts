/**
 * The dashboard's money, pure: what the open pipeline is worth by status, the value won per Mexico City
 * month (by the day a lead moved to ganado), and the win rate by count and by value of the closed deals.
 */
import { todayInMexicoCity } from '../../core/dates.ts';
import { LEAD_STATUSES, type LeadStatus } from './lifecycle.ts';

export interface StatusValue {
  status: LeadStatus;
  /** Leads of that status with a value. */
  deals: number;
  /** Whole pesos. */
  valueMxn: number;
}

/** Deals won at about the same time (one or more). */
export interface WonDeal {
  deals: number;
  /** Their values' sum. */
  valueMxn: number | null;
  /** An instant of the hour or day they moved to ganado (ISO), or null when nothing says. */
  wonAt: string | null;
}

export interface ClosedDeals {
  status: 'ganado' | 'perdido';
  count: number;
  valueMxn: number;
}

export interface MonthValue {
  /** `YYYY-MM`. */
  month: string;
  deals: number;
  valueMxn: number;
}

export interface Money {
  byStatus: StatusValue[];
  /** nuevo, contactado and propuesta together. */
  openValueMxn: number;
  wonByMonth: MonthValue[];
  /** Won over closed, 0-1, by count and by value; undefined when nothing (or nothing with a value) closed. */
  winRate: { byCount: number | undefined; byValue: number | undefined };
}

const OPEN: ReadonlySet<LeadStatus> = new Set(['nuevo', 'contactado', 'propuesta']);

/** Every `YYYY-MM` from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    if (months.length > 240) break;
  }
  return months;
}

export function buildMoney(
  input: { byStatus: readonly StatusValue[]; won: readonly WonDeal[]; closed: readonly ClosedDeals[] },
  months: readonly string[],
): Money {
  const byStatus = LEAD_STATUSES.map(
    (status) => input.byStatus.find((row) => row.status === status) ?? { status, deals: 0, valueMxn: 0 },
  );
  const wonByMonth = months.map((month) => ({ month, deals: 0, valueMxn: 0 }));
  const monthIndex = new Map(months.map((month, index) => [month, index]));
  for (const deal of input.won) {
    if (!deal.wonAt) continue;
    const at = new Date(deal.wonAt);
    if (Number.isNaN(at.getTime())) continue;
    const index = monthIndex.get(todayInMexicoCity(at).slice(0, 7));
    const target = index === undefined ? undefined : wonByMonth[index];
    if (!target) continue;
    target.deals += deal.deals;
    target.valueMxn += deal.valueMxn ?? 0;
  }
  const won = input.closed.find((row) => row.status === 'ganado') ?? { count: 0, valueMxn: 0 };
  const lost = input.closed.find((row) => row.status === 'perdido') ?? { count: 0, valueMxn: 0 };
  const closedCount = won.count + lost.count;
  const closedValue = won.valueMxn + lost.valueMxn;
  return {
    byStatus,
    openValueMxn: byStatus.filter((row) => OPEN.has(row.status)).reduce((sum, row) => sum + row.valueMxn, 0),
    wonByMonth,
    winRate: {
      byCount: closedCount ? won.count / closedCount : undefined,
      byValue: closedValue ? won.valueMxn / closedValue : undefined,
    },
  };
}
