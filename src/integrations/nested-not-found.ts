import { readdir, rename, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/**
 * Astro writes `src/pages/portfolio/404.astro` to `portfolio/404/index.html`. Hosts that support
 * section-specific error pages (Cloudflare Pages, this project's server) look for `portfolio/404.html`,
 * the nearest `404.html` up the tree, so the file is moved there after the build.
 */
export function nestedNotFound(): AstroIntegration {
  return {
    name: 'angram:nested-not-found',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const moved = await moveNested(root, root);
        for (const path of moved) logger.info(`${path}/404/index.html -> ${path}/404.html`);
      },
    },
  };
}

async function moveNested(root: string, current: string): Promise<string[]> {
  const moved: string[] = [];
  for (const entry of await readdir(current, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(current, entry.name);
    if (entry.name === '404' && current !== root) {
      await rename(join(path, 'index.html'), join(current, '404.html'));
      await rmdir(path);
      moved.push(current.slice(root.length - 1) || '/');
      continue;
    }
    moved.push(...(await moveNested(root, path)));
  }
  return moved;
}
