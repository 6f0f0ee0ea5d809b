/**
 * The translation system's public calls, from the same content the site is built from (core/i18n/):
 * `GET /api/languages`, `GET /api/translations/{locale?}` (interface strings by group then key),
 * `GET /api/website/content/{locale?}` (each page's texts by page then key) and
 * `GET /api/webSite/services?locale=` (the home's services with their features). Without a locale the
 * default language answers; a locale that is not active answers 404 `{"message":"Language not found"}`.
 * Every answer is computed once at start-up with its ETag, so a client revalidates for a 304 at no cost.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { API_BASE_PATH, callPath } from '../../core/api/routes.ts';
import { placeholdersOf } from '../../core/content/common.ts';
import { formatCount } from '../../core/format.ts';
import type { Catalogue } from '../../core/i18n/catalogue.ts';
import type { Translations } from '../../core/i18n/load.ts';
import { twinPath } from '../../core/i18n/routes.ts';
import { parseRequestTarget } from '../request-target.ts';
import type { ApiResponse } from './http.ts';
import type { LiveCatalogues } from './meeting-language.ts';

/** The specification's caches: a day for interface strings, an hour for content and services. */
const DAY = 'public, max-age=86400';
const HOUR = 'public, max-age=3600';

export const LANGUAGES_PATH = `${API_BASE_PATH}languages`;
export const TRANSLATIONS_PATH = `${API_BASE_PATH}translations`;
export const WEBSITE_CONTENT_PATH = `${API_BASE_PATH}website/content`;
export const SERVICES_PATH = `${API_BASE_PATH}${callPath('services')}`;

export const LANGUAGE_NOT_FOUND = { message: 'Language not found' } as const;

type Handler = (req: IncomingMessage) => ApiResponse;

interface Cached {
  body: unknown;
  etag: string;
  cacheControl: string;
}

function cached(body: unknown, cacheControl: string): Cached {
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27);
  return { body, etag: `"${digest}"`, cacheControl };
}

