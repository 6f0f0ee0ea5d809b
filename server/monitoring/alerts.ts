/**
 * Alerts by level, from the thresholds of core/monitoring/levels.ts. Each look reads every signal (the
 * field p75 of each page type and vital, each uptime target, the 30-day uptime, the outbox backlog, failed
 * e-mails, the API's 5xx rate) and compares it with the alerts open in `monitoring_alerts`: a signal at
 * Warning or worse with no open alert opens one and e-mails once; an open alert whose signal is back under
 * Warning closes and e-mails once; a level that moves while open is only updated. Opening and its e-mail
 * are one transaction, and the table holds at most one open alert per signal, so two instances looking at
 * once still send one e-mail.
 */
import { addDays, todayInMexicoCity } from '../../core/dates.ts';
import { alertLevelFor, isAtLeast, VITAL_THRESHOLDS, VITALS, type AlertLevel } from '../../core/monitoring/levels.ts';
import { failedSince, pendingSince } from '../db/outbox-queries.ts';
import { createOutboxStore } from '../db/outbox.ts';
import type { Storage, Queryable } from '../db/storage.ts';
import type { MonitoringConfig } from './settings.ts';
import { loadPools, poolKey, summarise } from './field-stats.ts';
import { PAGE_TYPE_LABELS, PAGE_TYPES } from './page-types.ts';
import { latestChecks, uptimeOver } from './uptime.ts';
import { alertMessage, type AlertMailSettings } from './alert-mail.ts';

export interface SignalReading {
  /** Stable name of what is measured (`vital:lcp:forms`, `down:https://…`). */
  signal: string;
  level: AlertLevel;
  /** What was read, in words for the e-mail and the page. */
  detail: string;
}

/** Days of field data an alert looks at: enough visits to be sure, recent enough to notice. */
const FIELD_WINDOW_DAYS = 7;
const BACKLOG_AGE_MS = 15 * 60_000;
const ERROR_RATE_WINDOW_MS = 15 * 60_000;
/** Fewer API answers than this in the window say nothing about a rate. */
const ERROR_RATE_MIN_RESPONSES = 20;

