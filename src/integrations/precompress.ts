/**
 * Compresses the built site once, at build time, so the server never spends the event loop on it and any
 * host that serves such copies can use them. Three things keep it in step with what changed:
 * - a content-addressed cache (the hash of a file's bytes and of the settings names its copies) in a folder
 *   a clean `dist/` leaves alone, as Astro keeps its optimized images: an unchanged page costs a hash and a
 *   file copy, not a brotli run;
 * - zlib's asynchronous API on libuv's threads, as many files at once as the machine has cores;
 * - each file the compression level that pays for itself (see `compressionLevels`).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { isCompressible, PRECOMPRESSED_SUFFIX } from '../../core/static-files.ts';
import { timedPhase } from './build-timing.ts';
import { builtHtml, releaseBuiltHtml, type BuiltHtml } from './built-html.ts';

/** Below this a compressed copy saves nothing worth a request header. */
const MIN_BYTES = 256;
/** The cache, beside Astro's own (node_modules/.astro) and the fonts' (node_modules/.cache/angram-fonts). */
export const PRECOMPRESS_CACHE_DIR = 'node_modules/.cache/angram-precompress';
/** Copies nobody used for this long are deleted at the end of a build. */
const CACHE_MAX_AGE_MS = 14 * 86_400_000;
/** A site with more HTML than this is one whose wiki or portfolio grew to hundreds of pages (see `compressionLevels`). */
const LARGE_SITE_HTML_BYTES = 8 * 1024 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface Levels {
  brotli: number;
  /**
   * log2 of brotli's window. 22 (4 MB) holds any page whole, at a thousand wiki pages too (250 KB): a
   * wider one compresses them to the same bytes but for the header's window size, and its encoder reserves
   * memory that Node reports to the garbage collector, which then ran a full collection every few pages
   * (13 s of a 30 s compression at 370 wiki pages).
   */
  window: number;
  gzip: number;
}

/**
 * Brotli 11 and gzip 9 for the site as it is (4 MB of HTML): 11 shrinks its pages 2 % below 10 and 9 %
 * below 9 for three to four times the time, a few seconds paid once per changed file, as the cache keeps
 * the result. Once the site's HTML passes LARGE_SITE_HTML_BYTES (a wiki or portfolio of hundreds of pages,
 * each carrying a sidebar that lists them all), 11 costs minutes on every page the editors add or reorder:
 * its HTML then gets brotli 5, a fiftieth of 11's time for about 13 % more bytes on such
 * a page (2 KB of 155 KB), and gzip (for the few clients without brotli) its default level. Scripts, styles
 * and the search's files keep 11: the same on every build, they come from the cache.
 */
export function compressionLevels(extension: string, siteHtmlBytes: number): Levels {
  if (extension === '.html' && siteHtmlBytes > LARGE_SITE_HTML_BYTES) return { brotli: 5, window: 22, gzip: 6 };
  return { brotli: 11, window: 22, gzip: 9 };
}

interface Compressed {
  bytes: number;
  brotliBytes: number;
  reused: boolean;
}

async function cachedCopy(cacheFile: string, target: string): Promise<boolean> {
  try {
    await copyFile(cacheFile, target);
    const now = new Date();
    await utimes(cacheFile, now, now);
    return true;
  } catch {
    return false;
  }
}

/** Writes through a temporary name: a build running beside this one never reads half a file. */
async function store(cacheFile: string, body: Buffer): Promise<void> {
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(temporary, body);
  await rename(temporary, cacheFile);
}

async function compressFile(path: string, source: Buffer, levels: Levels, cacheDir?: string): Promise<Compressed> {
  const key = createHash('sha256').update(source).digest('base64url');
  const targets = { br: path + PRECOMPRESSED_SUFFIX.br, gz: path + PRECOMPRESSED_SUFFIX.gzip };
  const cached = cacheDir && {
    br: join(cacheDir, `${key}.q${levels.brotli}w${levels.window}.br`),
    gz: join(cacheDir, `${key}.l${levels.gzip}.gz`),
  };
  let brotliBytes: number;
  let reused = false;
  if (cached && (await cachedCopy(cached.br, targets.br)) && (await cachedCopy(cached.gz, targets.gz))) {
    brotliBytes = (await stat(targets.br)).size;
    reused = true;
  } else {
    const [br, gz] = await Promise.all([
      brotliAsync(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
          [constants.BROTLI_PARAM_LGWIN]: levels.window,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: levels.gzip }),
    ]);
    await Promise.all([writeFile(targets.br, br), writeFile(targets.gz, gz)]);
    if (cached) await Promise.all([store(cached.br, br), store(cached.gz, gz)]);
    brotliBytes = br.length;
  }
  // Same time as the source: the server uses a copy only when it is not older than its file.
  const seconds = (await stat(path)).mtimeMs / 1000;
  await Promise.all([utimes(targets.br, seconds, seconds), utimes(targets.gz, seconds, seconds)]);
  return { bytes: source.length, brotliBytes, reused };
}

async function pruneCache(cacheDir: string): Promise<void> {
  const oldest = Date.now() - CACHE_MAX_AGE_MS;
  for (const name of await readdir(cacheDir)) {
    const file = join(cacheDir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < oldest) await rm(file, { force: true });
  }
}

export interface PrecompressOptions {
  /** Where compressed copies are kept between builds; none: every file is compressed. */
  cacheDir?: string;
  /** Pages already in memory (./built-html.ts), by path from `root`; the rest is read from disk. */
  html?: BuiltHtml;
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `root`; returns how many files. */
export async function precompressDirectory(
  root: string,
  options: PrecompressOptions = {},
): Promise<{ files: number; bytes: number; brotliBytes: number; reused: number }> {
  const { cacheDir, html } = options;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const entries = await readdir(root, { withFileTypes: true, recursive: true });
  const paths = entries
    .filter((entry) => entry.isFile() && isCompressible(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name));
  const held = (path: string) => html?.get(relative(root, path).split(sep).join('/'));
  let siteHtmlBytes = 0;
  for (const path of paths) if (path.endsWith('.html')) siteHtmlBytes += held(path)?.length ?? (await stat(path)).size;
  const results: Compressed[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      const path = paths[index] ?? '';
      const source = held(path) ?? (await readFile(path));
      if (source.length < MIN_BYTES) continue;
      results.push(await compressFile(path, source, compressionLevels(extname(path), siteHtmlBytes), cacheDir));
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  if (cacheDir) await pruneCache(cacheDir);
  return {
    files: results.length,
    bytes: results.reduce((sum, result) => sum + result.bytes, 0),
    brotliBytes: results.reduce((sum, result) => sum + result.brotliBytes, 0),
    reused: results.filter((result) => result.reused).length,
  };
}

export function precompress(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'angram:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(new URL(`${PRECOMPRESS_CACHE_DIR}/`, config.root));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const html = await builtHtml(root);
        const result = await timedPhase(logger, 'compresion', () => precompressDirectory(root, { cacheDir, html }));
        releaseBuiltHtml(root);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        logger.info(
          `${result.files} archivos comprimidos (brotli y gzip; ${result.reused} sin cambios, de la caché): ` +
            `${kib(result.bytes)} -> ${kib(result.brotliBytes)} en brotli`,
        );
      },
    },
  };
}
