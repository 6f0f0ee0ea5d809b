/**
 * Measures the page's Web Vitals with `web-vitals` (its build without attribution: the smallest) and sends
 * what was measured with `navigator.sendBeacon` when the page is hidden (the last moment a page is sure to
 * get; unload may never come on a phone). The first beacon of a page load also counts its view, with the
 * source and campaign of the visit that the forms' attribution already recorded. Nothing is written to the
 * browser and nothing identifies the visitor (core/monitoring/beacon.ts says what a beacon holds).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { CONNECTION_TYPES, VITALS_PATH, type Beacon, type ConnectionType } from '../../../core/monitoring/beacon.ts';
import type { Vital } from '../../../core/monitoring/levels.ts';
import { ATTRIBUTION_STORAGE_KEY } from '../../../core/visit-origin.ts';

const NAMES: Readonly<Record<Metric['name'], Vital>> = {
  CLS: 'cls',
  FCP: 'fcp',
  INP: 'inp',
  LCP: 'lcp',
  TTFB: 'ttfb',
};

function connectionType(): ConnectionType | undefined {
  const type = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType;
  return CONNECTION_TYPES.find((known) => known === type);
}

/** Where the visit came from, as its first page recorded it (src/lib/attribution/record.ts); read only. */
function visitOrigin(): NonNullable<Beacon['view']> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? '{}') as Record<
      string,
      unknown
    >;
    const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 150) : undefined);
    const referrerHost = (() => {
      const referrer = text(stored.referrer);
      return referrer && URL.canParse(referrer) ? new URL(referrer).hostname : undefined;
    })();
    const source = text(stored.utm_source) ?? referrerHost;
    const campaign = text(stored.utm_campaign);
    return { ...(source ? { source } : {}), ...(campaign ? { campaign } : {}) };
  } catch {
    return {};
  }
}

export function reportVitals(rate: number): void {
  let measured: Beacon['vitals'] = {};
  let viewSent = false;
  const take = (metric: Metric) => {
    measured[NAMES[metric.name]] = metric.value;
  };
  onLCP(take);
  onINP(take);
  onCLS(take);
  onFCP(take);
  onTTFB(take);

  const send = (event: Event) => {
    // Leaving the page (pagehide) sends whatever the visibility says; otherwise only on becoming hidden.
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    if (viewSent && Object.keys(measured).length === 0) return;
    const beacon: Beacon = { page: window.location.pathname, vitals: measured, rate };
    const connection = connectionType();
    if (connection) beacon.connection = connection;
    if (!viewSent) beacon.view = visitOrigin();
    if (navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon))) {
      measured = {};
      viewSent = true;
    }
  };
  // Registered after web-vitals' own listeners, so the values it reports on hiding are in this beacon.
  document.addEventListener('visibilitychange', send);
  window.addEventListener('pagehide', send);
}
