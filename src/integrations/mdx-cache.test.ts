import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mdx from '@astrojs/mdx';
import type { HookParameters } from 'astro';
import { cacheCompiles, MDX_PLUGIN_NAME, mdxCache, settingsSalt, type CompiledMdx } from './mdx-cache.ts';

const PAGE_ID = '/proyecto/content/wiki/setup.mdx';

function compiledFrom(code: string, components: string[] = []): CompiledMdx {
  return {
    code: `export default function MDXContent() { return ${JSON.stringify(code)}; }`,
    map: null,
    meta: {
      astro: { hydratedComponents: components.map((resolvedPath) => ({ resolvedPath })), propagation: 'none' },
      vite: { lang: 'ts' },
    },
  };
}

describe('the cache of compiled wiki pages', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'angram-mdx-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles a page once and serves the same answer to the next build', async () => {
    const compile = vi.fn(() => compiledFrom('Instalación'));
    const build = mdxCache(dir, 'ajustes');
    const first = await build.compile(PAGE_ID, '# Instalación', compile);
    await build.commit();
    // A new cache object over the same folder: the next build.
    const second = await mdxCache(dir, 'ajustes').compile(PAGE_ID, '# Instalación', compile);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(second).toEqual(first);
  });

  it('keeps in one file the pages of the last two builds, however many builds there are, and nothing older', async () => {
    const page = (text: string) => `# ${text}\n\n${'Cada paso con su comando y lo que debe responder. '.repeat(20)}`;
    const builds: number[] = [];
    for (let build = 0; build < 15; build += 1) {
      const cache = mdxCache(dir, 'ajustes');
      // Each build: three pages as they were, one edited.
      for (const text of ['Instalación', 'Correo', 'Respaldos', `Despliegue ${build}`])
        await cache.compile(PAGE_ID, page(text), () => compiledFrom(page(text)));
      await cache.commit();
      builds.push((await stat(join(dir, 'pack'))).size);
    }
    expect((await readdir(dir)).sort()).toEqual(['pack', 'pack.previous']);
    expect(Math.max(...builds)).toBeLessThan((builds[0] ?? 0) * 1.1);
    const compile = vi.fn((text: string) => compiledFrom(text));
    const next = mdxCache(dir, 'ajustes');
    for (const text of ['Instalación', 'Despliegue 14', 'Despliegue 13', 'Despliegue 12'])
      await next.compile(PAGE_ID, page(text), () => compile(page(text)));
    expect(compile.mock.calls).toEqual([[page('Despliegue 12')]]);
    await next.commit();
  });

  it('compiles again when the page text, its path or the settings changed, never serving the old code', async () => {
    const compile = vi.fn((text: string) => compiledFrom(text));
    const cache = mdxCache(dir, 'ajustes');
    await cache.compile(PAGE_ID, '# Instalación', () => compile('Instalación'));
    const edited = await cache.compile(PAGE_ID, '# Instalación en Windows', () => compile('Instalación en Windows'));
    expect((edited as CompiledMdx).code).toContain('Instalación en Windows');
    const moved = await cache.compile('/proyecto/content/wiki/otra.mdx', '# Instalación', () => compile('Otra'));
    expect((moved as CompiledMdx).code).toContain('Otra');
    const upgraded = await mdxCache(dir, 'otros ajustes').compile(PAGE_ID, '# Instalación', () =>
      compile('Nueva versión'),
    );
    expect((upgraded as CompiledMdx).code).toContain('Nueva versión');
    expect(compile).toHaveBeenCalledTimes(4);
  });

  it('compiles again when an entry is damaged or names a component file that is gone', async () => {
    const component = join(dir, 'Callout.astro');
    await writeFile(component, '<aside><slot /></aside>');
    const cache = mdxCache(dir, 'ajustes');
    await cache.compile(PAGE_ID, '<Callout>Ojo</Callout>', () => compiledFrom('con Callout', [component]));
    await rm(component);
    const recompiled = await cache.compile(PAGE_ID, '<Callout>Ojo</Callout>', () => compiledFrom('sin Callout'));
    expect((recompiled as CompiledMdx).code).toContain('sin Callout');
    await cache.commit();
    // The next build gets the compile that replaced the refused one.
    const next = mdxCache(dir, 'ajustes');
    const kept = await next.compile(PAGE_ID, '<Callout>Ojo</Callout>', () => compiledFrom('compilada otra vez'));
    expect((kept as CompiledMdx).code).toContain('sin Callout');
    await next.commit();

    const pack = join(dir, 'pack');
    await writeFile(pack, Buffer.concat([Buffer.from('{"code": 4'), (await readFile(pack)).subarray(10)]));
    await rm(join(dir, 'pack.previous'));
    const repaired = await mdxCache(dir, 'ajustes').compile(PAGE_ID, '<Callout>Ojo</Callout>', () =>
      compiledFrom('reparado'),
    );
    expect((repaired as CompiledMdx).code).toContain('reparado');
  });

  it('shares one compile among the environments asking for the same page at once, each with its own copy', async () => {
    let finish: (value: CompiledMdx) => void = () => undefined;
    const compile = vi.fn(() => new Promise<CompiledMdx>((resolve) => (finish = resolve)));
    const cache = mdxCache(dir, 'ajustes');
    const asked = [1, 2, 3].map(() => cache.compile(PAGE_ID, '# Instalación', compile));
    await vi.waitFor(() => expect(compile).toHaveBeenCalled());
    finish(compiledFrom('Instalación'));
    const answers = await Promise.all(asked);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]).not.toBe(answers[0]);
  });

  it('leaves an answer that is not a compiled page (an error, a skipped file) out of the cache', async () => {
    const cache = mdxCache(dir, 'ajustes');
    await expect(cache.compile(PAGE_ID, '<Roto', () => Promise.reject(new Error('MDXError')))).rejects.toThrow(
      'MDXError',
    );
    expect(await cache.compile(PAGE_ID, '# nada', () => undefined)).toBeUndefined();
    await cache.commit();
    expect(await readdir(dir)).toEqual([]);
  });

  it('only reads the last build’s pages when it has no end to write them at (a dev server)', async () => {
    const build = mdxCache(dir, 'ajustes');
    await build.compile(PAGE_ID, '# Instalación', () => compiledFrom('Instalación'));
    await build.commit();
    const pack = await readFile(join(dir, 'pack'));
    const dev = mdxCache(dir, 'ajustes', { readOnly: true });
    const compile = vi.fn((text: string) => compiledFrom(text));
    await dev.compile(PAGE_ID, '# Instalación', () => compile('Instalación'));
    await dev.compile(PAGE_ID, '# Instalación en Windows', () => compile('Instalación en Windows'));
    expect(compile.mock.calls).toEqual([['Instalación en Windows']]);
    await dev.commit();
    expect(await readdir(dir)).toEqual(['pack']);
    expect(await readFile(join(dir, 'pack'))).toEqual(pack);
  });

  it('changes its settings hash when the installed packages or the configuration change', async () => {
    await writeFile(join(dir, 'package-lock.json'), '{"packages": {"node_modules/satteri": {"version": "0.4.2"}}}');
    const before = settingsSalt(dir, 'build production false');
    expect(settingsSalt(dir, 'build production false')).toBe(before);
    expect(settingsSalt(dir, 'build production true')).not.toBe(before);
    await writeFile(join(dir, 'package-lock.json'), '{"packages": {"node_modules/satteri": {"version": "0.5.0"}}}');
    expect(settingsSalt(dir, 'build production false')).not.toBe(before);
    const upgraded = settingsSalt(dir, 'build production false');
    await writeFile(join(dir, 'astro.config.mjs'), 'export default { markdown: { syntaxHighlight: "shiki" } };');
    expect(settingsSalt(dir, 'build production false')).not.toBe(upgraded);
  });

  it('wraps the compile step of the MDX plugin, keeping its filter', async () => {
    const handler = vi.fn((code: string) => Promise.resolve(compiledFrom(code)));
    const filter = { id: /\.mdx$/ };
    // The test's compiler answers as MDX's does; Vite's types want a source map type the test does not need.
    const plugin = { name: '@mdx-js/rolldown', transform: { filter, handler } } as unknown as Plugin;
    expect(cacheCompiles(plugin, mdxCache(dir, 'ajustes'))).toBe(true);
    const hook = plugin.transform as { filter: unknown; handler: (code: string, id: string) => Promise<unknown> };
    expect(hook.filter).toBe(filter);
    const first = await hook.handler('# Instalación', PAGE_ID);
    const second = await hook.handler('# Instalación', PAGE_ID);
    expect(second).toEqual(first);
    expect(handler).toHaveBeenCalledTimes(1);
    // Each of Vite's environments resolves the same plugin object: wrapped again, it would look up twice.
    const once = plugin.transform;
    expect(cacheCompiles(plugin, mdxCache(dir, 'ajustes'))).toBe(true);
    expect(plugin.transform).toBe(once);
    expect(cacheCompiles({ name: 'sin-transform' }, mdxCache(dir, 'ajustes'))).toBe(false);
  });

  it('finds the compiler by the name the installed MDX integration gives it', async () => {
    const plugins: unknown[] = [];
    const setup = mdx().hooks['astro:config:setup'];
    await setup?.({
      config: {},
      updateConfig: (config: { vite?: { plugins?: unknown[] } }) => plugins.push(...(config.vite?.plugins ?? [])),
      addRenderer: () => undefined,
      addPageExtension: () => undefined,
      addContentEntryType: () => undefined,
    } as unknown as HookParameters<'astro:config:setup'>);
    const compiler = plugins.find((plugin) => (plugin as Plugin).name === MDX_PLUGIN_NAME) as Plugin | undefined;
    expect(compiler?.transform).toBeDefined();
  });
});
