/**
 * A throwaway copy of the project for tests that run Astro's CLI on edited content (a broken field, a new
 * case study) without touching the checkout. `node_modules` entries are symlinked one by one so Astro's
 * and Vite's caches (`node_modules/.astro`, `.vite`) and the font cache stay in the copy.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FONT_CACHE_DIR } from '../integrations/fonts/site-fonts.ts';
import { PREVIOUS_BUILD_DIR } from '../integrations/previous-build.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** What a build never reads: dependencies, outputs, local data and caches. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.astro', 'data', 'test-results', 'playwright-report']);

/** Copies `paths` (from the project root), or the whole project when none are given. */
export function copyProject(paths?: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'angram-project-'));
  const top = paths ?? readdirSync(PROJECT_ROOT).filter((name) => !NOT_COPIED.has(name));
  for (const path of top) {
    cpSync(join(PROJECT_ROOT, path), join(dir, path), {
      recursive: true,
      // A tool's own dependencies (tools/*/node_modules) are never part of the site either.
      filter: (source) => {
        const parts = relative(PROJECT_ROOT, source).split('/');
        return !NOT_COPIED.has(parts[0] ?? '') && !parts.includes('node_modules');
      },
    });
  }
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(PROJECT_ROOT, 'node_modules'))) {
    if (name === '.astro' || name === '.vite' || name === '.cache') continue;
    symlinkSync(join(PROJECT_ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  copyCaches(dir);
  return dir;
}

/**
 * The font cache is copied, not linked: a build prunes the subsets its copy no longer uses, and a copy with
 * other text (a new case study) would delete the files a build running beside it is about to read. The
 * checkout's previous build is its own `dist/`, neither copied nor linked. The other caches are shared.
 */
function copyCaches(dir: string): void {
  const caches = join(PROJECT_ROOT, 'node_modules', '.cache');
  if (!existsSync(caches)) return;
  mkdirSync(join(dir, 'node_modules', '.cache'));
  for (const name of readdirSync(caches)) {
    if (name === basename(PREVIOUS_BUILD_DIR)) continue;
    const [from, to] = [join(caches, name), join(dir, 'node_modules', '.cache', name)];
    if (name === basename(FONT_CACHE_DIR)) cpSync(from, to, { recursive: true });
    else symlinkSync(from, to);
  }
}

/**
 * `astro <command>` in the copy, with the Node running the tests (the machine's default may be too old) and
 * the environment the test hands on (`env`, usually its own), without colours.
 */
export function runAstro(
  project: string,
  command: 'sync' | 'build',
  env: NodeJS.ProcessEnv,
): { status: number | null; output: string } {
  const cli = join(project, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [cli, command], {
    cwd: project,
    encoding: 'utf8',
    env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

/** Edits one file of the copy; the returned function puts the original back. */
export function rewrite(project: string, path: string, edit: (text: string) => string): () => void {
  const file = join(project, path);
  const original = readFileSync(file, 'utf8');
  const edited = edit(original);
  if (edited === original) throw new Error(`la edición no cambió ${path}`);
  writeFileSync(file, edited);
  return () => writeFileSync(file, original);
}
