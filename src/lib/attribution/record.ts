/**
 * The visit's origin in the browser: written once, on the first page of a visit (first touch), to
 * `sessionStorage`, which the browser forgets with the tab. Every page runs this, so it carries no cleaning
 * code: ./visit.ts cleans what is stored when a form sends it. Storage may be unavailable (private modes,
 * blocked by the visitor): then nothing is recorded and the forms send no header.
 */
import { ATTRIBUTION_STORAGE_KEY, visitAttribution } from '../../../core/visit-origin.ts';

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
