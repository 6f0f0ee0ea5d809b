import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { timedPhase } from './build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageReader } from './built-html.ts';
import { movedInto, previousBuildOf } from './previous-build.ts';
import { feedInHelper, type HelperFeed } from './search-helper-client.ts';
import { feedAhead, PAGES_IN_FLIGHT, searchablePaths, sinkForPass, type PassSink } from './search-index-ahead.ts';
import { pagefindSink, type IndexFile } from './search-sink.ts';

/** Only the wiki's pages are searchable: `/wikiangram/<slug>`, not the redirect or the e-mail previews. */
const WIKI_DIR = 'wikiangram';
const WIKI_SEARCH_PAGE = /^wikiangram\/[^/]+\.html$/;
const isSearchPage = (path: string) => WIKI_SEARCH_PAGE.test(path);
export const PAGEFIND_DIR = 'pagefind';

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
 * What the pass did with the wiki's pages: how many it saw, how many the index fed ahead already held, and
 * why an index fed ahead was not used, if one was made.
 */
export interface SearchPages {
  seen: number;
  heldAhead: number;
  dropped?: string;
}

/**
 * Gives the sink each wiki page of the build's pass over its pages (./built-html.ts), in the pass's order,
 * `PAGES_IN_FLIGHT` at a time; the first error stops the rest. A page the sink was fed ahead with the same
 * bytes is not given again. A sink fed ahead lives in a helper process: when it fails (`lost()`), the
 * pages are left to a new index (`buildIndex`) and the pass goes on. `sinkFor(root)`: the sink for the site
 * at `root`.
 */
export function searchIndexReader(
  sinkFor: (root: string) => Promise<PassSink>,
): PageReader & { pages: () => SearchPages; lost: () => boolean } {
  const pages: SearchPages = { seen: 0, heldAhead: 0 };
  let lost = false;
  return {
    wants: isSearchPage,
    atOnce: PAGES_IN_FLIGHT,
    pages: () => ({ ...pages }),
    lost: () => lost,
    read: async ({ root, path, body, digest }) => {
      pages.seen += 1;
      const { sink, fed, ahead } = await sinkFor(root);
      if (fed.get(path) === digest()) {
        pages.heldAhead += 1;
        return;
      }
      if (!ahead) return sink.add(path, body);
      await sink.add(path, body).catch(() => {
        lost = true;
      });
    },
  };
}

/** The files of an index made in this process from the wiki pages written under `root`. */
async function indexFromDisk(root: string): Promise<IndexFile[]> {
  const sink = pagefindSink();
  await feedAhead(sink, root, await searchablePaths(root, WIKI_DIR, isSearchPage));
  return sink.files();
}

/**
 * The index's files: the pass's sink's (`planned`), or, when that sink was fed ahead in a helper that failed
 * (`lost`: during the pass) or stood still, those of a new index given the pages on disk under `root` (the
 * same pages in the same order: the same index), with why.
 */
export async function indexFiles(
  root: string,
  planned: PassSink,
  lost: boolean,
): Promise<{ files: IndexFile[]; dropped?: string }> {
  const { sink, ahead } = planned;
  if (!ahead) return { files: await sink.files(), dropped: planned.dropped };
  const files = lost ? undefined : await sink.files().catch(() => undefined);
  if (files) return { files };
  await sink.close();
  return {
    files: await indexFromDisk(root),
    dropped: 'el proceso auxiliar falló o dejó de avanzar; el índice se armó con las páginas escritas',
  };
}

async function buildIndex(root: string, logger: AstroIntegrationLogger, search: SearchIndexing): Promise<SearchPages> {
  return timedPhase(logger, 'busqueda', async () => {
    try {
      await builtPagesTaken(root, search.reader);
      if (search.reader.pages().seen === 0)
        throw new Error(`Pagefind no encontró páginas de la wiki en ${join(root, WIKI_DIR)}`);
      const { files, dropped } = await indexFiles(root, await search.sinkFor(root), search.reader.lost());
      const previous = previousBuildOf(root);
      await writeIndexFiles(join(root, PAGEFIND_DIR), files, previous && join(previous.files, PAGEFIND_DIR));
      return { ...search.reader.pages(), dropped };
    } finally {
      await search.close();
    }
  });
}

/** A build's index: fed ahead from the previous build's pages in a helper if there is one, then by the pass. */
interface SearchIndexing {
  sinkFor: (root: string) => Promise<PassSink>;
  reader: ReturnType<typeof searchIndexReader>;
  /** Ends whatever holds an index: the helper, and Pagefind's service in this process. */
  close: () => Promise<void>;
}

/** `previousFiles`: the previous build's files, whose wiki pages the index is fed ahead with. */
function searchIndexing(previousFiles: string | undefined): SearchIndexing {
  // None when the previous build left no wiki pages (a first build): nothing to feed ahead, nothing to say.
  const helper: Promise<HelperFeed | undefined> | undefined =
    previousFiles === undefined
      ? undefined
      : searchablePaths(previousFiles, WIKI_DIR, isSearchPage).then(
          (paths) => (paths.length > 0 ? feedInHelper(previousFiles, paths) : undefined),
          () => undefined,
        );
  const ahead = helper && (async () => (await helper)?.awaited());
  let planned: Promise<PassSink> | undefined;
  const sinkFor = (root: string) =>
    (planned ??= sinkForPass(ahead, () => searchablePaths(root, WIKI_DIR, isSearchPage), pagefindSink));
  const close = async () => {
    await Promise.all([helper?.then((feed) => feed?.close()), pagefind.close()]);
  };
  return { sinkFor, reader: searchIndexReader(sinkFor), close };
}

/** The index each build is writing, by output folder: started by wikiSearchIndex, awaited by wikiSearchIndexWritten. */
const indexing = new Map<string, Promise<SearchPages>>();

/**
 * Builds the wiki's search index with Pagefind's Node API once the static pages are written, into
 * `dist/pagefind/` (served as `/pagefind/pagefind.js`, loaded by the search dialog on first open). The
 * pages come from the build's one pass over `dist/` (./built-html.ts), under the URL Pagefind would give
 * the file, cut to what it indexes (./search-document.ts). When the previous build was set aside
 * (./previous-build.ts), its pages are given to the index while Vite bundles, and the pass gives again
 * only the pages that changed (./search-index-ahead.ts).
 *
 * Pagefind indexes in its own process, so the hook only starts it: the other steps of the pass (font
 * coverage, CSP hashes, compression) run in this process meanwhile, on the other core.
 * `wikiSearchIndexWritten()`, placed before any step that reads `dist/pagefind/`, waits for it. A failure
 * stops the build there: a wiki without its search would ship silently broken.
 */
export function wikiSearchIndex(): AstroIntegration {
  let outDir = '';
  let search = searchIndexing(undefined);
  return {
    name: 'angram:wiki-search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': () => {
        // After previousBuildAside's own hook, which set the previous build aside.
        search = searchIndexing(previousBuildOf(outDir)?.files);
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
        const { seen, heldAhead, dropped } = await running;
        logger.info(
          `${seen} páginas de la wiki indexadas en /${PAGEFIND_DIR}/` +
            (heldAhead > 0 ? `, ${heldAhead} dadas al índice desde el build anterior mientras se empaquetaba` : '') +
            (dropped ? ` (sin el índice adelantado con el build anterior: ${dropped})` : ''),
        );
      },
    },
  };
}
