/**
 * The copy of one marketing page (`content/pages/<id>.yaml`). Astro-only (reads a content collection).
 * The loader already fails the build when a page file is missing; the throw only narrows the type.
 */
import { getEntry } from 'astro:content';
import type { Page, PageId } from '../../schemas/pages.ts';

export async function pageCopy(id: PageId): Promise<Page> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`Falta content/pages/${id}.yaml`);
  return entry.data;
}

/**
 * The page's crumb after "Inicio": its short name is the hero's eyebrow ("Portfolio", "Tecnologías"),
 * so the trail and the hero never disagree.
 */
export function pageCrumb(page: Page, path: string): { name: string; path: string } {
  if (!page.hero.eyebrow) throw new Error(`content/pages/${page.id}.yaml necesita hero.eyebrow: es su nombre en la ruta de navegación`);
  return { name: page.hero.eyebrow, path };
}