/** True when `If-None-Match` lists this ETag (weak or strong, RFC 9110 weak comparison) or `*`. */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const list = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim());
  return list.some((tag) => tag === '*' || tag.replace(/^W\//, '') === etag);
}

function answer(req: IncomingMessage, entry: Cached): ApiResponse {
  const headers = { 'Cache-Control': entry.cacheControl, ETag: entry.etag };
  if (matchesEtag(req.headers['if-none-match'], entry.etag)) return { status: 304, body: null, headers };
  return { status: 200, body: entry.body, headers };
}

const notFound = (): ApiResponse => ({ status: 404, body: LANGUAGE_NOT_FOUND });

interface ServiceFile {
  icon: string;
  title: string;
  description: string;
  features: string[];
  link: string;
  order: number;
}

interface PageFile {
  seo?: { title: string; description: string; ogTitle?: string };
}

/** Fills `{casos}`-style counts with the caller's words for them. */
function fillCounts(value: string, counts: Record<string, string>): string {
  return placeholdersOf(value).reduce((text, name) => text.replaceAll(`{${name}}`, counts[name] ?? `{${name}}`), value);
}

function entriesUnder<T>(content: Map<string, unknown>, folder: string): Array<[string, T]> {
  return [...content.entries()]
    .filter(([file]) => file.startsWith(folder))
    .map(([file, data]) => [file.slice(folder.length, -'.yaml'.length), data as T]);
}

/** Every answer of the translation calls, for each active language. */
export function translationRoutes(translations: Translations): {
  routes: Array<[string, { GET: Handler }]>;
  byPrefix: (pathname: string) => Handler | undefined;
  /** Serves the interface strings with the inbox's edits (locale → `group.key` → text) over the files'. */
  withEdits: (edited: ReadonlyMap<string, ReadonlyMap<string, string>>) => void;
  /** The catalogues served now, for the other answers worded from them (the meeting calls'). */
  live: LiveCatalogues;
} {
  const codes = translations.active.map((language) => language.code);
  // Spanish texts spell the count out as the site does ("Seis casos"); other languages get digits.
  const cases = translations.caseCount;
  const counts = (code: string): Record<string, string> =>
    code === translations.defaultCode
      ? { casos: formatCount(cases), Casos: formatCount(cases, true) }
      : { casos: String(cases), Casos: String(cases) };
  const defaultTable = translations.routes.get(translations.defaultCode);
  const languages = cached(
    {
      languages: translations.active.map(({ code, name, is_active, is_default }) => ({
        code,
        name,
        is_active,
        is_default,
      })),
    },
    HOUR,
  );
  const strings = new Map<string, Cached>();
  const website = new Map<string, Cached>();
  const services = new Map<string, Cached>();
  for (const code of codes) {
    const content = translations.content.get(code) ?? new Map<string, unknown>();
    const table = translations.routes.get(code);
    strings.set(code, cached({ locale: code, translations: translations.catalogues.get(code) ?? {} }, DAY));
    const pages = Object.fromEntries(
      entriesUnder<PageFile>(content, 'pages/').flatMap(([page, data]) =>
        data.seo
          ? [
              [
                page,
                Object.fromEntries(
                  Object.entries(data.seo)
                    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
                    .map(([key, text]) => [key, fillCounts(text, counts(code))]),
                ),
              ],
            ]
          : [],
      ),
    );
    website.set(code, cached({ locale: code, content: pages }, HOUR));
    const list = entriesUnder<ServiceFile>(content, 'services/')
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([id, service]) => ({
        id,
        icon: service.icon,
        title: service.title,
        description: service.description,
        features: service.features,
        link: (defaultTable && table && twinPath(service.link, defaultTable, table)) ?? service.link,
      }));
    services.set(code, cached({ locale: code, services: list }, HOUR));
  }
  const current = new Map<string, Catalogue>(codes.map((code) => [code, translations.catalogues.get(code) ?? {}]));
  let version = 0;
  const withEdits = (edited: ReadonlyMap<string, ReadonlyMap<string, string>>): void => {
    for (const code of codes) {
      const catalogue = structuredClone(translations.catalogues.get(code) ?? {});
      for (const [key, text] of edited.get(code) ?? []) {
        const dot = key.indexOf('.');
        const group = catalogue[key.slice(0, dot)];
        if (group && Object.hasOwn(group, key.slice(dot + 1))) group[key.slice(dot + 1)] = text;
      }
      current.set(code, catalogue);
      strings.set(code, cached({ locale: code, translations: catalogue }, DAY));
    }
    version += 1;
  };
  const inLanguage =
    (answers: Map<string, Cached>, code: string): Handler =>
    (req) => {
      const entry = answers.get(code);
      return entry ? answer(req, entry) : notFound();
    };
  const locale = (raw: string): string | undefined => codes.find((code) => code.toLowerCase() === raw.toLowerCase());
  const byPrefix = (pathname: string): Handler | undefined => {
    for (const [prefix, answers] of [
      [`${TRANSLATIONS_PATH}/`, strings],
      [`${WEBSITE_CONTENT_PATH}/`, website],
    ] as const) {
      if (!pathname.startsWith(prefix)) continue;
      const code = locale(decodeSegment(pathname.slice(prefix.length)));
      return code ? inLanguage(answers, code) : notFound;
    }
    return undefined;
  };
  return {
    routes: [
      [LANGUAGES_PATH, { GET: (req) => answer(req, languages) }],
      [TRANSLATIONS_PATH, { GET: inLanguage(strings, translations.defaultCode) }],
      [WEBSITE_CONTENT_PATH, { GET: inLanguage(website, translations.defaultCode) }],
      [
        SERVICES_PATH,
        {
          GET: (req) => {
            const asked = new URLSearchParams(parseRequestTarget(req.url)?.search ?? '').get('locale');
            const code = asked === null || asked === '' ? translations.defaultCode : locale(asked);
            return code ? inLanguage(services, code)(req) : notFound();
          },
        },
      ],
    ],
    byPrefix,
    withEdits,
    live: { version: () => version, catalogue: (code) => current.get(code) },
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
