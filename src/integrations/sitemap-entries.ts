/**
 * What the sitemap says of each page beyond its address: its twins in every language (`xhtml:link`
 * alternates, the same set as the page's own hreflang links, x-default to the default language) and the
 * priorities search engines are given: home 1.0, the portfolio and its cases 0.8, the service pages 0.7.
 */
import type { SitemapItem } from '@astrojs/sitemap';
import { ROUTES } from '../../core/routes.ts';

const HOME = /^\/(en)?$/;

function priorityOf(path: string): number | undefined {
  if (HOME.test(path)) return 1.0;
  if (path === ROUTES.portfolio || path.startsWith(`${ROUTES.portfolio}/`) || /^\/[a-z]{2}\/portfolio(\/|$)/.test(path))
    return 0.8;
  if (path.startsWith('/servicios/') || /^\/[a-z]{2}\/services\//.test(path)) return 0.7;
  return undefined;
}

export async function sitemapEntry(item: SitemapItem): Promise<SitemapItem | undefined> {
  // Loaded when the sitemap is written, not when astro.config.mjs is: a content error must reach the
  // content collections, which report it with its file and line, before anything reads the route tables.
  const { alternatesOf, DEFAULT_LOCALE, isUnlisted } = await import('../lib/i18n/routes.ts');
  const url = new URL(item.url);
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  // A page only a private link opens, in any language (the filter in astro.config.mjs names the Spanish one).
  if (isUnlisted(path)) return undefined;
  const alternates = alternatesOf(path);
  const links = alternates.map((alternate) => ({ lang: alternate.code, url: new URL(alternate.path, url).href }));
  const fallback = alternates.find((alternate) => alternate.code === DEFAULT_LOCALE);
  if (fallback) links.push({ lang: 'x-default', url: new URL(fallback.path, url).href });
  const priority = priorityOf(path);
  return {
    ...item,
    ...(links.length > 0 ? { links } : {}),
    ...(priority === undefined ? {} : { priority }),
  };
}
