/**
 * The visit's origin in the browser: written once, on the first page of a visit (first touch), to
 * `sessionStorage`, which the browser forgets with the tab; read when a form is sent, for the
 * `X-Lead-Attribution` header. No cookie, nothing sent anywhere else. Storage may be unavailable (private
 * modes, blocked by the visitor): then nothing is recorded and the forms send no header.
 */
import { ATTRIBUTION_HEADER, attributionHeaderValue, visitAttribution } from '../../../core/attribution.ts';

/** The key in `sessionStorage`, as the privacy notice (content/privacy.yaml) names it. */
export const ATTRIBUTION_STORAGE_KEY = 'angram:visit-origin';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Records this page as the visit's origin unless an earlier page of the visit already did. */
export function recordVisitOrigin(): void {
  const store = storage();
  if (!store) return;
  try {
    if (store.getItem(ATTRIBUTION_STORAGE_KEY) !== null) return;
    const origin = visitAttribution(window.location.href, document.referrer);
    // Recorded even when empty: a later page of the same visit must not pass for its first.
    store.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(origin ?? {}));
  } catch {
    // Full or refused storage: the visit simply has no recorded origin.
  }
}

/** The header that carries the visit's origin with a submission, or none. */
export function attributionHeaders(): Record<string, string> {
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(ATTRIBUTION_STORAGE_KEY) ?? 'null');
  } catch {
    return {};
  }
  const value = attributionHeaderValue(stored);
  return value === undefined ? {} : { [ATTRIBUTION_HEADER]: value };
}
