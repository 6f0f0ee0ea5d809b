import { describe, expect, it } from 'vitest';
import {
  ALERT_LEVELS,
  alertLevelFor,
  isAtLeast,
  MONITORING_THRESHOLDS,
  statusFor,
  VITAL_THRESHOLDS,
  type Metric,
} from './levels.ts';

/** A step smaller than any limit's precision, so `limit ± EPSILON` sits just on either side of it. */
const EPSILON = 1e-6;

describe('monitoring thresholds', () => {
  it('are the thresholds and the four alert levels the team watches', () => {
    expect(MONITORING_THRESHOLDS.lcp).toMatchObject({ warning: 2.5, critical: 4, unit: 's' });
    expect(MONITORING_THRESHOLDS.inp).toMatchObject({ warning: 200, critical: 500, unit: 'ms' });
    expect(MONITORING_THRESHOLDS.cls).toMatchObject({ warning: 0.1, critical: 0.25 });
    expect(MONITORING_THRESHOLDS.fcp).toMatchObject({ warning: 1.8, critical: 3, unit: 's' });
    expect(MONITORING_THRESHOLDS.ttfb).toMatchObject({ warning: 0.8, critical: 1.8, unit: 's' });
    expect(MONITORING_THRESHOLDS.uptime).toMatchObject({ warning: 99.9, critical: 99.5, direction: 'below' });
    expect(ALERT_LEVELS.map((level) => level.label)).toEqual(['Info', 'Warning', 'Error', 'Critical']);
    expect(Object.keys(VITAL_THRESHOLDS)).toEqual(['lcp', 'inp', 'cls', 'fcp', 'ttfb']);
  });

  it.each(Object.keys(MONITORING_THRESHOLDS) as Metric[])(
    '%s: level and status on both sides of every edge',
    (metric) => {
      const t = MONITORING_THRESHOLDS[metric];
      // "Worse" is higher for timings and counts, lower for uptime.
      const worse = (limit: number) => (t.direction === 'above' ? limit + EPSILON : limit - EPSILON);
      const better = (limit: number) => (t.direction === 'above' ? limit - EPSILON : limit + EPSILON);

      expect(alertLevelFor(metric, t.warning)).toBe('info');
      expect(alertLevelFor(metric, worse(t.warning))).toBe(t.firstLevel);
      expect(alertLevelFor(metric, t.critical)).toBe(t.firstLevel);
      expect(alertLevelFor(metric, worse(t.critical))).toBe('critical');

      if (t.excellent !== t.warning) {
        expect(statusFor(metric, better(t.excellent))).toBe('excellent');
        expect(statusFor(metric, worse(t.excellent))).toBe('good');
      }
      expect(statusFor(metric, t.excellent)).toBe('excellent');
      expect(statusFor(metric, worse(t.warning))).toBe('needs-improvement');
      expect(statusFor(metric, t.critical)).toBe('needs-improvement');
      expect(statusFor(metric, worse(t.critical))).toBe('poor');
    },
  );

  it('judge concrete field values as the team reads them', () => {
    expect(alertLevelFor('lcp', 2.5)).toBe('info');
    expect(alertLevelFor('lcp', 2.6)).toBe('warning');
    expect(alertLevelFor('lcp', 4.1)).toBe('critical');
    expect(alertLevelFor('inp', 201)).toBe('warning');
    expect(alertLevelFor('cls', 0.3)).toBe('critical');
    expect(statusFor('cls', 0)).toBe('excellent');
    expect(statusFor('lcp', 2)).toBe('good');
    expect(alertLevelFor('failedMail', 0)).toBe('info');
    expect(alertLevelFor('failedMail', 1)).toBe('error');
    expect(alertLevelFor('apiErrorRate', 6)).toBe('critical');
  });

  it('treat uptime as worse when lower', () => {
    expect(alertLevelFor('uptime', 99.95)).toBe('info');
    expect(alertLevelFor('uptime', 99.7)).toBe('warning');
    expect(alertLevelFor('uptime', 99.2)).toBe('critical');
    expect(statusFor('uptime', 100)).toBe('excellent');
    expect(statusFor('uptime', 99.95)).toBe('good');
  });

  it('orders the levels from Info to Critical', () => {
    expect(isAtLeast('critical', 'warning')).toBe(true);
    expect(isAtLeast('error', 'warning')).toBe(true);
    expect(isAtLeast('info', 'warning')).toBe(false);
    expect(isAtLeast('warning', 'warning')).toBe(true);
  });
});
