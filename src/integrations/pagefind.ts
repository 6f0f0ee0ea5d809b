import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { timedPhase } from './build-timing.ts';
import { builtHtml } from './built-html.ts';

/** Only the wiki's pages are searchable: `/wikiangram/<slug>`, not the redirect or the e-mail previews. */
const WIKI_SEARCH_PAGE = /^wikiangram\/[^/]+\.html$/;
export const PAGEFIND_DIR = 'pagefind';

/**
 * What Pagefind needs of a wiki page: the document's head (language, title) and its <main>, which holds the
 * indexed part (`data-pagefind-body`). Pagefind indexes nothing outside that part, but it parses the whole
 * page first, and the sidebar before <main> lists every page of the wiki: at a thousand pages it is nine
 * tenths of each page's bytes and most of the index's time. Pagefind also takes the page's first image as
 * the result's picture, so the first image on each side of <main> stays where it was: the index is the same,
 * byte for byte. A page without exactly one <main> goes whole.
 */
export function searchableDocument(html: string): string {
  const bodyStart = html.indexOf('<body');
  const mainStart = html.indexOf('<main');
  const mainEnd = html.indexOf('</main>');
  if (bodyStart === -1 || mainStart < bodyStart || mainEnd < mainStart || html.includes('<main', mainStart + 1))
    return html;
  const bodyTagEnd = html.indexOf('>', bodyStart) + 1;
  const afterMain = mainEnd + '</main>'.length;
  const firstImage = (part: string) => /<img\b[^>]*>/i.exec(part)?.[0] ?? '';
  return [
    html.slice(0, bodyTagEnd),
    firstImage(html.slice(bodyTagEnd, mainStart)),
    html.slice(mainStart, afterMain),
    firstImage(html.slice(afterMain)),
    '</body></html>',
  ].join('');
}

/** The index's files under `dir`, each folder made once. */
export async function writeIndexFiles(
  dir: string,
  files: ReadonlyArray<{ path: string; content: Uint8Array }>,
): Promise<void> {
  const folders = new Set(files.map((file) => dirname(join(dir, file.path))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await Promise.all(files.map((file) => writeFile(join(dir, file.path), file.content)));
}

/**
 * Pages sent to Pagefind before the first answer comes back. Its service indexes one page at a time, in the
 * order they arrive; awaiting each answer before sending the next page left it idle while this process cut
 * and encoded that page. A few in flight keep it busy without holding every encoded page in memory at once.
 */
const PAGES_IN_FLIGHT = 8;

/** Adds every page to the index, in order, `PAGES_IN_FLIGHT` at a time; the first error stops the rest. */
export async function addPages(
  index: Pick<pagefind.PagefindIndex, 'addHTMLFile'>,
  pages: ReadonlyArray<readonly [string, Buffer]>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const sender = async () => {
    for (let position = next++; position < pages.length && !failed; position = next++) {
      const [path, body] = pages[position] ?? ['', Buffer.alloc(0)];
      const content = searchableDocument(body.toString('utf8'));
      const added = await index.addHTMLFile({ url: `/${path}`, content });
      if (added.errors.length > 0) {
        failed = true;
        throw new Error(`Pagefind (${path}): ${added.errors.join('; ')}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PAGES_IN_FLIGHT }, sender));
}

async function buildIndex(root: string, logger: AstroIntegrationLogger): Promise<number> {
  const pages = [...(await builtHtml(root))].filter(([path]) => WIKI_SEARCH_PAGE.test(path));
  return timedPhase(logger, 'busqueda', async () => {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'es' });
    if (!index) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
    try {
      if (pages.length === 0) throw new Error(`Pagefind no encontró páginas de la wiki en ${join(root, 'wikiangram')}`);
      await addPages(index, pages);
      // Pagefind's service answers its own writeFiles before every byte reaches the disk, and close()
      // then kills it: under load a build shipped pagefind.js cut at a page boundary. The files are
      // taken from it instead and written here, each awaited.
      const built = await index.getFiles();
      if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
      await writeIndexFiles(join(root, PAGEFIND_DIR), built.files);
      return pages.length;
    } finally {
      await pagefind.close();
    }
  });
}

/** The index each build is writing, by output folder: started by wikiSearchIndex, awaited by wikiSearchIndexWritten. */
const indexing = new Map<string, Promise<number>>();

/**
 * Builds the wiki's search index with Pagefind's Node API once the static pages are written, into
 * `dist/pagefind/` (served as `/pagefind/pagefind.js`, loaded by the search dialog on first open). The
 * pages come from the build's one reading of `dist/` (./built-html.ts), under the URL Pagefind would give
 * the file, cut to what it indexes (`searchableDocument`).
 *
 * Pagefind indexes in its own process, so the hook only starts it: the steps after it (font coverage, CSP
 * hashes) run in this process meanwhile, on the other core. `wikiSearchIndexWritten()`, placed before any
 * step that reads `dist/pagefind/`, waits for it. A failure stops the build there: a wiki without its
 * search would ship silently broken.
 */
export function wikiSearchIndex(): AstroIntegration {
  return {
    name: 'angram:wiki-search-index',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const running = buildIndex(root, logger);
        // Awaited by wikiSearchIndexWritten; a failure before then is not an unhandled rejection.
        running.catch(() => undefined);
        indexing.set(root, running);
      },
    },
  };
}

/** Waits for the index wikiSearchIndex started; its error, if any, fails the build here. */
export function wikiSearchIndexWritten(): AstroIntegration {
  return {
    name: 'angram:wiki-search-index-written',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const running = indexing.get(root);
        if (!running) throw new Error('wikiSearchIndexWritten() necesita wikiSearchIndex() antes en integrations');
        indexing.delete(root);
        const count = await running;
        logger.info(`${count} páginas de la wiki indexadas en /${PAGEFIND_DIR}/`);
      },
    },
  };
}
