/**
 * Compresses the built site once, at build time, so the server never spends the event loop on it and any
 * host that serves such copies can use them. Five things keep it in step with what changed:
 * - the previous build's copies of a file whose bytes and levels did not change, moved back into `dist/`
 *   with a rename (./previous-copies.ts): no new file, nothing compressed or read from the cache;
 * - a content-addressed cache (the hash of a file's bytes and of the settings names its copies) in a folder
 *   a clean `dist/` leaves alone, as Astro keeps its optimized images: an unchanged page costs a hash and a
 *   read of its copies, not a brotli run. The copies are kept in one pack file per build (./cache-pack.ts),
 *   not two files per page: a new file costs more here than the bytes written into it;
 * - each file compressed as soon as its bytes are final: the bundler's as it writes them, each page as it
 *   is rendered (`startPageCompression`), in helper processes that take only the CPU the rendering
 *   leaves idle (./idle-compression.ts), and written beside the build as files the last step renames into
 *   place (`stage`);
 * - what the helpers did not finish, on zlib's asynchronous API, as many files at once as the machine
 *   has cores;
 * - each file the compression level that pays for itself (see `compressionLevels`).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { isCompressible, PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { phaseStart, timedPhase, type PhaseStart } from './build-timing.ts';
import { builtPagesTaken, registerPageStep, type PageReader } from './built-html.ts';
import { cachePack, type CachePack } from './cache-pack.ts';
import { brotliOptions, gzipOptions, type Copies, type Levels } from './compression-options.ts';
import { idleCompression } from './idle-compression.ts';
import { movedInto, previousBuildOf, recordThisBuild, succeeded, type PreviousBuild } from './previous-build.ts';
import {
  copiesRecord,
  copyFacts,
  movedBack,
  type CopyFacts,
  previousCopies,
  type FileCopies,
  type PreviousCopies,
} from './previous-copies.ts';

/** Below this a compressed copy saves nothing worth a request header. */
const MIN_BYTES = 256;
/** The cache, beside Astro's own (node_modules/.astro) and the fonts' (node_modules/.cache/angram-fonts). */
export const PRECOMPRESS_CACHE_DIR = 'node_modules/.cache/angram-precompress';
/** A site with more HTML than this is one whose wiki or portfolio grew to hundreds of pages (see `compressionLevels`). */
const LARGE_SITE_HTML_BYTES = 8 * 1024 * 1024;
/** Where Vite writes the bundled scripts, styles and images, each name carrying its content's hash. */
const ASSETS_DIR = '_astro';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Each file the level whose time it pays back, measured on this site (both languages, 6.6 MB of text):
 * - every file: brotli 10 with postfix 3, 1.4 % more bytes than 11 for two fifths of its time, on the HTML
 *   and on the bundler's scripts and styles alike (`_astro/`, 0.6 MB: 1.8 KB more in brotli, 0.14 % of the
 *   site's, for 0.4 s less CPU in a clean build, where those copies ran beside the pages' and delayed them).
 *   The pages change with every edit and are compressed as they are rendered: at 10 that keeps pace with
 *   the rendering on the other core (2 s of CPU for 99 pages), at 11 it would outlast it by 4 s.
 * - once the site's HTML passes LARGE_SITE_HTML_BYTES (a wiki or portfolio of hundreds of pages, each
 *   carrying a sidebar that lists them all): its HTML gets brotli 5, a fiftieth of 11's time for about
 *   13 % more bytes on such a page (2 KB of 155 KB), and gzip (for the few clients without brotli) its
 *   default level.
 * Gzip 9 otherwise: it costs a fiftieth of brotli 10.
 */
export function compressionLevels(path: string, siteHtmlBytes: number): Levels {
  const html = extname(path) === '.html';
  if (html && siteHtmlBytes > LARGE_SITE_HTML_BYTES) return { brotli: 5, window: 22, postfix: 0, gzip: 6 };
  return { brotli: 10, window: 22, postfix: 3, gzip: 9 };
}

interface Compressed {
  /** By path from the site's root. */
  path: string;
  bytes: number;
  /** What was written, the record's row for the next build (./previous-copies.ts). */
  copies: FileCopies;
  /**
   * Where the copies came from: the previous build's files, the cache, the bundler's write
   * (`startAssetCompression`), or this step.
   */
  origin: 'previous' | 'cache' | 'early' | 'now';
}

interface CacheKey {
  br: string;
  gz: string;
}

