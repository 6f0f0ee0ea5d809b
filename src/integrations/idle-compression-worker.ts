/**
 * A helper process of the compression that runs while the pages render (./idle-compression.ts), started at
 * the lowest priority: it compresses each file it is sent with zlib's synchronous calls, on its own thread,
 * so the priority covers the work (the asynchronous ones would run it on libuv's threads).
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
