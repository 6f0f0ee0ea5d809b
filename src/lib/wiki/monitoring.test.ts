import { describe, expect, it } from 'vitest';
import { ALERT_LEVELS, alertLevelFor, MONITORING_THRESHOLDS } from './monitoring.ts';

describe('monitoring thresholds', () => {
  it('are the thresholds and the four alert levels the team watches', () => {
    expect(MONITORING_THRESHOLDS.lcp).toMatchObject({ warning: 2.5, critical: 4, unit: 's' });
    expect(MONITORING_THRESHOLDS.fid).toMatchObject({ warning: 100, critical: 300, unit: 'ms' });
    expect(MONITORING_THRESHOLDS.cls).toMatchObject({ warning: 0.1, critical: 0.25 });
    expect(MONITORING_THRESHOLDS.uptime).toMatchObject({ warning: 99.9, critical: 99.5, direction: 'below' });
    expect(ALERT_LEVELS.map((level) => level.label)).toEqual(['Info', 'Warning', 'Error', 'Critical']);
  });

  it('raise warning past the first limit and critical past the second', () => {
    expect(alertLevelFor('lcp', 2.5)).toBe('info');
    expect(alertLevelFor('lcp', 2.6)).toBe('warning');
    expect(alertLevelFor('lcp', 4.1)).toBe('critical');
    expect(alertLevelFor('fid', 150)).toBe('warning');
    expect(alertLevelFor('cls', 0.3)).toBe('critical');
    expect(alertLevelFor('cls', 0)).toBe('info');
  });

  it('treat uptime as worse when lower', () => {
    expect(alertLevelFor('uptime', 99.95)).toBe('info');
    expect(alertLevelFor('uptime', 99.7)).toBe('warning');
    expect(alertLevelFor('uptime', 99.2)).toBe('critical');
  });
});
