/**
 * Keeps each compiled wiki page between builds. Every build compiles every `.mdx` file again (Markdown and
 * JSX parsing, code highlighting, Astro's metadata): at a thousand wiki pages that is most of the bundling
 * time, also when an editor changed one paragraph of one page. The compiler's answer depends only on the
 * file's text, its path, the installed packages and the project's configuration, so it is kept under a hash
 * of all four and a build compiles only the files that changed. The compiled pages are kept in one pack
 * file per build (./cache-pack.ts), not one file per page: a new file costs more here than its bytes.
 *
 * Astro's MDX integration exposes no cache of its own; its Vite plugin is found by name once the
 * configuration is resolved and its compile step wrapped. Without that plugin nothing is cached.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { cachePack, type PackOptions } from './cache-pack.ts';

export const MDX_CACHE_DIR = 'node_modules/.cache/angram-mdx';
/** The name `@astrojs/mdx` gives its compiling plugin. */
export const MDX_PLUGIN_NAME = '@mdx-js/rolldown';
/** Change when what is stored changes shape, so no build reads an entry written the old way. */
const FORMAT = 'v1';
/** Files whose bytes decide how every page compiles: the packages installed and the project's settings. */
const SETTINGS_FILES = ['package-lock.json', 'astro.config.mjs', 'astro.config.ts', 'tsconfig.json'];

/** What the compiler returns: the module's code and Astro's metadata about it. */
export interface CompiledMdx {
  code: string;
  map: unknown;
  meta: { astro?: unknown; vite?: unknown };
}

type Handler = (this: unknown, code: string, id: string, ...rest: unknown[]) => unknown;

function isCompiled(value: unknown): value is CompiledMdx {
  if (typeof value !== 'object' || value === null) return false;
  const { code, meta } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof meta === 'object' && meta !== null;
}

/** Paths of the components Astro found in a page; a cached page whose component moved is compiled again. */
function componentPaths(meta: CompiledMdx['meta']): string[] {
  const astro = meta.astro as Record<string, unknown> | undefined;
  if (!astro) return [];
  return ['hydratedComponents', 'clientOnlyComponents', 'serverComponents'].flatMap((field) => {
    const list = astro[field];
    if (!Array.isArray(list)) return [];
    return list
      .map((component: unknown) => (component as { resolvedPath?: unknown } | null)?.resolvedPath)
      .filter((path): path is string => typeof path === 'string' && path.startsWith('/'));
  });
}

