/**
 * A helper process of the compression that runs while the pages render (./idle-compression.ts), put at the
 * lowest priority once started. It compresses each file it is sent with zlib's synchronous calls, which
 * cost less CPU than the asynchronous ones for a page's size.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliOptions, gzipOptions, type Levels } from './compression-options.ts';

export interface CompressJob {
  id: number;
  source: Uint8Array;
  levels: Levels;
}

export type CompressAnswer = { id: number; br: Uint8Array; gz: Uint8Array } | { id: number; error: string };

function answer(job: CompressJob): CompressAnswer {
  try {
    return {
      id: job.id,
      br: brotliCompressSync(job.source, brotliOptions(job.levels, job.source.length)),
      gz: gzipSync(job.source, gzipOptions(job.levels)),
    };
  } catch (error) {
    return { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Every page it receives and every copy it sends is a buffer outside V8's heap, and V8 collects them only
 * once they pass 64 MB: the helper grew to 140 MB at x30 for a few megabytes of live data. A collection of
 * its small heap every few dozen files (under a millisecond) keeps it near what Node itself needs.
 */
const FILES_BETWEEN_COLLECTIONS = 32;
let files = 0;

process.on('message', (job: CompressJob) => {
  process.send?.(answer(job));
  files += 1;
  if (files % FILES_BETWEEN_COLLECTIONS === 0) globalThis.gc?.();
});
