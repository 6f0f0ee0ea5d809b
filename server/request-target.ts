/**
 * The request target (`req.url`) read without surprises: never an exception, whatever a client writes
 * (`//[/`, `//%/`, `//%5cevil.example/`), and work linear in its length, the length cut first, so no
 * request shape (a run of thousands of slashes) costs more than its size. Used by the static site and
 * the API.
 */

export interface RequestTarget {
  /** Decoded by the URL rules (dot segments resolved, `\` read as `/`), still percent-encoded. */
  pathname: string;
  /** `?…`, or ''. */
  search: string;
}

/**
 * Path and query of the target, or `undefined` when it is not a request for a path of this site:
 * not origin-form (`/…`) nor an absolute `http(s)://` URL, or a path that starts with `//`, which a
 * browser would read as another host.
 */
export function parseRequestTarget(url: string | undefined): RequestTarget | undefined {
  const target = url ?? '/';
  let parsed: URL;
  try {
    // With the origin written in front, a target that starts with `//` stays a path instead of
    // becoming a host (where `new URL('//[/', base)` throws).
    parsed = target.startsWith('/') ? new URL(`http://localhost${target}`) : new URL(target);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.pathname.startsWith('//')) return undefined;
  return { pathname: parsed.pathname, search: parsed.search };
}

/** `path` without its trailing slashes, keeping a lone `/`: one backwards pass, however long the run. */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end -= 1;
  return path.slice(0, end);
}
