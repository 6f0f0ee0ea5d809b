/**
 * How the bundler groups the site's Markdown and MDX pages in the code that renders them (never in what a
 * browser loads: that code stays on the build's machine). Left to itself it makes two chunks of every page
 * (the page and its assets): 2,312 of them at a thousand wiki pages, each handed to every plugin's hooks,
 * written to disk and imported again to render, which was a quarter of the bundling time, also in a rebuild
 * where one page changed. Grouped, they are chunks of about `CHUNK_BYTES` each; a rebuild that renders one
 * page loads one of them. The HTML written is the same, byte for byte: the grouping changes where the
 * code is, not what it renders, and Astro decides which pages to render again from the modules, not the chunks.
 */

/** Near this size a group of pages becomes its own chunk; the site of today fits in one. */
const CHUNK_BYTES = 1024 * 1024;

/** A page of a content collection (`content/wiki/setup.mdx`), with or without the query Astro adds. */
export const CONTENT_PAGE_MODULE = /[\\/]content[\\/].+\.mdx?(\?.*)?$/;

/** Rolldown's `output.codeSplitting` group for those pages. */
export const CONTENT_PAGES_GROUP = {
  name: 'content-pages',
  test: CONTENT_PAGE_MODULE,
  maxSize: CHUNK_BYTES,
};
