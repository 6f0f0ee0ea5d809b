/**
 * Cache-Control per path: Astro's hashed assets never change, so they are cached for a year; pages are
 * revalidated on every visit so a deploy shows at once; other public files are cached for an hour.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const SHORT = 'public, max-age=3600';

export function cacheControlFor(urlPath: string, extension: string): string {
  if (urlPath.startsWith('/_astro/')) return IMMUTABLE;
  if (extension === '.html') return REVALIDATE;
  return SHORT;
}
