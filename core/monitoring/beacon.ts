/**
 * What a page's measurement beacon carries, shared by the page's script (which builds it) and the API
 * (which checks it): the page's path, the vitals measured so far, the connection type when the browser
 * tells it, whether this beacon is the page's view, and the visit's source and campaign. No identifier of
 * the visitor or the visit: two beacons of one person cannot be told apart from two people's.
 */
import type { Vital } from './levels.ts';

export const VITALS_PATH = '/api/vitals';

/** Largest beacon body accepted, in bytes (a full one is about 300). */
export const BEACON_MAX_BYTES = 2048;

/** Connection types the Network Information API reports; anything else is kept as `unknown`. */
export const CONNECTION_TYPES = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

export interface Beacon {
  /** The page's path (`location.pathname`). */
  page: string;
  /** Vitals measured since the last beacon of this page, in the browser's units. */
  vitals: Partial<Record<Vital, number>>;
  connection?: ConnectionType;
  /** Present on the first beacon of a page load only: the view it counts. */
  view?: { source?: string; campaign?: string };
  /** The sampling rate the page ran with (0 < rate ≤ 1): a view counts as 1/rate views. */
  rate: number;
}
