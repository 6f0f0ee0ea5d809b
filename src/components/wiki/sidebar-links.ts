/**
 * The links of one sidebar group as HTML, written as the template wrote them. A wiki of a thousand pages
 * lists all of them on every page: rendered element by element that cost each page 55 microseconds per link (20 ms
 * at 350 pages), so a group without the page being shown is written once and reused by every page.
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

function linkHtml(link: SidebarLink): string {
  const current = link.current ? ' aria-current="page"' : '';
  return `<li> <a href="${escapeAttribute(link.href)}"${current} class="wiki-link"> ${escapeText(link.title)} </a> </li>`;
}

const written = new WeakMap<readonly SidebarLink[], string>();

/** The inside of a group's `<ul>`; the same list object (a group without the current page) is written once. */
export function sidebarLinksHtml(links: readonly SidebarLink[]): string {
  let html = written.get(links);
  if (html === undefined) {
    html = ` ${links.map(linkHtml).join('')} `;
    written.set(links, html);
  }
  return html;
}
