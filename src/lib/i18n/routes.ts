/**
 * Each page's twins, computed once for the build from the route tables of core/i18n/routes.ts: which
 * language a path is in, its address in every active language, and the `hreflang` set the head, the
 * language switcher and the sitemap all print, so the three never disagree.
 */
import { loadContentFacts } from '../../../core/content/load.ts';
import { twinPath, type RouteName, type RouteTable } from '../../../core/i18n/routes.ts';
import { ROUTES } from '../../../core/routes.ts';

const translations = loadContentFacts().translations;

export const DEFAULT_LOCALE = translations.defaultCode;

/**
 * Every page of the route tables is built in every active language (the wiki, which stays Spanish, has no
 * entry there), so each one prints its hreflang links and a switcher.
 */
const PAGES = Object.keys(translations.routes.get(translations.defaultCode) ?? {}) as RouteName[];

/** The portfolio's cases, by id: the files of content/portfolio/, which every active language translates. */
const CASE_IDS: readonly string[] = [...(translations.content.get(translations.defaultCode)?.keys() ?? [])].flatMap(
  (file) => /^portfolio\/([^/]+)\.md$/.exec(file)?.[1] ?? [],
);

/** The case a path of `own` shows (`/en/portfolio/<id>` → id), or undefined for any other path. */
function caseIdOf(path: string, own: RouteTable): string | undefined {
  const prefix = `${own.portfolio}/`;
  const id = path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
  return id !== undefined && CASE_IDS.includes(id) ? id : undefined;
}

/** Pages only a private link opens (the meeting's manage page): noindex, and left out of the sitemap. */
const UNLISTED: ReadonlySet<RouteName> = new Set(['meeting']);

/** Whether a path is a page left out of the sitemap, in any language. */
export function isUnlisted(pathname: string): boolean {
  const path = pagePath(pathname);
  const own = table(localeOf(path));
  return (Object.keys(own) as RouteName[]).some((name) => UNLISTED.has(name) && own[name] === path);
}

function table(code: string): RouteTable {
  const found = translations.routes.get(code);
  if (!found) throw new Error(`Sin direcciones para el idioma ${code} (content/${code}/routes.yaml)`);
  return found;
}

/** The language of a path: the active language whose prefix it starts with, or the default. */
/** A page's path as the route tables write it: the build renders / as index.html and /en as en.html. */
function pagePath(pathname: string): string {
  return (
    pathname
      .replace(/\/index\.html$/, '/')
      .replace(/\.html$/, '')
      .replace(/(.)\/+$/, '$1') || '/'
  );
}

export function localeOf(pathname: string): string {
  const path = pagePath(pathname);
  const found = translations.active.find(
    (language) => !language.is_default && (path === `/${language.code}` || path.startsWith(`/${language.code}/`)),
  );
  return found?.code ?? DEFAULT_LOCALE;
}

/**
 * The address of an internal link in `locale` (hash kept) when that page has a twin there (a page of the
 * route tables or a case); otherwise the link itself (the wiki, which stays in the default language).
 */
export function localizedHref(href: string, locale: string): string {
  if (locale === DEFAULT_LOCALE || !href.startsWith('/')) return href;
  const twin = twinPath(href, table(DEFAULT_LOCALE), table(locale));
  const path = twin?.split('#')[0] ?? '';
  const name = (Object.keys(table(locale)) as RouteName[]).find((each) => table(locale)[each] === path);
  const paired = name !== undefined || caseIdOf(path, table(locale)) !== undefined;
  return twin && paired ? twin : href;
}

export interface Alternate {
  /** The language's tag as `hreflang` and `lang` write it (`es-MX`, `en`). */
  code: string;
  /** The language's own name, for the switcher. */
  name: string;
  path: string;
  current: boolean;
}

/** The page in every active language, the default first; empty for a page without twins. */
export function alternatesOf(pathname: string): Alternate[] {
  const path = pagePath(pathname);
  const locale = localeOf(path);
  const own = table(locale);
  const name = (Object.keys(own) as RouteName[]).find((each) => own[each] === path);
  const caseId = name ? undefined : caseIdOf(path, own);
  if (!name && caseId === undefined) return [];
  return translations.active.map((language) => ({
    code: language.code,
    name: language.name,
    path: name ? table(language.code)[name] : `${table(language.code).portfolio}/${caseId ?? ''}`,
    current: language.code === locale,
  }));
}

export interface TranslatedPage {
  locale: string;
  /**
   * The route's name; `case` is one portfolio case (`caseId`), `404` the language's error page and
   * `caseNotFound` the portfolio's, for a case id that does not exist.
   */
  name: RouteName | '404' | 'case' | 'caseNotFound';
  /** Its path without the leading slash. */
  path: string;
  caseId?: string;
}

/** Every page built in a language other than the default: its path (no leading slash) and route name. */
export function translatedPages(): TranslatedPage[] {
  return translations.active
    .filter((language) => !language.is_default)
    .flatMap((language): TranslatedPage[] => {
      const own = table(language.code);
      return [
        ...PAGES.map((name) => ({ locale: language.code, name, path: own[name].slice(1) })),
        ...CASE_IDS.map((caseId) => ({
          locale: language.code,
          name: 'case' as const,
          path: `${own.portfolio.slice(1)}/${caseId}`,
          caseId,
        })),
        { locale: language.code, name: '404' as const, path: `${own.home.slice(1)}/404` },
        { locale: language.code, name: 'caseNotFound' as const, path: `${own.portfolio.slice(1)}/404` },
      ];
    });
}

const SERVICE_PREFIX = '/servicios/';

/** The service a service page's route shows (`webApps` → `aplicaciones-web`), from its Spanish address. */
export function serviceIdOf(name: TranslatedPage['name']): string | undefined {
  if (name === '404' || name === 'case' || name === 'caseNotFound') return undefined;
  const path: string = ROUTES[name];
  return path.startsWith(SERVICE_PREFIX) ? path.slice(SERVICE_PREFIX.length) : undefined;
}
