/**
 * How the bundler groups the site's Markdown and MDX pages in the code that renders them (never in what a
 * browser loads: that code stays on the build's machine). Left to itself it makes two chunks of every page:
 * 2,220 of the 2,312 chunks at a thousand wiki pages, each handed to every plugin's hooks, written to disk and
 * imported again to render, which took about a third of the bundling time, also in a rebuild where one page
 * changed.
 * Grouped, they are chunks of about `CHUNK_BYTES` each. A group also takes in what its modules import and no
 * other group claims (the wiki's components, part of Astro's runtime), so other pages load one of its
 * chunks too, and a rebuild that renders one page loads two or three of them. The HTML written is the same,
 * byte for byte: the grouping changes where the code is, not what it renders, and Astro decides which pages
 * to render again from the modules, not the chunks.
 */

/** Near this size a group of pages becomes its own chunk; the site of today fits in one. */
const CHUNK_BYTES = 1024 * 1024;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The modules of the pages under `contentDir` (the project's `content/`), with or without the query Astro
 * adds: `<contentDir>/wiki/setup.mdx?astroPropagatedAssets`. Vite names modules by their path with forward
 * slashes, on Windows too.
 */
export function contentPageModule(contentDir: string): RegExp {
  const folder = contentDir.replaceAll('\\', '/').replace(/\/?$/, '/');
  return new RegExp(`^${escaped(folder)}[^?]+\\.mdx?(\\?.*)?$`);
}

/** Rolldown's `output.codeSplitting` group for the pages under `contentDir`. */
export function contentPagesGroup(contentDir: string) {
  return { name: 'content-pages', test: contentPageModule(contentDir), maxSize: CHUNK_BYTES };
}