/** The content's hash and the settings: the keys of a file's copies in the cache. `hash`: the content's, if known. */
function cacheKey(
  source: Buffer,
  levels: Levels,
  hash = createHash('sha256').update(source).digest('base64url'),
): CacheKey {
  return { br: `${hash}.q${levels.brotli}w${levels.window}p${levels.postfix}.br`, gz: `${hash}.l${levels.gzip}.gz` };
}

/**
 * Copies being compressed ahead of the last step, by their brotli cache key (`startEarly`). They settle
 * once both copies are in the cache and hold no bytes: a thousand pages' copies would otherwise stay in
 * memory until the last step.
 */
const started = new Map<string, Promise<void>>();

/** Both copies from the cache, or none when either is missing or damaged. */
async function cachedCopies(cache: CachePack, key: CacheKey): Promise<Copies | undefined> {
  const [br, gz] = await Promise.all([cache.get(key.br), cache.get(key.gz)]);
  return br && gz ? { br, gz } : undefined;
}

/** Both copies of `source`, kept in `cache` when there is one. */
async function compress(source: Buffer, levels: Levels, cache?: CachePack): Promise<Copies> {
  const [br, gz] = await Promise.all([
    brotliAsync(source, brotliOptions(levels, source.length)),
    gzipAsync(source, gzipOptions(levels)),
  ]);
  if (cache) {
    const key = cacheKey(source, levels);
    await Promise.all([cache.put(key.br, br), cache.put(key.gz, gz)]);
  }
  return { br, gz };
}

async function compressFile(
  root: string,
  path: string,
  source: Buffer,
  levels: Levels,
  cache?: CachePack,
  previous?: PreviousCopies,
  digest?: string,
): Promise<Compressed> {
  const file = join(root, path);
  const key = cacheKey(source, levels, digest);
  const targets = { br: file + PRECOMPRESSED_SUFFIX.br, gz: file + PRECOMPRESSED_SUFFIX.gzip };
  const early = started.get(key.br);
  // A copy started early that failed is made again below, as one never started.
  if (early) await early.catch(() => undefined);
  const back = await movedBack(previous, path, key, targets);
  // Kept in the cache for a build without dist/: copied from the last pack, or put from what was read.
  if (back && cache)
    await Promise.all([
      cache.keep(key.br) || cache.put(key.br, back.bytes.br),
      cache.keep(key.gz) || cache.put(key.gz, back.bytes.gz),
    ]);
  const written = back
    ? { origin: 'previous' as const, copies: back.copies }
    : ((await stagedMovedIn(key, targets)) ??
      (await writtenCopies(source, levels, key, targets, cache, early !== undefined)));
  // Same time as the source: the server uses a copy only when it is not older than its file.
  const seconds = (await stat(file)).mtimeMs / 1000;
  await Promise.all([utimes(targets.br, seconds, seconds), utimes(targets.gz, seconds, seconds)]);
  return { path, bytes: source.length, ...written };
}

/** Where a file's copies came from, and what the record keeps of them. */
type WrittenCopies = Pick<Compressed, 'origin' | 'copies'>;

/** Where a file's two copies go. */
interface CopyPaths {
  br: string;
  gz: string;
}

/** Writes both copies to `targets`, from the cache or compressed now. */
async function writtenCopies(
  source: Buffer,
  levels: Levels,
  key: CacheKey,
  targets: CopyPaths,
  cache: CachePack | undefined,
  startedEarly: boolean,
): Promise<WrittenCopies> {
  const cached = cache && (await cachedCopies(cache, key));
  const { br, gz } = cached ?? (await compress(source, levels, cache));
  await Promise.all([writeFile(targets.br, br), writeFile(targets.gz, gz)]);
  return {
    origin: cached ? (startedEarly ? 'early' : 'cache') : 'now',
    copies: { br: copyFacts(key.br, br), gz: copyFacts(key.gz, gz) },
  };
}

export interface PrecompressOptions {
  /** Where compressed copies are kept between builds; none: every file is compressed. */
  cacheDir?: string;
  /** Which files to compress, by path from `root` (`a/b.html`); all when absent. */
  only?: (path: string) => boolean;
  /**
   * Whether this pass is the build's last use of the cache, which then keeps what the build used and
   * drops the rest (`CachePack.commit`); a pass followed by another over the same build leaves it open.
   */
  last?: boolean;
  /** The previous build's copies, moved into place where they still fit (`movedBack`). */
  previous?: PreviousCopies;
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  reused: number;
  /** Of the reused, how many were the previous build's copies moved back into place. */
  movedBack: number;
  early: number;
  /** Every file of `root` this pass took (compressed, or too small to be), by path from `root`. */
  taken: Set<string>;
  /** What each compressed file got: the next build's record (`copiesRecord`). */
  compressed: Compressed[];
}