/** A hash of everything besides the page that shapes its compiled code. */
export function settingsSalt(root: string, extra: string): string {
  const hash = createHash('sha256').update(FORMAT).update(extra);
  for (const name of SETTINGS_FILES) {
    const file = join(root, name);
    hash.update(`\0${name}\0`);
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('base64url');
}

export interface MdxCache {
  /**
   * The compile of `code` at `id`: from the cache when this text was compiled before, else `compile()`'s
   * answer, kept for the next time. One build compiles each page in several of Vite's environments at
   * once; those share one compile.
   */
  compile(id: string, code: string, compile: () => unknown): Promise<unknown>;
  /** Ends the build's use of the folder: it keeps the pages this build compiled or reused, and drops the rest. */
  commit(): Promise<void>;
}

/**
 * A compile and its JSON: the first caller takes the object, each later one a copy parsed from the JSON
 * (the bundler may keep and change what a plugin returns). The JSON is the text the cache stores, so no
 * copy costs a serialisation of its own.
 */
interface Shared {
  value: unknown;
  json?: string;
}

export function mdxCache(dir: string, salt: string, options: PackOptions = {}): MdxCache {
  // One pack per folder, shared by the caches of every salt a build uses.
  const pack = cachePack(dir, options);
  const keyOf = (id: string, code: string) =>
    createHash('sha256').update(salt).update('\0').update(id).update('\0').update(code).digest('base64url');
  const running = new Map<string, Promise<Shared>>();

  async function stored(key: string): Promise<Shared | undefined> {
    const bytes = await pack.get(key);
    if (!bytes) return undefined;
    const json = bytes.toString('utf8');
    let entry: unknown;
    try {
      entry = JSON.parse(json);
    } catch {
      return undefined;
    }
    if (!isCompiled(entry) || componentPaths(entry.meta).some((path) => !existsSync(path))) return undefined;
    return { value: entry, json };
  }

  async function compileOnce(key: string, compile: () => unknown): Promise<Shared> {
    const hit = await stored(key);
    if (hit) return hit;
    const compiled = await compile();
    if (!isCompiled(compiled)) return { value: compiled };
    const json = JSON.stringify(compiled);
    // Replaces in this build's pack an entry read but refused (a component gone).
    await pack.put(key, Buffer.from(json));
    return { value: compiled, json };
  }

  return {
    async compile(id, code, compile) {
      const key = keyOf(id, code);
      const asked = running.get(key);
      if (asked) {
        const { value, json } = await asked;
        return json === undefined ? value : (JSON.parse(json) as unknown);
      }
      const shared = compileOnce(key, compile).finally(() => running.delete(key));
      running.set(key, shared);
      return (await shared).value;
    },
    async commit() {
      await pack.commit();
    },
  };
}

/** Plugins already wrapped: Vite resolves one configuration per environment, each with the same plugin objects. */
const wrapped = new WeakSet<Plugin>();

/**
 * Wraps the compile step of `plugin` so a page compiled before with the same text comes from `cache`; a
 * plugin is wrapped once, however many environments resolve it.
 */
export function cacheCompiles(plugin: Plugin, cache: MdxCache): boolean {
  if (wrapped.has(plugin)) return true;
  const hook = plugin.transform;
  if (!hook) return false;
  wrapped.add(plugin);
  const original = (typeof hook === 'function' ? hook : hook.handler) as Handler;
  const cached: Handler = function (this: unknown, code, id, ...rest) {
    return cache.compile(id, code, () => original.call(this, code, id, ...rest));
  };
  plugin.transform = (typeof hook === 'function' ? cached : { ...hook, handler: cached }) as Plugin['transform'];
  return true;
}

export function mdxCompileCache(): AstroIntegration {
  let finish: () => Promise<void> | undefined = () => undefined;
  return {
    name: 'angram:mdx-cache',
    hooks: {
      'astro:config:setup': ({ command, config, updateConfig, logger }) => {
        const root = fileURLToPath(config.root);
        const caches = new Map<string, MdxCache>();
        // Only a build has an end at which to put its pack in place; a dev server reads the last build's.
        const readOnly = command !== 'build';
        const plugin: Plugin = {
          name: 'angram:mdx-cache',
          configResolved(resolved) {
            const mdx = resolved.plugins.find((candidate) => candidate.name === MDX_PLUGIN_NAME);
            // Not the command: the server Astro starts to prepare a build compiles each page as the build does.
            const salt = settingsSalt(root, `${resolved.mode} ${String(resolved.build.sourcemap)}`);
            let cache = caches.get(salt);
            if (!cache) {
              cache = mdxCache(join(root, MDX_CACHE_DIR), salt, { readOnly });
              caches.set(salt, cache);
            }
            if (!mdx || !cacheCompiles(mdx, cache))
              logger.warn(
                `No se encontró el compilador de MDX (${MDX_PLUGIN_NAME}): las páginas se compilan sin caché.`,
              );
          },
        };
        updateConfig({ vite: { plugins: [plugin] } });
        finish = () => caches.values().next().value?.commit();
      },
      // Not at a bundle's close: each of Vite's environments closes its own, and the server Astro starts to
      // prepare the build compiles before them all. The caches of all salts share one pack, committed once.
      'astro:build:done': async () => {
        await finish();
      },
    },
  };
}
