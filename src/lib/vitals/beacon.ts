/**
 * The page's beacon, sent with `navigator.sendBeacon` when the page is hidden or left (the last moment a
 * page is sure to get; unload may never come on a phone): the vitals measured so far, and on the first one
 * of a page load its view, with the source and campaign of the visit that the forms' attribution already
 * recorded. Part of every page's first load, so it stays small; the measuring (./report.ts) comes later.
 * Nothing is written to the browser and nothing identifies the visitor (core/monitoring/beacon.ts).
 */
import { CONNECTION_TYPES, VITALS_PATH, type Beacon, type ConnectionType } from '../../../core/monitoring/beacon.ts';
import type { Vital } from '../../../core/monitoring/levels.ts';
import { ATTRIBUTION_STORAGE_KEY } from '../../../core/visit-origin.ts';

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
    const referrer = text(stored.referrer);
    const source =
      text(stored.utm_source) ?? (referrer && URL.canParse(referrer) ? new URL(referrer).hostname : undefined);
    const campaign = text(stored.utm_campaign);
    return { ...(source ? { source } : {}), ...(campaign ? { campaign } : {}) };
  } catch {
    return {};
  }
}

/** Starts listening for the page going away; returns the record the measuring fills. */
export function startBeacon(rate: number): Map<Vital, number> {
  const measured = new Map<Vital, number>();
  let viewSent = false;
  const send = (event: Event) => {
    // Leaving the page (pagehide) sends whatever the visibility says; otherwise only on becoming hidden.
    if (event.type === 'visibilitychange' && document.visibilityState !== 'hidden') return;
    if (viewSent && measured.size === 0) return;
    const beacon: Beacon = { page: window.location.pathname, vitals: Object.fromEntries(measured), rate };
    const connection = connectionType();
    if (connection) beacon.connection = connection;
    if (!viewSent) beacon.view = visitOrigin();
    if (navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon))) {
      measured.clear();
      viewSent = true;
    }
  };
  document.addEventListener('visibilitychange', send);
  window.addEventListener('pagehide', send);
  return measured;
}
