/**
 * Where each kind of page sits: its canonical path and its breadcrumb trail after "Inicio", worked out
 * from content alone (the file name is the URL; a page file may name its parent). Pure, so it is unit
 * tested; `page.ts` feeds it the collections.
 */
import type { Page, PageId } from '../../schemas/pages.ts';
import type { Crumb } from '../seo/structured-data.ts';

/** The home page's services section: the parent of every service page and of /cms-a-codigo. */
export const SERVICES_SECTION = '/#servicios';

/** Canonical path of a content page: its file name (`home` is the root; the error page has none). */
export function pagePath(id: PageId): string | null {
  if (id === 'home') return '/';
  if (id === '404') return null;
  return `/${id}`;
}

export function pageFile(id: string): string {
  return `content/pages/${id}.yaml`;
}

/** A page's name in the trail: `breadcrumb.name`, or its hero's eyebrow so the two agree. */
export function crumbName(page: Page): string {
  const name = page.breadcrumb?.name ?? page.hero.eyebrow;
  if (!name)
    throw new Error(`${pageFile(page.id)}: falta breadcrumb.name, el nombre de la página en la ruta de navegación`);
  return name;
}

/** What a trail can point at besides content pages: the service pages, by path, with their names. */
export interface TrailContext {
  pages: readonly Page[];
  /** Service pages (`/servicios/<id>`) and their card titles. */
  services: ReadonlyArray<{ path: string; name: string }>;
}

/**
 * The crumb of the page at `href`: a section of the home page (`/#servicios`, named by its eyebrow), a
 * service page, or a content page. `from` names the file that asked, for the error an unknown href raises.
 */
export function crumbFor(href: string, context: TrailContext, from: string): Crumb {
  const home = context.pages.find((page) => page.id === 'home');
  const anchor = /^\/#([a-z0-9-]+)$/.exec(href)?.[1];
  if (anchor && home) {
    const section = home.sections[anchor];
    if (section) return { name: section.eyebrow ?? section.title, path: href };
  }
  const service = context.services.find((candidate) => candidate.path === href);
  if (service) return { name: service.name, path: href };
  const page = context.pages.find((candidate) => pagePath(candidate.id) === href);
  if (page && page.id !== 'home') return { name: crumbName(page), path: href };
  throw new Error(
    `${from}: la ruta de navegación apunta a ${href}, que no es una página del sitio ni una sección de la portada`,
  );
}

/** "Inicio › [parent ›] page" after Inicio, for a content page; empty for the home and error pages. */
export function pageTrail(page: Page, context: TrailContext): Crumb[] {
  const path = pagePath(page.id);
  if (path === null || path === '/') return [];
  const self = { name: crumbName(page), path };
  const parent = page.breadcrumb?.parent ?? page.backLink?.href;
  return parent ? [crumbFor(parent, context, pageFile(page.id)), self] : [self];
}
