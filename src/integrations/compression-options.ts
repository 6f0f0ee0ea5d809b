/**
 * The settings of a file's compressed copies, shared by the build's process and the helper processes that
 * compress while the pages render (./idle-compression-worker.ts): the same levels give the same bytes
 * wherever they run.
 */
import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** A file's two compressed copies. */
export interface Copies {
  br: Buffer;
  gz: Buffer;
}

export interface Levels {
  brotli: number;
  /**
   * log2 of brotli's window. 22 (4 MB) holds any page whole, at a thousand wiki pages too (250 KB): a
   * wider one compresses them to the same bytes but for the header's window size, and its encoder reserves
   * memory that Node reports to the garbage collector, which then ran a full collection every few pages
   * (13 s of a 30 s compression at 370 wiki pages).
   */
  window: number;
  /**
   * Brotli's distance postfix bits (NPOSTFIX). The encoder never picks them itself; 3 takes 0.6 % off this
   * site's HTML and scripts at quality 10 for no time, and nothing at 11, whose search already finds
   * what they would.
   */
  postfix: number;
  gzip: number;
}

export function brotliOptions(levels: Levels, sourceBytes: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: levels.brotli,
      [constants.BROTLI_PARAM_LGWIN]: levels.window,
      [constants.BROTLI_PARAM_NPOSTFIX]: levels.postfix,
      [constants.BROTLI_PARAM_SIZE_HINT]: sourceBytes,
    },
  };
}

export function gzipOptions(levels: Levels): ZlibOptions {
  return { level: levels.gzip };
}
