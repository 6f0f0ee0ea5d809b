/**
 * Pure helpers behind the wiki layout: page order, sidebar model, previous/next links, table of
 * contents and the check that every page a group must hold exists in it.
 */
import { wikiPath } from '../../../core/routes.ts';
import { DEFAULT_OPEN_GROUP, WIKI_GROUPS, type WikiGroupId } from './groups.ts';

/** What the helpers need to know about a page (its frontmatter plus its slug). */
export interface WikiPageMeta {
  slug: string;
  title: string;
  group: WikiGroupId;
  order: number;
}

export interface SidebarLink {
  slug: string;
  title: string;
  href: string;
}

export interface SidebarGroup {
  id: WikiGroupId;
  label: string;
  icon: (typeof WIKI_GROUPS)[number]['icon'];
  /** Holds the page being shown: rendered open and highlighted. */
  current: boolean;
  /** Open in the server-rendered HTML (the default group or the current one). */
  open: boolean;
  /** The group's links, the same list on every page. */
  links: readonly SidebarLink[];
  /** The page being shown, when this group holds it: its link is the one marked as current. */
  currentSlug?: string | undefined;
}

const groupRank = new Map<WikiGroupId, number>(WIKI_GROUPS.map((group, index) => [group.id, index]));
/** One collator for every comparison (what `localeCompare(b, 'es-MX')` builds on each call). */
const titleOrder = new Intl.Collator('es-MX').compare;

/** Reading order of the whole wiki: group order, then `order`, then title (a stable tie-break). */
export function sortWikiPages<T extends WikiPageMeta>(pages: readonly T[]): T[] {
  return [...pages].sort(
    (a, b) =>
      (groupRank.get(a.group) ?? 0) - (groupRank.get(b.group) ?? 0) ||
      a.order - b.order ||
      titleOrder(a.title, b.title),
  );
}

/** What every page of the wiki needs about the others: its sidebar and its neighbours. */
export interface WikiRoutes<T extends WikiPageMeta> {
  sidebar(currentSlug: string): SidebarGroup[];
  prevNext(currentSlug: string): { prev?: T; next?: T };
}

/**
 * Sorts the pages and lays out the sidebar once for the whole wiki, as a build renders every page with
 * the same list: each page then only names its own link (sorting per page made a thousand-page wiki
 * sort a thousand times, and copying its group's links to mark one made each page cost more as the wiki got bigger).
 */
export function wikiRoutes<T extends WikiPageMeta>(pages: readonly T[]): WikiRoutes<T> {
  const sorted = sortWikiPages(pages);
  const position = new Map(sorted.map((page, index) => [page.slug, index]));
  const groupOf = new Map(sorted.map((page) => [page.slug, page.group]));
  const groups = WIKI_GROUPS.map((group) => ({
    group,
    links: sorted
      .filter((page) => page.group === group.id)
      .map((page): SidebarLink => ({ slug: page.slug, title: page.title, href: wikiPath(page.slug) })),
  })).filter(({ links }) => links.length > 0);
  return {
    sidebar(currentSlug) {
      const currentGroup = groupOf.get(currentSlug);
      return groups.map(({ group, links }) => {
        const current = group.id === currentGroup;
        return {
          id: group.id,
          label: group.label,
          icon: group.icon,
          current,
          open: current || group.id === DEFAULT_OPEN_GROUP,
          links,
          currentSlug: current ? currentSlug : undefined,
        };
      });
    },
    prevNext(currentSlug) {
      const index = position.get(currentSlug);
      if (index === undefined) return {};
      const result: { prev?: T; next?: T } = {};
      const prev = sorted[index - 1];
      const next = sorted[index + 1];
      if (prev) result.prev = prev;
      if (next) result.next = next;
      return result;
    },
  };
}

export function buildSidebar(pages: readonly WikiPageMeta[], currentSlug: string): SidebarGroup[] {
  return wikiRoutes(pages).sidebar(currentSlug);
}

/** Neighbours in reading order; the first page has no `prev`, the last no `next`. */
export function prevNext<T extends WikiPageMeta>(pages: readonly T[], currentSlug: string): { prev?: T; next?: T } {
  return wikiRoutes(pages).prevNext(currentSlug);
}

/** A heading as `render(entry)` reports it. */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

export interface TocEntry {
  slug: string;
  text: string;
  children: Array<{ slug: string; text: string }>;
}

/**
 * Table of contents from the page's h2 and h3. An h3 nests under the h2 before it; an h3 before any
 * h2 is listed at the top level so no section is lost.
 */
export function tableOfContents(headings: readonly Heading[]): TocEntry[] {
  const toc: TocEntry[] = [];
  for (const heading of headings) {
    const text = heading.text.trim();
    if (heading.depth === 2) toc.push({ slug: heading.slug, text, children: [] });
    else if (heading.depth === 3) {
      const parent = toc.at(-1);
      if (parent) parent.children.push({ slug: heading.slug, text });
      else toc.push({ slug: heading.slug, text, children: [] });
    }
  }
  return toc;
}

/**
 * Problems with the set of pages: a page a group must hold is missing, sits in another
 * group, or two pages share an `order` in one group. Empty when everything is in place.
 */
export function specProblems(pages: readonly WikiPageMeta[]): string[] {
  const problems: string[] = [];
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  for (const group of WIKI_GROUPS) {
    for (const slug of group.specPages) {
      const page = bySlug.get(slug);
      if (!page) problems.push(`Falta la página content/wiki/${slug}.mdx (grupo "${group.id}").`);
      else if (page.group !== group.id) {
        problems.push(`content/wiki/${slug}.mdx: group debe ser "${group.id}", no "${page.group}".`);
      }
    }
  }
  const seen = new Map<string, string>();
  for (const page of pages) {
    const key = `${page.group}:${page.order}`;
    const other = seen.get(key);
    if (other)
      problems.push(
        `content/wiki/${page.slug}.mdx y content/wiki/${other}.mdx tienen el mismo order (${page.order}) en el grupo "${page.group}".`,
      );
    else seen.set(key, page.slug);
  }
  return problems;
}
