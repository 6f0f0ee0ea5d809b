import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, type Plugin } from 'vite';
import { noDepOptimizerOutsideDev, optimizerOff } from './no-dep-optimizer.ts';

const cacheDir = mkdtempSync(join(tmpdir(), 'angram-optimizer-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** What @astrojs/react does: asks the optimizer for React's client in the browser's environment. */
const reactClientAsked: Plugin = {
  name: 'react-client-asked',
  configEnvironment: (name) => (name === 'client' ? { optimizeDeps: { include: ['react', 'react-dom/client'] } } : {}),
};

/** Whether a server like the one `astro build` starts to read the collections would run the optimizer. */
async function optimizerRuns(plugins: Plugin[]): Promise<boolean> {
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    cacheDir,
    logLevel: 'silent',
    server: { middlewareMode: true, hmr: false, watch: null, ws: false },
    optimizeDeps: { noDiscovery: true },
    plugins,
  });
  try {
    return server.environments.client.depsOptimizer !== undefined;
  } finally {
    await server.close();
  }
}

/** The Vite plugins the integration adds for an Astro command. */
function pluginsFor(command: 'build' | 'sync' | 'dev' | 'preview'): unknown[] {
  const added: unknown[] = [];
  const setup = noDepOptimizerOutsideDev().hooks['astro:config:setup'] as (options: {
    command: string;
    updateConfig: (config: { vite: { plugins: unknown[] } }) => void;
  }) => void;
  setup({ command, updateConfig: (config) => added.push(...config.vite.plugins) });
  return added;
}

describe('noDepOptimizerOutsideDev', () => {
  it('keeps a server that only reads the collections from pre-bundling what the browser would ask for', async () => {
    expect(await optimizerRuns([reactClientAsked])).toBe(true);
    // Registered before @astrojs/react in the config: it must still have the last word.
    expect(await optimizerRuns([optimizerOff, reactClientAsked])).toBe(false);
  });

  it('applies to `astro build` and `astro sync`, never to the development server', () => {
    expect(pluginsFor('build')).toEqual([optimizerOff]);
    expect(pluginsFor('sync')).toEqual([optimizerOff]);
    expect(pluginsFor('dev')).toEqual([]);
    expect(pluginsFor('preview')).toEqual([]);
  });
});