const formatNumber = (value: number, digits = 2) =>
  value.toLocaleString('es-MX', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export async function readSignals(db: Queryable, config: MonitoringConfig, now: Date): Promise<SignalReading[]> {
  const readings: SignalReading[] = [];
  const today = todayInMexicoCity(now);
  const pools = await loadPools(db, addDays(today, -(FIELD_WINDOW_DAYS - 1)), today);
  for (const type of PAGE_TYPES)
    for (const vital of VITALS) {
      const summary = summarise(pools.get(poolKey(type, 'all', vital)), vital, config.vitalsMinSamples);
      if (summary.status === undefined || summary.p75 === undefined) continue;
      const threshold = VITAL_THRESHOLDS[vital];
      readings.push({
        signal: `vital:${vital}:${type}`,
        level: alertLevelFor(vital, summary.p75),
        detail: `p75 de ${threshold.label} en ${PAGE_TYPE_LABELS[type]}: ${formatNumber(summary.p75, vital === 'cls' ? 3 : 2)}${threshold.unit ? ` ${threshold.unit}` : ''} (${summary.samples} mediciones, ${FIELD_WINDOW_DAYS} días)`,
      });
    }

  for (const check of await latestChecks(db))
    readings.push({
      signal: `down:${check.target}`,
      level: check.ok ? 'info' : 'critical',
      detail: check.ok
        ? `${check.target} responde ${check.status ?? ''} en ${check.latencyMs} ms`
        : `${check.target} no responde: ${check.error ?? 'sin respuesta'}`,
    });
  const uptime = await uptimeOver(db, 30 * 24, now);
  if (uptime !== undefined)
    readings.push({
      signal: 'uptime',
      level: alertLevelFor('uptime', uptime),
      detail: `Disponibilidad de 30 días: ${formatNumber(uptime, 3)} %`,
    });

  const waiting = await pendingSince(db, new Date(now.getTime() - BACKLOG_AGE_MS).toISOString());
  readings.push({
    signal: 'outbox-backlog',
    level: alertLevelFor('outboxBacklog', waiting),
    detail: `${waiting} correos en cola desde hace más de 15 minutos`,
  });
  const failedCount = await failedSince(db, new Date(now.getTime() - 24 * 3_600_000).toISOString());
  readings.push({
    signal: 'failed-mail',
    level: alertLevelFor('failedMail', failedCount),
    detail: `${failedCount} correos fallidos en las últimas 24 horas`,
  });
  const answers = await db.get<{ total: number | null; errors: number | null }>(
    'SELECT sum(total) AS total, sum(errors) AS errors FROM api_responses WHERE minute >= $1',
    [new Date(now.getTime() - ERROR_RATE_WINDOW_MS).toISOString().slice(0, 16)],
  );
  const total = answers?.total ?? 0;
  const errors = answers?.errors ?? 0;
  const rate = total >= ERROR_RATE_MIN_RESPONSES ? (errors / total) * 100 : 0;
  readings.push({
    signal: 'api-5xx',
    level: alertLevelFor('apiErrorRate', rate),
    detail: `${formatNumber(rate)} % de respuestas 5xx de la API (${errors} de ${total} en 15 minutos)`,
  });
  return readings;
}

interface OpenAlert {
  id: number;
  signal: string;
  level: AlertLevel;
}

/** Who the alert e-mails go to: `ALERT_EMAIL`, or every active admin account. */
async function recipients(db: Queryable, config: MonitoringConfig): Promise<string[]> {
  if (config.alertEmail) return [config.alertEmail];
  const rows = await db.all<{ email: string }>(
    "SELECT email FROM inbox_users WHERE role = 'admin' AND active = 1 ORDER BY id",
  );
  return rows.map((row) => row.email);
}

export interface AlertChanges {
  opened: string[];
  closed: string[];
}

export async function applyReadings(
  storage: Storage,
  readings: readonly SignalReading[],
  config: MonitoringConfig,
  mail: AlertMailSettings,
  now: Date,
): Promise<AlertChanges> {
  const changes: AlertChanges = { opened: [], closed: [] };
  const at = now.toISOString();
  for (const reading of readings) {
    await storage.transaction(async (tx) => {
      await tx.lock(`alert:${reading.signal}`);
      const open = await tx.get<OpenAlert>(
        'SELECT id, signal, level FROM monitoring_alerts WHERE signal = $1 AND closed_at IS NULL',
        [reading.signal],
      );
      const serious = isAtLeast(reading.level, 'warning');
      if (!open && !serious) return;
      if (open && serious) {
        if (open.level !== reading.level)
          await tx.run('UPDATE monitoring_alerts SET level = $1, detail = $2 WHERE id = $3', [
            reading.level,
            reading.detail,
            open.id,
          ]);
        return;
      }
      const outbox = createOutboxStore(tx);
      const kind = open ? 'recovered' : 'opened';
      if (open) {
        await tx.run('UPDATE monitoring_alerts SET closed_at = $1 WHERE id = $2', [at, open.id]);
        changes.closed.push(reading.signal);
      } else {
        await tx.run(
          'INSERT INTO monitoring_alerts (signal, level, detail, opened_at, closed_at) VALUES ($1, $2, $3, $4, NULL)',
          [reading.signal, reading.level, reading.detail, at],
        );
        changes.opened.push(reading.signal);
      }
      const level = open ? open.level : reading.level;
      for (const to of await recipients(tx, config))
        await outbox.enqueue({
          leadId: null,
          ...alertMessage({ kind, level, detail: reading.detail, to, at: now }, mail),
          now: at,
        });
    });
  }
  return changes;
}
