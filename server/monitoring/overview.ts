/**
 * Everything /admin/monitoring shows, read in one place: per page type and device the p75 of each vital
 * with its status and sample count (last 28 days), the chosen page type's daily p75 over 30 days, uptime
 * over 24 hours, 7 and 30 days with each target's last check, and the alerts (open, then the latest past).
 */
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import { VITALS, type AlertLevel, type Vital } from '../../core/monitoring/levels.ts';
import type { Queryable } from '../db/storage.ts';
import { dailyP75, loadPools, poolKey, summarise, type DeviceOrAll, type VitalSummary } from './field-stats.ts';
import { PAGE_TYPES, type PageType } from './page-types.ts';
import { latestChecks, UPTIME_WINDOWS, uptimeOver, type CheckResult } from './uptime.ts';

export const OVERVIEW_DEVICES: readonly DeviceOrAll[] = ['all', 'phone', 'tablet', 'desktop'];
/** The table's window: four whole weeks, so weekdays and weekends weigh the same. */
export const FIELD_DAYS = 28;
export const TREND_DAYS = 30;

export interface AlertRow {
  signal: string;
  level: AlertLevel;
  detail: string;
  openedAt: string;
  closedAt: string | null;
}

export interface MonitoringOverview {
  fromDay: string;
  toDay: string;
  minSamples: number;
  field: Array<{ type: PageType; device: DeviceOrAll; vitals: Record<Vital, VitalSummary> }>;
  trendType: PageType;
  trends: Record<Vital, Array<{ day: string; p75: number; samples: number }>>;
  uptime: Array<{ label: string; percent: number | undefined }>;
  checks: CheckResult[];
  openAlerts: AlertRow[];
  pastAlerts: AlertRow[];
}

interface AlertDbRow {
  signal: string;
  level: AlertLevel;
  detail: string;
  opened_at: string;
  closed_at: string | null;
}

const alertRow = (row: AlertDbRow): AlertRow => ({
  signal: row.signal,
  level: row.level,
  detail: row.detail,
  openedAt: row.opened_at,
  closedAt: row.closed_at,
});

export async function monitoringOverview(
  db: Queryable,
  minSamples: number,
  trendType: PageType,
  now: Date,
): Promise<MonitoringOverview> {
  const toDay = todayInMexicoCity(now);
  const fromDay = addDays(toDay, -(FIELD_DAYS - 1));
  const pools = await loadPools(db, fromDay, toDay);
  const field: MonitoringOverview['field'] = [];
  for (const type of PAGE_TYPES)
    for (const device of OVERVIEW_DEVICES) {
      const vitals = Object.fromEntries(
        VITALS.map((vital) => [vital, summarise(pools.get(poolKey(type, device, vital)), vital, minSamples)]),
      ) as Record<Vital, VitalSummary>;
      if (VITALS.some((vital) => vitals[vital].samples > 0)) field.push({ type, device, vitals });
    }
  const trendFrom = addDays(toDay, -(TREND_DAYS - 1));
  const trendEntries = await Promise.all(
    VITALS.map(async (vital) => [vital, await dailyP75(db, vital, trendType, trendFrom, toDay)] as const),
  );
  const uptime = await Promise.all(
    UPTIME_WINDOWS.map(async (window) => ({ label: window.label, percent: await uptimeOver(db, window.hours, now) })),
  );
  const open = await db.all<AlertDbRow>(
    'SELECT signal, level, detail, opened_at, closed_at FROM monitoring_alerts WHERE closed_at IS NULL ORDER BY opened_at DESC',
  );
  const past = await db.all<AlertDbRow>(
    'SELECT signal, level, detail, opened_at, closed_at FROM monitoring_alerts WHERE closed_at IS NOT NULL ORDER BY closed_at DESC LIMIT 20',
  );
  return {
    fromDay,
    toDay,
    minSamples,
    field,
    trendType,
    trends: Object.fromEntries(trendEntries) as MonitoringOverview['trends'],
    uptime,
    checks: await latestChecks(db),
    openAlerts: open.map(alertRow),
    pastAlerts: past.map(alertRow),
  };
}
