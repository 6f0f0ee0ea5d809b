import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { timedPhase } from './build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageReader } from './built-html.ts';
import { movedInto, previousBuildOf } from './previous-build.ts';

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

/**
 * Pagefind's ready-made search interfaces (Default UI, Modular UI, Component UI) and its highlighter, which it
 * writes beside every index. The wiki's dialog (src/enhancements/wiki-search.ts) is the site's own and loads
 * only `pagefind.js`, which brings its worker, its WebAssembly, the index and the fragments: these 420 KB
 * would be deployed and compressed at every build for nobody.
 */
const UNUSED_BUNDLE = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

/**
 * Puts one of the index's files at `target`: the previous build's file (`previous`) when its bytes are the
 * same, moved back with a rename, or else written. Pagefind names its fragments and index chunks after
 * their content, so after an editor's change nearly all of them are the previous build's, and a rename
 * costs less here than a new file.
 */
async function placeIndexFile(target: string, content: Uint8Array, previous: string | undefined): Promise<void> {
  if (previous !== undefined) {
    const old = await readFile(previous).catch(() => undefined);
    if (old?.equals(content) && (await movedInto(previous, target))) return;
  }
  await writeFile(target, content);
}

/**
 * The index's files under `dir`, each folder made once; the bundles the site never loads are left out.
 * `previousDir`: the previous build's index, whose unchanged files are moved back (`placeIndexFile`).
 */
export async function writeIndexFiles(
  dir: string,
  files: ReadonlyArray<{ path: string; content: Uint8Array }>,
  previousDir?: string,
): Promise<void> {
  const used = files.filter((file) => !UNUSED_BUNDLE.test(file.path));
  const folders = new Set(used.map((file) => dirname(join(dir, file.path))));
  for (const folder of folders) await mkdir(folder, { recursive: true });
  await Promise.all(
    used.map((file) => placeIndexFile(join(dir, file.path), file.content, previousDir && join(previousDir, file.path))),
  );
}

/**
 * Pages sent to Pagefind before the first answer comes back. Its service indexes one page at a time, in the
 * order they arrive; awaiting each answer before sending the next page left it idle while this process cut
 * and encoded that page. A few in flight keep it busy without holding every encoded page in memory at once.
 */
const PAGES_IN_FLIGHT = 8;

type PageIndex = Pick<pagefind.PagefindIndex, 'addHTMLFile'>;

/**
 * Adds each wiki page of the build's pass over its pages (./built-html.ts) to the index, in the pass's
 * order, `PAGES_IN_FLIGHT` at a time; the first error stops the rest. `index` is the index once created.
 */
export function searchIndexReader(index: () => Promise<PageIndex>): PageReader & { pages: () => number } {
  let pages = 0;
  return {
    wants: (path) => WIKI_SEARCH_PAGE.test(path),
    atOnce: PAGES_IN_FLIGHT,
    pages: () => pages,
    read: async ({ path, text }) => {
      pages += 1;
      const content = searchableDocument(text());
      const added = await (await index()).addHTMLFile({ url: `/${path}`, content });
      if (added.errors.length > 0) throw new Error(`Pagefind (${path}): ${added.errors.join('; ')}`);
    },
  };
}

async function buildIndex(root: string, logger: AstroIntegrationLogger, search: SearchIndexing): Promise<number> {
  return timedPhase(logger, 'busqueda', async () => {
    try {
      await builtPagesTaken(root, search.reader);
      if (search.reader.pages() === 0)
        throw new Error(`Pagefind no encontró páginas de la wiki en ${join(root, 'wikiangram')}`);
      const index = await search.index();
      // Pagefind's service answers its own writeFiles before every byte reaches the disk, and close()
      // then kills it: under load a build shipped pagefind.js cut at a page boundary. The files are
      // taken from it instead and written here, each awaited.
      const built = await index.getFiles();
      if (built.errors.length > 0) throw new Error(`Pagefind: ${built.errors.join('; ')}`);
      const previous = previousBuildOf(root);
      await writeIndexFiles(join(root, PAGEFIND_DIR), built.files, previous && join(previous.files, PAGEFIND_DIR));
      return search.reader.pages();
    } finally {
      await pagefind.close();
    }
  });
}

/** The index a build creates (when the first wiki page reaches it) and the reader that fills it. */
interface SearchIndexing {
  index: () => Promise<pagefind.PagefindIndex>;
  reader: ReturnType<typeof searchIndexReader>;
}

function searchIndexing(): SearchIndexing {
  let created: Promise<pagefind.PagefindIndex> | undefined;
  const index = () => {
    created ??= pagefind.createIndex({ forceLanguage: 'es' }).then(({ index: made, errors }) => {
      if (!made) throw new Error(`Pagefind no pudo crear el índice: ${errors.join('; ')}`);
      return made;
    });
    return created;
  };
  return { index, reader: searchIndexReader(index) };
}

/** The index each build is writing, by output folder: started by wikiSearchIndex, awaited by wikiSearchIndexWritten. */
const indexing = new Map<string, Promise<number>>();

/**
 * Builds the wiki's search index with Pagefind's Node API once the static pages are written, into
 * `dist/pagefind/` (served as `/pagefind/pagefind.js`, loaded by the search dialog on first open). The
 * pages come from the build's one pass over `dist/` (./built-html.ts), under the URL Pagefind would give
 * the file, cut to what it indexes (`searchableDocument`).
 *
 * Pagefind indexes in its own process, so the hook only starts it: the other steps of the pass (font
 * coverage, CSP hashes, compression) run in this process meanwhile, on the other core. `wikiSearchIndexWritten()`, placed before any
 * step that reads `dist/pagefind/`, waits for it. A failure stops the build there: a wiki without its
 * search would ship silently broken.
 */
export function wikiSearchIndex(): AstroIntegration {
  let search = searchIndexing();
  return {
    name: 'angram:wiki-search-index',
    hooks: {
      'astro:build:start': () => {
        search = searchIndexing();
        registerPageStep('angram:wiki-search-index', search.reader);
      },
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const running = buildIndex(root, logger, search);
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
