/**
 * Astro empties `dist/` before bundling, one synchronous delete after another: with every page's compressed
 * copies and the search index that is over 500 files, about a second of a rebuild during which nothing else
 * runs. Moving the previous build aside is a rename per entry; the files are then deleted on libuv's threads
 * while Vite bundles, and the build waits for them only at its end. What cannot be moved (another disk, a
 * file in use) stays where it was for Astro to delete as before.
 */
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Where a previous build waits to be deleted; what a failed build left here goes at the next one. */
export const PREVIOUS_BUILD_DIR = 'node_modules/.cache/angram-previous-build';

/**
 * Moves everything in `outDir` (Git's folder aside) into a new folder of `trashRoot`; `deleted` settles
 * when `trashRoot`, whose deletion has already started, is gone.
 */
export async function setPreviousBuildAside(outDir: string, trashRoot: string): Promise<{ deleted: Promise<void> }> {
  const entries = await readdir(outDir).catch(() => []);
  if (entries.length > 0) {
    const trash = join(trashRoot, `${process.pid}-${Date.now().toString(36)}`);
    await mkdir(trash, { recursive: true });
    await Promise.all(
      entries
        .filter((name) => name !== '.git')
        .map((name) => rename(join(outDir, name), join(trash, name)).catch(() => undefined)),
    );
  }
  return { deleted: rm(trashRoot, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined) };
}

export function previousBuildAside(): AstroIntegration {
  let outDir = '';
  let trashRoot = '';
  let deleting: Promise<void> | undefined;
  return {
    name: 'angram:previous-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        trashRoot = fileURLToPath(new URL(`${PREVIOUS_BUILD_DIR}/`, config.root));
      },
      'astro:build:start': async () => {
        ({ deleted: deleting } = await setPreviousBuildAside(outDir, trashRoot));
      },
      'astro:build:done': async () => {
        await deleting;
      },
    },
  };
}
