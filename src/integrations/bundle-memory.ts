/**
 * Keeps the build's JavaScript heap close to what it really holds. Bundling a thousand wiki pages leaves
 * hundreds of megabytes of garbage in V8's heap (each page's compiled text, then the bundle's output handed
 * to the plugins), and V8 lets the heap grow to up to four times what survived its last collection before it
 * collects again: beside the bundler's own native memory, that slack was the build's peak (about 1.6 GB at
 * a thousand wiki pages). Two measures:
 * - While Vite bundles, the heap may grow by at most `HEAP_GROWTH_PERCENT` over what survived the last full
 *   collection. Collections come more often; their work is mostly on V8's helper threads and they stay
 *   short, since what survives is small. Once the server bundle is written V8's own rule applies again.
 * - A full collection that also returns free pages (the one V8 runs when memory runs out), once the
 *   modules are transformed and before the server bundle is written, and once it is written, before the
 *   browser's bundle starts. Each costs up to a second at a thousand pages; a build whose committed heap is
 *   small skips it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Plugin } from 'vite';

/** V8's collector with the options `--expose-gc` gives it. */
export type CollectGarbage = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** Below this much committed JavaScript heap a collection gives back too little to be worth its time. */
export const RELEASE_ABOVE_BYTES = 256 * 1024 * 1024;

/** How far the heap may grow past what survived the last full collection before the next one. */
export const HEAP_GROWTH_PERCENT = 30;
/** V8's own rule again: a growth between 10 % and four times, chosen from how fast it collects. */
export const V8_DEFAULT_GROWTH = '--heap-growing-percent=0';

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
  /** The heap V8 holds from the system, garbage included: what a collection can give back. */
  committedHeapBytes?: () => number;
  /** V8's flags, set once the build starts (the development server is left as it is). */
  setV8Flags?: (flags: string) => void;
}

/** Vite's plugin: Astro names the environment that renders the pages `prerender`, the browser's `client`. */
export function releaseBundlerMemory(options: ReleaseOptions = {}): Plugin {
  const {
    collect = exposedCollector,
    committedHeapBytes = () => v8.getHeapStatistics().total_heap_size,
    setV8Flags = (flags: string) => v8.setFlagsFromString(flags),
  } = options;
  let collector: CollectGarbage | undefined;
  let growthLimited = false;
  const release = () => {
    if (committedHeapBytes() < RELEASE_ABOVE_BYTES) return;
    collector ??= collect();
    collector({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  };
  return {
    name: 'angram:release-bundler-memory',
    apply: 'build',
    renderStart() {
      if (this.environment.name === 'prerender') release();
    },
    writeBundle() {
      // Rendering keeps little garbage; a tighter heap there would only make the main thread collect more often.
      if (this.environment.name === 'prerender') setV8Flags(V8_DEFAULT_GROWTH);
    },
    buildStart() {
      if (!growthLimited) {
        // V8 reads this flag each time it sets the next collection's limit, so it holds from here on.
        setV8Flags(`--heap-growing-percent=${HEAP_GROWTH_PERCENT}`);
        growthLimited = true;
      }
      if (this.environment.name === 'client') release();
    },
  };
}
