/**
 * The pages the slow per-page browser checks visit (a phone's first load and reading, axe at two widths):
 * every page of the site and the 404, and of the wiki a sample. Wiki pages share one layout and one set of
 * content components and differ in which of them they show, so visiting all of them repeats the same
 * checks on the same markup (it cost over four minutes of the suite's twelve). The sample is chosen from
 * the build, not by hand, so a page that brings a new kind of element joins it on its own:
 * - pages chosen greedily until every kind of element the wiki's pages hold (tag, class, data-, aria- and
 *   role attributes) appears on at least one of them, the page with the most new kinds first;
 * - the wiki page with the largest HTML, the one nearest its byte budgets.
 * Checks that read the built files (links, SEO, HTML validity, images, Spanish copy) still cover every page.
 */
import { statSync } from 'node:fs';
import type { HTMLElement } from 'node-html-parser';
import { pageForPath, parsePage, sitemapPathsFromDist } from './built-site.ts';

const isWiki = (path: string) => path.startsWith('/wikiangram/');

/** Every kind of element a page holds: `tag`, `tag.class`, `tag[data-x]`, `tag[aria-x]`, `tag[role]`. */
export function elementKinds(root: HTMLElement): Set<string> {
  const kinds = new Set<string>();
  for (const element of root.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    kinds.add(tag);
    for (const name of (element.getAttribute('class') ?? '').split(/\s+/).filter(Boolean)) kinds.add(`${tag}.${name}`);
    for (const attribute of Object.keys(element.attributes)) {
      if (/^(data-|aria-|role$)/.test(attribute)) kinds.add(`${tag}[${attribute}]`);
    }
  }
  return kinds;
}

/**
 * Greedy cover: the fewest pages (near enough) that together hold every kind any page holds. Ties go to
 * the path first in alphabetical order, so the choice only changes when the pages do.
 */
export function coveringSample(kindsByPath: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const covered = new Set<string>();
  const chosen: string[] = [];
  const candidates = [...kindsByPath.keys()].sort();
  for (;;) {
    let best: string | undefined;
    let bestGain = 0;
    for (const path of candidates) {
      const gain = [...(kindsByPath.get(path) ?? [])].filter((kind) => !covered.has(kind)).length;
      if (gain > bestGain) [best, bestGain] = [path, gain];
    }
    if (!best) return chosen;
    chosen.push(best);
    for (const kind of kindsByPath.get(best) ?? []) covered.add(kind);
  }
}

/** The wiki pages the slow checks visit (see the top of this file). */
export function wikiSample(wikiPaths: readonly string[]): string[] {
  const files = new Map(
    wikiPaths.flatMap((path) => {
      const page = pageForPath(path);
      return page ? [[path, page.file] as const] : [];
    }),
  );
  const kinds = new Map([...files].map(([path, file]) => [path, elementKinds(parsePage(file))]));
  const largest = [...files].sort(([, a], [, b]) => statSync(b).size - statSync(a).size)[0]?.[0];
  const sample = new Set(coveringSample(kinds));
  if (largest) sample.add(largest);
  return wikiPaths.filter((path) => sample.has(path));
}

/** Every sitemap page outside the wiki, the wiki's sample and the 404, in sitemap order. */
export function slowCheckPaths(): string[] {
  const paths = sitemapPathsFromDist();
  const sample = new Set(wikiSample(paths.filter(isWiki)));
  return [...paths.filter((path) => !isWiki(path) || sample.has(path)), '/pagina-que-no-existe'];
}
