/**
 * The one way a page gets what it shows and what it tells search engines: its copy from content/, its
 * breadcrumb trail, its canonical path and the site's URL, and its SEO (a preset from its content file plus
 * what the kind of page overrides). One function per kind of page: content page, service page, portfolio
 * case, wiki page, and the two error pages. Astro-only (reads the collections at build time).
 */
import { getImage } from 'astro:assets';
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { defaultRoot } from '../../../core/content/load.ts';
import { readPromisePlaceholders } from '../../../core/content/promises.ts';
import { formatCount } from '../../../core/format.ts';
import { portfolioCasePath, ROUTES } from '../../../core/routes.ts';
import { fillKnownDeep } from '../../../core/text-template.ts';
import { isNoindexPage, type Page, type PageId } from '../../schemas/pages.ts';
import type { Service } from '../../schemas/services.ts';
import { seoPreset, type SeoPreset } from '../seo/presets.ts';
import { absoluteUrl, type SeoInput } from '../seo/resolve.ts';
import type { Crumb } from '../seo/structured-data.ts';
import { WIKI_TITLE } from '../wiki/groups.ts';
import { crumbFor, pageFile, pagePath, pageTrail, SERVICES_SECTION, type TrailContext } from './trail.ts';

/** What a page knows about its request: `Astro` itself. */
export interface PageRequest {
  site?: URL | undefined;
  url: URL;
}

/** The canonical origin: `site` of astro.config.mjs (SITE_URL), or the request's own origin in dev. */
export function siteOf(request: PageRequest): URL {
  return request.site ?? new URL(request.url.origin);
}

export interface LoadedPage<Copy> {
  copy: Copy;
  site: URL;
  /** The page's own path: its canonical path, or the requested one on error pages. */
  path: string;
  /** The absolute URL search engines index; `null` for pages kept out of the index. */
  url: string | null;
  /** The trail after "Inicio" (visible breadcrumbs and the BreadcrumbList); empty where there is none. */
  crumbs: Crumb[];
  seo: SeoInput;
}

/** `canonical` is `null` for a page kept out of the index. */
function loaded<Copy>(
  request: PageRequest,
  copy: Copy,
  canonical: string | null,
  crumbs: Crumb[],
  seo: SeoInput,
): LoadedPage<Copy> {
  const site = siteOf(request);
  const url = canonical === null ? null : absoluteUrl(canonical, site);
  return { copy, site, path: canonical ?? request.url.pathname, url, crumbs, seo };
}

/**
 * Facts any page text may quote as a placeholder: `{casos}`/`{Casos}` is how many cases content/portfolio/
 * holds ("seis"/"Seis"), so no count is written by hand, and the promises of content/promises.yaml
 * (`{plazoPropuesta}`, `{formatoReunion}`, `{semanasEcommerce}`…), so no promise is written twice.
 */
async function readContentFacts(): Promise<Record<string, string>> {
  const cases = (await getCollection('portfolio')).length;
  return {
    ...readPromisePlaceholders(defaultRoot()),
    casos: formatCount(cases),
    Casos: formatCount(cases, true),
  };
}

let buildFacts: Promise<Record<string, string>> | undefined;

/**
 * Read once per build: every case page asks (180 of them, five YAML files each, in a grown portfolio) and
 * content does not change while a build runs. The dev server reads them each time, so an edit shows.
 */
function contentFacts(): Promise<Record<string, string>> {
  if (import.meta.env.DEV) return readContentFacts();
  buildFacts ??= readContentFacts();
  return buildFacts;
}

/** The copy of `content/pages/<id>.yaml`, placeholders filled. */
export async function pageCopy(id: PageId): Promise<Page> {
  const entry = await getEntry('pages', id);
  // The loader already fails the build when a page file is missing; this only narrows the type.
  if (!entry) throw new Error(`Falta ${pageFile(id)}`);
  return fillKnownDeep(entry.data, await contentFacts());
}

async function trailContext(): Promise<TrailContext> {
  const pages = (await getCollection('pages')).map((entry) => entry.data);
  const services = (await getCollection('services')).flatMap(({ data }) =>
    data.page ? [{ path: data.link, name: data.title }] : [],
  );
  return { pages, services };
}

function contentPreset(page: Page): SeoPreset {
  return seoPreset(page.seo, pagePath(page.id), {
    file: pageFile(page.id),
    noindex: page.id === '404' || isNoindexPage(page.id),
  });
}

/** A page of `content/pages/`: /, /tecnologias, /faq… and the error page (`404`). */
export async function contentPage(request: PageRequest, id: PageId): Promise<LoadedPage<Page>> {
  const copy = await pageCopy(id);
  return loaded(request, copy, pagePath(id), pageTrail(copy, await trailContext()), { preset: contentPreset(copy) });
}

export type ServicePageCopy = NonNullable<Service['page']>;

