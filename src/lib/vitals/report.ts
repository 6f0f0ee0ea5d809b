/**
 * Measures the page's Web Vitals with `web-vitals` (its build without attribution: the smallest) into the
 * record ./beacon.ts sends. Loaded late, so it is no part of a page's first load: the browser keeps the
 * entries it needs (LCP, layout shifts, paints, navigation timing) and web-vitals reads them back.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { Vital } from '../../../core/monitoring/levels.ts';

const NAMES: Readonly<Record<Metric['name'], Vital>> = { CLS: 'cls', FCP: 'fcp', INP: 'inp', LCP: 'lcp', TTFB: 'ttfb' };

export function measureVitals(into: Map<Vital, number>): void {
  const take = (metric: Metric) => {
    into.set(NAMES[metric.name], metric.value);
  };
  onLCP(take);
  onINP(take);
  onCLS(take);
  onFCP(take);
  onTTFB(take);
}
