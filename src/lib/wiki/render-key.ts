/**
 * The key under which Astro's incremental build (`experimental.incrementalBuild`) keeps a wiki page's HTML
 * from one build to the next. Astro re-renders a page when the code it imports changed (it hashes the
 * page's module graph) or when the page's own MDX changed (it hashes each content entry the page rendered);
 * everything else a page shows must change this key, or an edit would not reach the page:
 * - every wiki page's front matter: the sidebar lists all of them, the pager names the neighbours;
 * - the rest of `content/`: header, footer, contact channels and the counts the wiki quotes come from it
 *   (read through the content collections or straight from the files, outside the module graph);
 * - the names of the files under `src/`: the overview counts components and routes from them;
 * - the Lighthouse summary the wiki quotes, the public environment variables and the footer's year.
 * An editor's change to one page's text leaves this key as it was, so only that page is rendered again.
 */
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { LIGHTHOUSE_SUMMARY_PATH } from './project-stats.ts';

/** Wiki pages' text: tracked by Astro itself, entry by entry, so it stays out of the shared key. */
const WIKI_PAGE = /^content\/wiki\/.*\.mdx$/;
/** Variables a page may print: the site's address, its public contact channels, analytics settings. */
const PUBLIC_ENV = /^(PUBLIC_|SITE_|VITALS_)/;

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
  env?: Readonly<Record<string, string | undefined>>;
  now?: Date;
}

/** The key every wiki page shares: `pages` is each page's slug and front matter. */
export function wikiRenderKey(pages: readonly object[], inputs: RenderKeyInputs = {}): string {
  const { root = process.cwd(), env = process.env, now = new Date() } = inputs;
  const hash = createHash('sha256');
  hash.update(JSON.stringify(pages));
  for (const path of filesUnder(root, 'content')) if (!WIKI_PAGE.test(path)) hashFile(hash, root, path);
  hash.update(`\0${filesUnder(root, 'src').join('\n')}`);
  hashFile(hash, root, LIGHTHOUSE_SUMMARY_PATH);
  const publicEnv = Object.entries(env)
    .filter(([name]) => PUBLIC_ENV.test(name))
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(`\0${JSON.stringify(publicEnv)}\0${now.getFullYear()}`);
  return hash.digest('base64url');
}