/** /servicios/<id>: the `page` block of a service file, under the home page's services section. */
export async function servicePage(request: PageRequest, service: Service): Promise<LoadedPage<ServicePageCopy>> {
  const file = `content/services/${service.id}.yaml`;
  if (!service.page) throw new Error(`${file}: falta el bloque page`);
  const copy = fillKnownDeep(service.page, await contentFacts());
  const crumbs = [crumbFor(SERVICES_SECTION, await trailContext(), file), { name: service.title, path: service.link }];
  return loaded(request, copy, service.link, crumbs, {
    preset: seoPreset(copy.seo, service.link, { file, field: 'page.seo' }),
  });
}

/** Open Graph cards are 1200x630: a crop of the case's cover, in a format every crawler reads. */
const CARD = { width: 1200, height: 630 } as const;

/** The portfolio page a case hangs from in another language: its loaded copy and the case's address. */
export interface CaseListing {
  portfolio: LoadedPage<Page>;
  path: string;
}

/**
 * /portfolio/<id>: the case's own title, description and cover for search and social networks, the
 * portfolio page's labels (`page`) and the trail Portfolio › case. In another language, `listing` gives
 * that language's portfolio page and the case's address there.
 */
export async function casePage(
  request: PageRequest,
  entry: Pick<CollectionEntry<'portfolio'>, 'id' | 'data'>,
  listing?: CaseListing,
): Promise<LoadedPage<CollectionEntry<'portfolio'>['data']> & { page: Page; cover: string }> {
  const { data } = entry;
  const page = listing?.portfolio.copy ?? (await pageCopy('portfolio'));
  const path = listing?.path ?? portfolioCasePath(entry.id);
  const cover = await getImage({ src: data.image, ...CARD, fit: 'cover', format: 'jpg', quality: 82 });
  const trail = listing?.portfolio.crumbs ?? pageTrail(page, await trailContext());
  const seo: SeoInput = {
    preset: listing?.portfolio.seo.preset ?? contentPreset(page),
    title: data.title,
    description: data.description,
    keywords: [data.category, data.client.name, ...data.tech],
    path,
    ogType: 'article',
    image: { src: cover.src, ...CARD, alt: data.imageAlt },
  };
  return { ...loaded(request, data, path, [...trail, { name: data.title, path }], seo), page, cover: cover.src };
}

/**
 * Any unknown /portfolio/<id>: the portfolio page's copy, the error page's copy (`error`) and SEO under the
 * section's own title, and a visible trail Portfolio › "Caso no encontrado" (no BreadcrumbList: nothing to
 * index).
 */
export async function caseNotFoundPage(
  request: PageRequest,
  /** In another language: its portfolio page and its error page, loaded. */
  localized?: { portfolio: LoadedPage<Page>; notFound: LoadedPage<Page> },
): Promise<LoadedPage<Page> & { error: Page }> {
  const [page, notFound] = localized
    ? [localized.portfolio.copy, localized.notFound.copy]
    : await Promise.all([pageCopy('portfolio'), pageCopy('404')]);
  const title = page.sections['caso-no-encontrado']?.title;
  if (!title) throw new Error(`${pageFile('portfolio')}: falta la sección caso-no-encontrado`);
  const trail = localized?.portfolio.crumbs ?? pageTrail(page, await trailContext());
  const crumbs = [...trail, { name: title, path: request.url.pathname }];
  const preset = localized?.notFound.seo.preset ?? contentPreset(notFound);
  return { ...loaded(request, page, null, crumbs, { preset, title }), error: notFound };
}

export interface WikiPageInput {
  /** Shown title; search engines read it followed by the wiki's name. */
  title: string;
  description?: string;
  path?: string;
  /** Crumbs after "Wiki". */
  trail?: readonly Crumb[];
  noindex?: boolean;
  ogType?: SeoInput['ogType'];
}

/** A wiki page (/wikiangram/…): the wiki's keywords from content/wiki/wiki.yaml and the trail Wiki › … */
export async function wikiPage(request: PageRequest, input: WikiPageInput): Promise<LoadedPage<WikiPageInput>> {
  const entry = await getEntry('wikiSite', 'wiki');
  if (!entry) throw new Error('Falta content/wiki/wiki.yaml');
  const { seo: copy, breadcrumb } = entry.data;
  const preset = seoPreset(copy, ROUTES.wikiHome, { file: 'content/wiki/wiki.yaml' });
  const canonical = input.noindex ? null : (input.path ?? ROUTES.wikiHome);
  const title = input.title === WIKI_TITLE ? WIKI_TITLE : `${input.title} | ${WIKI_TITLE}`;
  const seo: SeoInput = {
    preset,
    title,
    description: input.description,
    path: input.path,
    noindex: input.noindex,
    ogType: input.ogType,
  };
  return loaded(request, input, canonical, [{ name: breadcrumb, path: ROUTES.wikiHome }, ...(input.trail ?? [])], seo);
}
