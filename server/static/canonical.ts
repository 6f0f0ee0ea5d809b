import { withoutTrailingSlashes } from '../request-target.ts';
import { MAX_PATH_LENGTH } from './resolve-path.ts';

/**
 * One canonical URL per page: `/contacto/`, `/contacto.html` and `/contacto/index.html` answer 301 to
 * `/contacto`. The target is always a path of this site: however the request path starts (`/.//x`,
 * `/%2e//x`, `/.\x`), a Location never begins with `//` or `/\`, which a browser would read as
 * another host.
 */
export function canonicalRedirect(pathname: string, search: string): string | undefined {
  // The length cut first: a path no page has is answered 404 without being looked at.
  if (pathname.length > MAX_PATH_LENGTH) return undefined;
  const canonical = withoutTrailingSlashes(pathname.replace(/\/index\.html$/, '/').replace(/(.)\.html$/, '$1'));
  const sameSite = `/${canonical.replace(/^[/\\]+/, '')}`;
  if (sameSite === pathname && canonical === pathname) return undefined;
  // Query strings may be long; an absurd one is dropped rather than echoed.
  return sameSite + (search.length <= 2048 ? search : '');
}
