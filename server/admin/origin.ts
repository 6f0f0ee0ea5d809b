/**
 * Every form the inbox accepts must come from the inbox's own pages, checked from what the browser says
 * besides the CSRF token: `Origin` must name this host, or, when a browser sends no Origin, `Sec-Fetch-Site`
 * must say `same-origin`. Every current browser sends Origin with a POST; a request with neither header
 * comes from a program or a browser too old to send them (before 2019), not from a page that a current
 * browser says is elsewhere, and is left to the token alone, as before. The site's configured address
 * (`SITE_URL`) is accepted too, so a proxy that rewrites Host without saying so locks nobody out. Same rule
 * for signed-in actions and for the sign-in forms, so a page elsewhere can neither act for the team nor
 * sign someone in.
 */
import type { IncomingMessage } from 'node:http';
import { trustedHops, type TrustProxy } from '../client/trusted-proxies.ts';

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

export function isSameOriginPost(req: IncomingMessage, trust: TrustProxy, siteUrl: string): boolean {
  const origin = first(req.headers.origin);
  if (origin !== undefined) {
    // `null` (an opaque origin: a sandboxed frame, a redirect from elsewhere) is never this site.
    if (!URL.canParse(origin)) return false;
    const from = new URL(origin);
    if (URL.canParse(siteUrl) && from.origin === new URL(siteUrl).origin) return true;
    const host = requestHost(req, trust);
    return host !== undefined && from.host === host;
  }
  const site = first(req.headers['sec-fetch-site']);
  return site === undefined || site === 'same-origin';
}
