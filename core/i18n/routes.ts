/**
 * Each page's address in every language: the default language's are `ROUTES` (core/routes.ts, today's
 * URLs, never changed); another language's are `content/<code>/routes.yaml`, one per page name, under the
 * language's prefix (`/en/…`). The site, the sitemap and the server read twins from here, so a page and its
 * translation always point at each other.
 */
import { z } from 'zod';
import { ROUTES } from '../routes.ts';
import type { Problem } from './catalogue.ts';

/** The pages every language has (the wiki stays in the default language). */
const TRANSLATED_ROUTES = Object.keys(ROUTES).filter((name) => !name.startsWith('wiki')) as RouteName[];

export type RouteName = Exclude<keyof typeof ROUTES, 'wiki' | 'wikiHome'>;
export type RouteTable = Record<RouteName, string>;

export function routesFile(code: string): string {
  return `content/${code}/routes.yaml`;
}

export const routesSchema = z.record(z.string(), z.string({ error: 'Se espera una dirección como /en/contact' }));

/** The default language's table: today's addresses. */
export function defaultRoutes(): RouteTable {
  return Object.fromEntries(TRANSLATED_ROUTES.map((name) => [name, ROUTES[name]])) as RouteTable;
}

/** A language's table checked: every page once, under `/<code>`, lowercase words and hyphens. */
export function routeProblems(code: string, table: Record<string, string>): Problem[] {
  const problems: Problem[] = [];
  const prefix = `/${code.toLowerCase()}`;
  for (const name of TRANSLATED_ROUTES)
    if (table[name] === undefined)
      problems.push({ path: name, message: `Falta la dirección de esta página (en español es ${ROUTES[name]})` });
  const seen = new Map<string, string>();
  for (const [name, path] of Object.entries(table)) {
    if (!(TRANSLATED_ROUTES as string[]).includes(name)) {
      problems.push({ path: name, message: `No hay una página con este nombre: usa ${TRANSLATED_ROUTES.join(', ')}` });
      continue;
    }
    if (path !== prefix && !new RegExp(`^${prefix}(/[a-z0-9]+(-[a-z0-9]+)*)+$`).test(path))
      problems.push({
        path: name,
        message: `Se espera ${prefix} o una dirección que empiece con ${prefix}/, en minúsculas y con guiones`,
      });
    const twin = seen.get(path);
    if (twin) problems.push({ path: name, message: `Misma dirección que ${twin}: cada página necesita la suya` });
    seen.set(path, name);
  }
  return problems;
}

/**
 * The twin of a page's address in another language's table (`/servicios/ecommerce#tipos` →
 * `/en/services/ecommerce#tipos`, `/portfolio/<id>` → `/en/portfolio/<id>`), or undefined for an address
 * with no twin (the wiki).
 */
export function twinPath(href: string, from: RouteTable, to: RouteTable): string | undefined {
  const hashAt = href.indexOf('#');
  const path = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt);
  const name = TRANSLATED_ROUTES.find((each) => from[each] === (path || from.home));
  if (name) return `${to[name]}${hash}`;
  const casePrefix = `${from.portfolio}/`;
  if (path.startsWith(casePrefix)) return `${to.portfolio}/${path.slice(casePrefix.length)}${hash}`;
  return undefined;
}
