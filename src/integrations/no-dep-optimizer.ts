/**
 * Keeps Vite's dependency optimizer out of `astro build` and `astro sync`. Both start a Vite server only to
 * load the content collections' configuration on the server side; the optimizer, meant for the development
 * server's browser, pre-bundled React's client and Astro's runtime for it all the same (44 files in
 * `node_modules/.vite`), beside the collections being read. Nothing in a build reads those files, and on
 * a fresh checkout, where there is no earlier copy to reuse, that work cost about 0.4 s of CPU before the
 * build could start bundling, and `astro sync` took 2.7 s instead of 2.1. `astro dev` keeps the optimizer.
 */
import type { AstroIntegration } from 'astro';
import type { DepOptimizationOptions, Plugin } from 'vite';

/** What Vite reads as "no optimizer": nothing to discover and nothing asked for. */
function withoutOptimizer(options: DepOptimizationOptions | undefined): DepOptimizationOptions {
  return { ...options, noDiscovery: true, include: [] };
}

export const optimizerOff: Plugin = {
  name: 'angram:no-dep-optimizer',
  // After the integrations' own plugins, which add React's client to the list. Each environment gets the
  // top-level options before this hook runs, so this one hook covers both.
  enforce: 'post',
  configEnvironment(_name, config) {
    config.optimizeDeps = withoutOptimizer(config.optimizeDeps);
  },
};

export function noDepOptimizerOutsideDev(): AstroIntegration {
  return {
    name: 'angram:no-dep-optimizer',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command === 'build' || command === 'sync') updateConfig({ vite: { plugins: [optimizerOff] } });
      },
    },
  };
}
