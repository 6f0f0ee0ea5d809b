/**
 * The uptime check: every `intervalMs` one instance (whichever claims the period, server/jobs/periodic.ts)
 * requests each target and records its status and latency; a target is down when it does not answer a
 * 2xx or 3xx within `timeoutMs`. Uptime over a window is the share of checks that found their target up.
 */
import type { Queryable } from '../db/storage.ts';
import { errorMessage } from '../log/logger.ts';

export interface CheckResult {
  target: string;
  ok: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

export async function checkTarget(target: string, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  try {
    const response = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    const latencyMs = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 400;
    return { target, ok, status: response.status, latencyMs, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    return {
      target,
      ok: false,
      status: null,
      latencyMs: Math.round(performance.now() - started),
      error: errorMessage(error).slice(0, 300),
    };
  }
}

export async function recordChecks(db: Queryable, results: readonly CheckResult[], at: Date): Promise<void> {
  for (const result of results)
    await db.run(
      'INSERT INTO uptime_checks (checked_at, target, ok, status, latency_ms, error) VALUES ($1, $2, $3, $4, $5, $6)',
      [at.toISOString(), result.target, result.ok ? 1 : 0, result.status, result.latencyMs, result.error],
    );
}

export interface UptimeWindow {
  label: string;
  hours: number;
}

export const UPTIME_WINDOWS: readonly UptimeWindow[] = [
  { label: '24 horas', hours: 24 },
  { label: '7 días', hours: 7 * 24 },
  { label: '30 días', hours: 30 * 24 },
];

/** Percentage of checks since `hours` ago that found their target up; `undefined` with no checks. */
export async function uptimeOver(db: Queryable, hours: number, now: Date): Promise<number | undefined> {
  const since = new Date(now.getTime() - hours * 3_600_000).toISOString();
  const row = await db.get<{ total: number; up: number | null }>(
    'SELECT count(*) AS total, sum(ok) AS up FROM uptime_checks WHERE checked_at >= $1',
    [since],
  );
  const total = row?.total ?? 0;
  return total === 0 ? undefined : ((row?.up ?? 0) / total) * 100;
}

/** The most recent check of each target. */
export async function latestChecks(db: Queryable): Promise<CheckResult[]> {
  const rows = await db.all<{
    target: string;
    ok: number;
    status: number | null;
    latency_ms: number;
    error: string | null;
  }>(
    `SELECT c.target, c.ok, c.status, c.latency_ms, c.error FROM uptime_checks c
     WHERE c.id = (SELECT max(id) FROM uptime_checks WHERE target = c.target) ORDER BY c.target`,
  );
  return rows.map((row) => ({
    target: row.target,
    ok: row.ok === 1,
    status: row.status,
    latencyMs: row.latency_ms,
    error: row.error,
  }));
}
