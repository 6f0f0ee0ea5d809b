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

process.on('message', (job: CompressJob) => process.send?.(answer(job)));
