/**
 * The visit's origin, read when a form is sent, cleaned, for the `X-Lead-Attribution` header (./record.ts
 * writes it on the visit's first page). No cookie, nothing sent anywhere else.
 */
import { ATTRIBUTION_HEADER, attributionHeaderValue } from '../../../core/attribution.ts';
import { ATTRIBUTION_STORAGE_KEY } from '../../../core/visit-origin.ts';

/** The header that carries the visit's origin with a submission, or none. */
export function attributionHeaders(): Record<string, string> {
  let stored: unknown;
  try {
    // Reading storage may throw where the visitor blocked it: then there is simply no origin to send.
    stored = JSON.parse(window.sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY) ?? 'null');
  } catch {
    return {};
  }
  const value = attributionHeaderValue(stored);
  return value === undefined ? {} : { [ATTRIBUTION_HEADER]: value };
}
