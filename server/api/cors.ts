/**
 * CORS: browsers may call the API from the site's own origin (and Astro's dev server in development).
 * A request from the API's own host needs no CORS headers. Any other Origin is refused with 403, so a
 * foreign page cannot even send a simple cross-site POST that stores something.
 */
import type { IncomingMessage } from 'node:http';
import { MEETING_TOKEN_HEADER } from '../../core/api/routes.ts';
import { ATTRIBUTION_HEADER } from '../../core/attribution.ts';
import { PRIVACY_REFUSALS_HEADER } from '../../core/privacy.ts';

/**
 * Request headers a form may send besides its JSON: the refused voluntary purposes, and the visit's origin
 * (`X-Lead-Attribution`, kept out of the contract's JSON keys). A cross-origin deployment (PUBLIC_API_BASE on another
 * host) needs them allowed in the preflight.
 */
export const ALLOWED_REQUEST_HEADERS = [
  'Content-Type',
  PRIVACY_REFUSALS_HEADER,
  ATTRIBUTION_HEADER,
  MEETING_TOKEN_HEADER,
];

export type OriginVerdict =
  | { kind: 'none' }
  | { kind: 'same-origin' }
  | { kind: 'allowed'; origin: string }
  | { kind: 'forbidden'; origin: string };

export function judgeOrigin(
  req: IncomingMessage,
  allowedOrigins: readonly string[],
  trustProxy: boolean,
): OriginVerdict {
  const origin = req.headers.origin;
  if (!origin) return { kind: 'none' };
  if (allowedOrigins.includes(origin)) return { kind: 'allowed', origin };
  const forwardedHost = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const host =
    (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost)?.split(',')[0]?.trim() ?? req.headers.host;
  if (host && URL.canParse(origin) && new URL(origin).host === host) return { kind: 'same-origin' };
  return { kind: 'forbidden', origin };
}

export function corsHeaders(verdict: OriginVerdict): Record<string, string> {
  if (verdict.kind !== 'allowed') return {};
  return {
    'Access-Control-Allow-Origin': verdict.origin,
    'Access-Control-Expose-Headers': 'Retry-After',
    Vary: 'Origin',
  };
}

export function preflightHeaders(verdict: OriginVerdict, methods: readonly string[]): Record<string, string> {
  return {
    ...corsHeaders(verdict),
    'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(', '),
    'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'Access-Control-Max-Age': '600',
  };
}
