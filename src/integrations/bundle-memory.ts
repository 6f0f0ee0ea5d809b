/**
 * Gives back to the system the memory the bundler's JavaScript side is done with, at two points of a large
 * build. Bundling a thousand wiki pages leaves hundreds of megabytes of garbage in V8's heap (each page's
 * compiled text, then the bundle's output handed to the plugins), and V8 keeps the pages that held it
 * mapped even after collecting it: the build then rendered and compressed every page with about 600 MB
 * more resident memory than it used, and that was the build's peak. A full collection that also returns
 * free pages (the one V8 runs when memory runs out) drops them: once the modules are transformed and before
 * the server bundle is written, and once it is written, before the browser's bundle starts. Each costs
 * up to a second at a thousand pages; a build whose heap is small skips it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Plugin } from 'vite';

/** V8's collector with the options `--expose-gc` gives it. */
export type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** Below this much live JavaScript heap a collection gives back too little to be worth its time. */
export const RELEASE_ABOVE_BYTES = 256 * 1024 * 1024;

/** The collector, taken from a fresh context with `--expose-gc` on only while the context is made. */
function exposedCollector(): CollectGarbage {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as CollectGarbage;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

export interface ReleaseOptions {
  collect?: () => CollectGarbage;
  usedHeapBytes?: () => number;
}

/** Vite's plugin: Astro names the environment that renders the pages `prerender`, the browser's `client`. */
export function releaseBundlerMemory(options: ReleaseOptions = {}): Plugin {
  const { collect = exposedCollector, usedHeapBytes = () => v8.getHeapStatistics().used_heap_size } = options;
  let collector: CollectGarbage | undefined;
  const release = () => {
    if (usedHeapBytes() < RELEASE_ABOVE_BYTES) return;
    collector ??= collect();
    collector({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
  return {
    name: 'angram:release-bundler-memory',
    apply: 'build',
    renderStart() {
      if (this.environment.name === 'prerender') release();
    },
    buildStart() {
      if (this.environment.name === 'client') release();
    },
  };
}
