import { SITE } from '../../../core/site.ts';
import type { SeoPreset } from './presets.ts';

export interface OgImage {
  /** Absolute or root-relative URL; made absolute against the site. */
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** What a page passes to the layout: a preset, optionally extended. */
export interface SeoInput {
  /** The page's SEO texts from its content file, with its canonical path. */
  preset: SeoPreset;
  /** Page-specific overrides (a portfolio case sets its own title, description and image). */
  title?: string;
  description?: string;
  keywords?: readonly string[];
  image?: OgImage;
  /** Canonical path when the page is not the preset's own route (e.g. /portfolio/<id>). */
  path?: string;
  ogType?: 'website' | 'article';
  noindex?: boolean;
}

export interface ResolvedSeo {
  title: string;
  description: string;
  keywords: string;
  canonical: string;
  ogTitle: string;
  ogDescription: string;
  ogType: 'website' | 'article';
  ogUrl: string;
  ogLocale: string;
  ogSiteName: string;
  ogImage: OgImage & { url: string };
  twitterCard: 'summary_large_image';
  robots: string;
}

export const TITLE_SEPARATOR = ' | ';

/** Document title with the brand suffix, unless the brand already ends it. */
export function brandTitle(title: string): string {
  return title.endsWith(SITE.name) ? title : `${title}${TITLE_SEPARATOR}${SITE.name}`;
}

/**
 * Absolute clean URL for a path on the site: no trailing slash except for the root, and no `.html` or
 * `/index.html` (a page built as a file, like the 404 rendering at `/404.html`, is addressed without it).
 */
export function absoluteUrl(path: string, site: string | URL): string {
  const url = new URL(path, site);
  url.pathname = url.pathname.replace(/(?:\/index)?\.html$/, '') || '/';
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

/**
 * Builds every head value of a page from its preset and overrides, every field of the preset included.
 * `requestPath` is the page's own path, the canonical when the preset has no route of its own: the
 * 404 page points at its own address (`/404`), whatever unknown URL it is answering, and stays out
 * of search results through `noindex` (a canonical alone would not keep it out).
 */
export function resolveSeo(
  input: SeoInput,
  site: string | URL,
  requestPath: string,
  defaultImage: OgImage,
): ResolvedSeo {
  const { preset } = input;
  const noindex = input.noindex ?? preset.noindex === true;
  const title = brandTitle(input.title ?? preset.title);
  const description = input.description ?? preset.description;
  const path = input.path ?? preset.path ?? requestPath;
  const canonical = absoluteUrl(path, site);
  const image = input.image ?? defaultImage;

  return {
    title,
    description,
    keywords: (input.keywords ?? preset.keywords).join(', '),
    canonical,
    ogTitle: input.title ? title : (preset.ogTitle ?? title),
    ogDescription: description,
    ogType: input.ogType ?? 'website',
    ogUrl: canonical,
    ogLocale: SITE.ogLocale,
    ogSiteName: SITE.name,
    ogImage: { ...image, url: new URL(image.src, site).href },
    twitterCard: 'summary_large_image',
    robots: noindex ? 'noindex, follow' : 'index, follow, max-image-preview:large',
  };
}
