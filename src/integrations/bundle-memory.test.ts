import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  HEAP_GROWTH_PERCENT,
  RELEASE_ABOVE_BYTES,
  V8_DEFAULT_GROWTH,
  releaseBundlerMemory,
  type CollectGarbage,
} from './bundle-memory.ts';

type Hook = 'renderStart' | 'buildStart' | 'writeBundle';

/** Calls one of the plugin's hooks as Vite would in the named environment. */
function call(plugin: Plugin, hook: Hook, environment: string): void {
  const handler = plugin[hook] as unknown as (this: { environment: { name: string } }) => void;
  handler.call({ environment: { name: environment } });
}

function counted(heapBytes: number) {
  const calls: Array<Parameters<CollectGarbage>[0]> = [];
  const flags: string[] = [];
  let made = 0;
  const plugin = releaseBundlerMemory({
    collect: () => {
      made += 1;
      return (options) => calls.push(options);
    },
    committedHeapBytes: () => heapBytes,
    setV8Flags: (value) => flags.push(value),
  });
  return { plugin, calls, flags, made: () => made };
}

describe('releaseBundlerMemory', () => {
  it('collects everything once the pages’ modules are transformed and again before the browser bundle', () => {
    const { plugin, calls, made } = counted(RELEASE_ABOVE_BYTES * 2);
    expect(plugin.apply).toBe('build');
    call(plugin, 'renderStart', 'prerender');
    call(plugin, 'buildStart', 'client');
    expect(calls).toEqual([
      { type: 'major', execution: 'sync', flavor: 'last-resort' },
      { type: 'major', execution: 'sync', flavor: 'last-resort' },
    ]);
    expect(made()).toBe(1);
  });

  it('leaves the other environments and their other hooks alone', () => {
    const { plugin, calls } = counted(RELEASE_ABOVE_BYTES * 2);
    call(plugin, 'buildStart', 'prerender');
    call(plugin, 'renderStart', 'client');
    call(plugin, 'renderStart', 'ssr');
    expect(calls).toEqual([]);
  });

  it('skips a small heap, where a collection gives back too little to pay for itself', () => {
    const { plugin, calls, made } = counted(RELEASE_ABOVE_BYTES - 1);
    call(plugin, 'renderStart', 'prerender');
    call(plugin, 'buildStart', 'client');
    expect(calls).toEqual([]);
    expect(made()).toBe(0);
  });

  it('limits the heap’s growth once, when the first bundle starts, whatever the heap’s size', () => {
    const { plugin, flags } = counted(0);
    call(plugin, 'renderStart', 'prerender');
    expect(flags).toEqual([]);
    call(plugin, 'buildStart', 'client');
    call(plugin, 'buildStart', 'prerender');
    call(plugin, 'buildStart', 'client');
    expect(flags).toEqual([`--heap-growing-percent=${HEAP_GROWTH_PERCENT}`]);
  });

  it('gives V8 its own rule back once the server bundle is written, for the pages to render', () => {
    const { plugin, flags } = counted(0);
    call(plugin, 'buildStart', 'prerender');
    call(plugin, 'writeBundle', 'client');
    expect(flags).toEqual([`--heap-growing-percent=${HEAP_GROWTH_PERCENT}`]);
    call(plugin, 'writeBundle', 'prerender');
    expect(flags.at(-1)).toBe(V8_DEFAULT_GROWTH);
  });

  it('reaches V8’s own collector without leaving it exposed to the site’s code', () => {
    const plugin = releaseBundlerMemory({ committedHeapBytes: () => RELEASE_ABOVE_BYTES });
    call(plugin, 'renderStart', 'prerender');
    expect('gc' in globalThis).toBe(false);
  });
});
