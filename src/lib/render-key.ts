/**
 * The key under which Astro's incremental build (`experimental.incrementalBuild`) keeps a generated page's
 * HTML from one build to the next. Astro renders a page again when the code it imports changed (it hashes
 * the page's module graph) or when an MDX entry it rendered changed (it hashes each one); everything else a
 * page shows must change this key, or an edit would not reach the page:
 * - `content/` but the wiki's MDX pages: header, footer, contact channels, the cases and their translations
 *   and the counts the wiki quotes come from it (read through the collections or straight from the files,
 *   outside the module graph);
 * - what the route adds (`extra`): the wiki passes every page's front matter, which its sidebar and pager
 *   show on every page;
 * - the names of the files under `src/`: the wiki's overview counts components and routes from them;
 * - the Lighthouse summary the wiki quotes, the public environment variables and the footer's year.
 * An editor's change to one wiki page's text leaves this key as it was, so only that page is rendered again.
 * A route that reads anything else (the clock, a remote source) must not return a key.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BUILD_ENV } from './build-env.ts';
import { LIGHTHOUSE_SUMMARY_PATH } from './wiki/project-stats.ts';

/** Wiki pages' text: tracked by Astro itself, entry by entry, so it stays out of the shared key. */
const WIKI_PAGE = /^content\/wiki\/.*\.mdx$/;

/** Files under `dir` (relative to `root`, with `/`), sorted; none when it does not exist. */
function filesUnder(root: string, dir: string): string[] {
  const base = join(root, dir);
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

function hashFile(hash: Hash, root: string, path: string): void {
  hash.update(`\0${path}\0`);
  const file = join(root, path);
  if (existsSync(file)) hash.update(readFileSync(file));
}

export interface RenderKeyInputs {
  /** The project's root, where the build runs. */
  root?: string;
  /** The variables a page may print, as `readBuildEnv` lists them. */
  pageVariables?: ReadonlyArray<readonly [string, string]>;
  now?: Date;
}

/** The key of a route's pages; `extra` is what the route shows besides `content/` (JSON). */
export function renderKey(extra: unknown = null, inputs: RenderKeyInputs = {}): string {
  const { root = process.cwd(), pageVariables = BUILD_ENV.pageVariables, now = new Date() } = inputs;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(extra));
  for (const path of filesUnder(root, 'content')) if (!WIKI_PAGE.test(path)) hashFile(hash, root, path);
  hash.update(`\0${filesUnder(root, 'src').join('\n')}`);
  hashFile(hash, root, LIGHTHOUSE_SUMMARY_PATH);
  hash.update(`\0${JSON.stringify(pageVariables)}\0${now.getFullYear()}`);
  return hash.digest('base64url');
}