const fromRoot = (root: string, path: string) => relative(root, path).split(sep).join('/');

/** The bytes of the HTML files among `paths`, as they are on disk. */
async function htmlBytes(paths: readonly string[]): Promise<number> {
  const sizes = await Promise.all(
    paths.filter((path) => path.endsWith('.html')).map(async (path) => (await stat(path)).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

function summed(results: Compressed[], taken: Set<string>): PrecompressResult {
  const moved = results.filter((result) => result.origin === 'previous').length;
  return {
    files: results.length,
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    brotliBytes: results.reduce((sum, result) => sum + result.copies.br.length, 0),
    reused: results.filter((result) => result.origin === 'cache').length + moved,
    movedBack: moved,
    early: results.filter((result) => result.origin === 'early').length,
    taken,
    compressed: results,
  };
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `root`; returns how many files. */
export async function precompressDirectory(root: string, options: PrecompressOptions = {}): Promise<PrecompressResult> {
  const { cacheDir, only = () => true, last = true, previous } = options;
  const cache = cacheDir === undefined ? undefined : cachePack(cacheDir);
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const compressible = entries
    .filter((entry) => entry.isFile() && isCompressible(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  // The level of a page depends on all of the site's HTML, whichever files this pass takes.
  const siteHtmlBytes = await htmlBytes(compressible);
  const paths = compressible.filter((path) => only(fromRoot(root, path)));
  const results: Compressed[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      const path = paths[index] ?? '';
      const source = await readFile(path);
      if (source.length < MIN_BYTES) continue;
      const name = fromRoot(root, path);
      results.push(await compressFile(root, name, source, compressionLevels(name, siteHtmlBytes), cache, previous));
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  if (cache && last) await cache.commit();
  return summed(results, new Set(paths.map((path) => fromRoot(root, path))));
}

/** The cache folder of the build running in this process, for the copies started before its last step. */
let earlyCacheDir: string | undefined;
/** Its output folder, whose previous build's scratch folder holds the staged copies. */
let earlyOutDir: string | undefined;
const earlyStagingDir = () => (earlyOutDir === undefined ? undefined : previousBuildOf(earlyOutDir)?.scratch);

/** The helpers that compress while the pages render, at the lowest priority. */
const idle = idleCompression();

function resetEarlyCompression(): void {
  started.clear();
  staged.clear();
  idle.close();
  renderedPages = 0;
  renderedBytes = 0;
}

/**
 * The copies the helpers made, written as files while the pages render, by cache key, with what the
 * record needs of each. The last step renames them into `dist/`: at x30 writing 2,400 copies as new files
 * there held its pass over the pages for 2 s, while during the rendering the CPU for it sits idle.
 */
const staged = new Map<string, { dir: string; facts: CopyFacts }>();

/** Leaves `bytes` under `key` in `dir` for `stagedMovedIn`; a copy that cannot be written is simply not staged. */
async function stage(dir: string | undefined, key: string, bytes: Buffer): Promise<void> {
  if (dir !== undefined && (await succeeded(writeFile(join(dir, key), bytes))))
    staged.set(key, { dir, facts: copyFacts(key, bytes) });
}

/** Both staged copies of `key` renamed to `targets`, or undefined when either is not there to rename. */
async function stagedMovedIn(key: CacheKey, targets: CopyPaths): Promise<WrittenCopies | undefined> {
  const br = staged.get(key.br);
  const gz = staged.get(key.gz);
  if (!br || !gz) return undefined;
  // Claimed before the renames: a second file with the same bytes writes its own copies.
  staged.delete(key.br);
  staged.delete(key.gz);
  const moved = await Promise.all([
    movedInto(join(br.dir, key.br), targets.br),
    movedInto(join(gz.dir, key.gz), targets.gz),
  ]);
  return moved.every(Boolean) ? { origin: 'early', copies: { br: br.facts, gz: gz.facts } } : undefined;
}

/**
 * Starts compressing `source` into the cache and the staging folder unless its copies are in the cache or
 * on their way; the promise settles then.
 */
function startEarly(
  source: Buffer,
  levels: Levels,
  cacheDir: string | undefined,
  stagingDir: string | undefined,
): Promise<unknown> {
  if (!cacheDir || source.length < MIN_BYTES) return Promise.resolve();
  const key = cacheKey(source, levels);
  const running = started.get(key.br);
  if (running) return running;
  const cache = cachePack(cacheDir);
  if (cache.has(key.br) && cache.has(key.gz)) return Promise.resolve();
  const copies = idle.compress(source, levels).then(async (made) => {
    if (!made) throw new Error('se deja para el último paso');
    await Promise.all([
      cache.put(key.br, made.br),
      cache.put(key.gz, made.gz),
      stage(stagingDir, key.br, made.br),
      stage(stagingDir, key.gz, made.gz),
    ]);
  });
  // A failure surfaces where the last step awaits the copies; a file it never asks for fails nothing.
  copies.catch(() => undefined);
  started.set(key.br, copies);
  return copies;
}

/** A file the bundler wrote, as its `writeBundle` hook sees it: chunks carry code, assets their source. */
type BundleFile = { fileName: string } & (
  { type: 'chunk'; code: string } | { type: 'asset'; source: string | Uint8Array }
);

/**
 * Starts compressing the bundler's files (`_astro/`) as it writes them (`startEarly`) and returns at once;
 * the promise it gives settles when they are all compressed. The last step takes the copies from here; a
 * file that does not end up in `dist/` only leaves a copy in the cache, and one whose bytes differ from
 * what was written is compressed there as any other.
 */
export function startAssetCompression(
  files: Iterable<BundleFile>,
  cacheDir = earlyCacheDir,
  stagingDir = earlyStagingDir(),
): Promise<unknown> {
  const running: Array<Promise<unknown>> = [];
  for (const file of files) {
    if (!file.fileName.startsWith(`${ASSETS_DIR}/`) || !isCompressible(extname(file.fileName))) continue;
    const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
    running.push(startEarly(source, compressionLevels(file.fileName, 0), cacheDir, stagingDir));
  }
  return Promise.allSettled(running);
}

let renderedPages = 0;
let renderedBytes = 0;

/**
 * Starts compressing a page as soon as it is rendered (and its CSP trimmed, ./csp-hashes.ts), while the
 * main thread renders the next one. Its level depends on the whole site's HTML, not known yet: the pages
 * so far times the site's paths estimates it. The last step decides the level on what was written: a page
 * whose estimate or bytes were wrong is compressed again there, so the estimate costs time at worst, never
 * bytes.
 */
export function startPageCompression(
  page: Buffer,
  sitePages: number,
  cacheDir = earlyCacheDir,
  stagingDir = earlyStagingDir(),
): Promise<unknown> {
  renderedPages += 1;
  renderedBytes += page.length;
  const expected = (renderedBytes / renderedPages) * Math.max(sitePages, renderedPages);
  return startEarly(page, compressionLevels('page.html', expected), cacheDir, stagingDir);
}

/**
 * The client's scripts are written after the last bundle and the styles before the pages render: their
 * compression starts on the cores the single-threaded rendering leaves idle, not after it.
 */
const earlyAssetCompression: Plugin = {
  name: 'angram:early-compression',
  apply: 'build',
  writeBundle(_options, bundle) {
    // Not awaited: the build goes on while the helpers compress.
    void startAssetCompression(Object.values(bundle));
  },
};

/** What the pass beside the search index compressed, by the build's folder, for the last step to skip. */
const firstPasses = new Map<string, PrecompressResult>();

/**
 * Compresses each page of the build's pass over its pages (./built-html.ts), as many at once as the machine
 * has cores. A page's level depends on all of the site's HTML, known only once every page has passed the
 * steps that rewrite them: it is taken from the pages' sizes on disk when the first page comes (the CSP step
 * only shortens pages, so it can only overestimate), and `levelsHeld` tells whether what every page then
 * had would have given the same levels; if not, the pages are compressed again from disk.
 */
export function pageCompressionReader(
  cacheDir: string,
  outside: (path: string) => boolean,
  previous?: (root: string) => PreviousCopies | undefined,
) {
  const results: Compressed[] = [];
  const taken = new Set<string>();
  let started: PhaseStart | undefined;
  let estimate: Promise<number> | undefined;
  let estimated = 0;
  let actual = 0;
  const reader: PageReader = {
    wants: outside,
    atOnce: availableParallelism(),
    read: async ({ root, path, body, digest }) => {
      started ??= phaseStart();
      taken.add(path);
      actual += body.length;
      estimate ??= readdir(root, { recursive: true }).then((names) => htmlBytes(names.map((name) => join(root, name))));
      estimated = await estimate;
      if (body.length < MIN_BYTES) return;
      const levels = compressionLevels(path, estimated);
      results.push(await compressFile(root, path, body, levels, cachePack(cacheDir), previous?.(root), digest()));
    },
  };
  return {
    reader,
    started: () => started,
    levelsHeld: () => estimated > LARGE_SITE_HTML_BYTES === actual > LARGE_SITE_HTML_BYTES,
    result: () => summed(results, taken),
  };
}

/**
 * Compresses what the build wrote, but the search index, while Pagefind builds that index in its own process
 * (./pagefind.ts): placed before `wikiSearchIndexWritten()`, the site's compression runs on the cores
 * Pagefind leaves, instead of after it. The pages come from the build's one pass over them, the other files
 * from disk. `precompress()`, last, compresses what is left (the index and anything written later); without
 * this pass it compresses everything.
 */
export function precompressBesideSearchIndex(searchIndexDir: string): AstroIntegration {
  const outside = (path: string) => !path.startsWith(`${searchIndexDir}/`);
  let pages: ReturnType<typeof pageCompressionReader> | undefined;
  return {
    name: 'angram:precompress-beside-search-index',
    hooks: {
      'astro:build:start': () => {
        pages = earlyCacheDir ? pageCompressionReader(earlyCacheDir, outside, previousCopiesOf) : undefined;
        if (pages) registerPageStep('angram:precompress-pages', pages.reader);
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!earlyCacheDir || !pages) return;
        const root = fileURLToPath(dir);
        const cacheDir = earlyCacheDir;
        const { reader, started, levelsHeld, result: pagesResult } = pages;
        await builtPagesTaken(root, reader);
        const result = await timedPhase(
          logger,
          'compresion',
          async () => {
            const held = levelsHeld();
            const first = held ? pagesResult() : undefined;
            const rest = (path: string) => outside(path) && !first?.taken.has(path);
            const previous = previousCopiesOf(root);
            return merged(first, await precompressDirectory(root, { cacheDir, only: rest, last: false, previous }));
          },
          started(),
        );
        // The cache's copy of what was moved back runs while the search index is finished, not after it.
        cachePack(cacheDir).carryKept();
        firstPasses.set(root, result);
      },
    },
  };
}

function merged(first: PrecompressResult | undefined, last: PrecompressResult): PrecompressResult {
  if (!first) return last;
  return summed([...first.compressed, ...last.compressed], new Set([...first.taken, ...last.taken]));
}

/** The copies of each previous build, read from its record once. */
const readRecords = new WeakMap<PreviousBuild, PreviousCopies>();

/** The previous build's copies of the site at `root`, if its files were set aside for this build. */
function previousCopiesOf(root: string): PreviousCopies | undefined {
  const previous = previousBuildOf(root);
  if (!previous) return undefined;
  const known = readRecords.get(previous);
  if (known) return known;
  const copies = previousCopies(previous);
  readRecords.set(previous, copies);
  return copies;
}

export function precompress(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'angram:precompress',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig }) => {
        cacheDir = fileURLToPath(new URL(`${PRECOMPRESS_CACHE_DIR}/`, config.root));
        if (command === 'build') {
          earlyCacheDir = cacheDir;
          earlyOutDir = fileURLToPath(config.outDir);
          updateConfig({ vite: { plugins: [earlyAssetCompression] } });
        }
      },
      // Nothing renders any more: what the helpers have not finished, the last step does on every core.
      'astro:build:generated': () => idle.drop(),
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const first = firstPasses.get(root);
        firstPasses.delete(root);
        const left = (path: string) => !first?.taken.has(path);
        const previous = previousCopiesOf(root);
        let result: PrecompressResult;
        try {
          result = merged(
            first,
            await timedPhase(logger, 'compresion', () =>
              precompressDirectory(root, { cacheDir, only: left, previous }),
            ),
          );
          // Every copy is written: what the next build may move back.
          await recordThisBuild(root, copiesRecord(result.compressed.map((each) => [each.path, each.copies])));
        } finally {
          // A failed build leaves nothing to the next one in this process (the dev server's, a test's).
          resetEarlyCompression();
        }
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        logger.info(
          `${result.files} archivos comprimidos (brotli y gzip; ${result.reused} sin cambios: ` +
            `${result.movedBack} del build anterior, ${result.reused - result.movedBack} de la caché; ` +
            `${result.early} empezados mientras se generaban las páginas): ` +
            `${kib(result.bytes)} -> ${kib(result.brotliBytes)} en brotli`,
        );
      },
    },
  };
}
