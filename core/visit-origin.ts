/**
 * The visit's origin as its first page sees it, recorded by a small script on every page. Kept apart from
 * ./attribution.ts (which imports from here, never the reverse) so that script carries no cleaning code.
 * What it records is cleaned (known keys, capped, no control characters) when a form sends it, by
 * `attributionHeaderValue`, and again by the API.
 */
import type { Attribution } from './attribution.ts';

/** The campaign parameters a link may carry (`utm_*`), in the order the inbox shows them. */
export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** The key in the browser's `sessionStorage`, as the privacy notice (content/privacy.yaml) names it. */
export const ATTRIBUTION_STORAGE_KEY = 'angram:visit-origin';

/**
 * The page's path, the referrer when it is another site (trimmed to its origin and path) and the `utm_*`
 * parameters of the address; `undefined` for an address that does not parse.
 */
export function visitAttribution(pageUrl: string, referrer: string): Attribution | undefined {
  if (!URL.canParse(pageUrl)) return undefined;
  const page = new URL(pageUrl);
  const found: Attribution = { landing: page.pathname };
  const from = referrer && URL.canParse(referrer) ? new URL(referrer) : undefined;
  if (from && from.origin !== page.origin && (from.protocol === 'http:' || from.protocol === 'https:'))
    found.referrer = `${from.origin}${from.pathname}`;
  for (const key of UTM_KEYS) {
    const value = page.searchParams.get(key)?.trim();
    if (value) found[key] = value;
  }
  return found;
}
