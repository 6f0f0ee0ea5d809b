/**
 * Every form the inbox accepts must come from the inbox's own pages, checked from what the browser says
 * besides the CSRF token: `Origin` must name this host, or, when a browser sends no Origin, `Sec-Fetch-Site`
 * must say `same-origin`. A browser sends one or the other with every POST; a request with neither comes
 * from a program, not from a page of another site, and is left to the token. Same rule for signed-in
 * actions and for the sign-in forms, so a page elsewhere can neither act for the team nor sign someone in.
 */
import type { IncomingMessage } from 'node:http';
import { trustedHops, type TrustProxy } from '../api/trusted-proxies.ts';

export const CROSS_ORIGIN_MESSAGE =
  'Este formulario solo se acepta desde las páginas de la bandeja de ventas de este sitio. Vuelve a la bandeja, recarga la página y envíalo desde ahí.';

function first(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;
}

/** The host the browser addressed: Host, or X-Forwarded-Host from a trusted proxy. */
function requestHost(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const forwarded = trustedHops(req, trust) > 0 ? first(req.headers['x-forwarded-host']) : undefined;
  return (forwarded ?? req.headers.host)?.toLowerCase();
}

export function isSameOriginPost(req: IncomingMessage, trust: TrustProxy): boolean {
  const origin = first(req.headers.origin);
  if (origin !== undefined) {
    // `null` (an opaque origin: a sandboxed frame, a redirect from elsewhere) is never this site.
    if (!URL.canParse(origin)) return false;
    const host = requestHost(req, trust);
    return host !== undefined && new URL(origin).host === host;
  }
  const site = first(req.headers['sec-fetch-site']);
  return site === undefined || site === 'same-origin';
}
