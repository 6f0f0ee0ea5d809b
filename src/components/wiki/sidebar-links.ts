/**
 * The links of one sidebar group as HTML. A wiki of a thousand pages lists all of them on every page:
 * rendered element by element that cost each page 55 microseconds per link (20 ms at 350 pages), so each
 * group is written once per build and every page reuses it; the group that holds the page being shown gets
 * that one link rewritten, marked as current.
 *
 * Each link is written with nothing a browser would not use: no spaces around the title (the link is a
 * flex box, which drops them) and no class (the group's list styles its links). A template's spaces and
 * class were a quarter of each link's bytes, a fifth of every wiki page's at a thousand pages, written,
 * compressed and read by every step after the rendering.
 */
import type { SidebarLink } from '../../lib/wiki/navigation.ts';

const ESCAPED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};

/** What Astro writes for `{text}`. */
function escapeText(text: string): string {
  return text.replace(/[&<>'"]/g, (char) => ESCAPED[char] ?? char);
}

/** What Astro writes for an attribute's value. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

function linkHtml(link: SidebarLink, current: boolean): string {
  const mark = current ? ' aria-current="page"' : '';
  return `<li><a href="${escapeAttribute(link.href)}"${mark}>${escapeText(link.title)}</a></li>`;
}

/** A group's links written once, and where in that text each link (by slug) starts and ends. */
interface WrittenGroup {
  html: string;
  spans: Map<string, { link: SidebarLink; start: number; end: number }>;
}

const written = new WeakMap<readonly SidebarLink[], WrittenGroup>();

function write(links: readonly SidebarLink[]): WrittenGroup {
  const parts: string[] = [];
  const spans = new Map<string, { link: SidebarLink; start: number; end: number }>();
  let length = 0;
  for (const link of links) {
    const part = linkHtml(link, false);
    spans.set(link.slug, { link, start: length, end: length + part.length });
    parts.push(part);
    length += part.length;
  }
  return { html: parts.join(''), spans };
}

/**
 * The inside of a group's `<ul>`, with `currentSlug`'s link marked when the group holds it. The same list
 * object is written once; a page then costs one link, not the whole group.
 */
export function sidebarLinksHtml(links: readonly SidebarLink[], currentSlug?: string): string {
  let group = written.get(links);
  if (group === undefined) {
    group = write(links);
    written.set(links, group);
  }
  const span = currentSlug === undefined ? undefined : group.spans.get(currentSlug);
  if (span === undefined) return group.html;
  return group.html.slice(0, span.start) + linkHtml(span.link, true) + group.html.slice(span.end);
}
