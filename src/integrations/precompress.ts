import { readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { compress, PRECOMPRESSED_SUFFIX } from '../../server/static/compression.ts';
import { isCompressible } from '../../server/static/content-types.ts';

/** Below this a compressed copy saves nothing worth a request header. */
const MIN_BYTES = 256;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of `root`; returns how many files. */
export async function precompressDirectory(
  root: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const work: Array<Promise<{ bytes: number; brotliBytes: number }>> = [];
  for await (const path of files(root)) {
    if (!isCompressible(extname(path))) continue;
    work.push(
      (async () => {
        const source = await readFile(path);
        if (source.length < MIN_BYTES) return { bytes: 0, brotliBytes: 0 };
        const { mtimeMs } = await stat(path);
        const [br, gz] = await Promise.all([compress(source, 'br', 'build'), compress(source, 'gzip', 'build')]);
        for (const [suffix, body] of [
          [PRECOMPRESSED_SUFFIX.br, br],
          [PRECOMPRESSED_SUFFIX.gzip, gz],
        ] as const) {
          await writeFile(path + suffix, body);
          // Same time as the source: the server uses a copy only when it is not older than its file.
          await utimes(path + suffix, mtimeMs / 1000, mtimeMs / 1000);
        }
        return { bytes: source.length, brotliBytes: br.length };
      })(),
    );
  }
  const done = (await Promise.all(work)).filter((result) => result.bytes > 0);
  return {
    files: done.length,
    bytes: done.reduce((sum, result) => sum + result.bytes, 0),
    brotliBytes: done.reduce((sum, result) => sum + result.brotliBytes, 0),
  };
}

/**
 * Compresses the built site once, at build time (brotli quality 10 and gzip 9), so the server
 * never spends the event loop on it and any host that serves such copies can use them.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'angram:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const result = await precompressDirectory(fileURLToPath(dir));
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
        logger.info(
          `${result.files} archivos comprimidos (brotli y gzip): ${kib(result.bytes)} -> ${kib(result.brotliBytes)} en brotli`,
        );
      },
    },
  };
}
