/**
 * The built site's HTML, read from `dist/` once per build and shared by the steps that run after the pages
 * are written: search index, font coverage, CSP hashes and compression each used to read every page again
 * (four reads of 150 MB at a thousand wiki pages). A step that rewrites a page keeps this copy current;
 * compression, the last step, lets it go.
 */
import { opendir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * Pages of the built site by their path from the site's root (`wikiangram/setup.html`), in the order the
 * file system lists them, as Pagefind's own directory walk met them (the order of its index's pages).
 */
export type BuiltHtml = Map<string, Buffer>;

const READS_AT_ONCE = 16;
const sites = new Map<string, Promise<BuiltHtml>>();

async function htmlPaths(root: string, dir = root): Promise<string[]> {
  const paths: string[] = [];
  for await (const entry of await opendir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) paths.push(...(await htmlPaths(root, path)));
    else if (entry.isFile() && entry.name.endsWith('.html')) paths.push(relative(root, path).split(sep).join('/'));
  }
  return paths;
}

async function readAll(root: string): Promise<BuiltHtml> {
  const paths = await htmlPaths(root);
  const bodies = new Array<Buffer>(paths.length);
  let next = 0;
  const reader = async () => {
    for (let index = next++; index < paths.length; index = next++) {
      bodies[index] = await readFile(join(root, paths[index] ?? ''));
    }
  };
  await Promise.all(Array.from({ length: READS_AT_ONCE }, reader));
  return new Map(paths.map((path, index) => [path, bodies[index] ?? Buffer.alloc(0)]));
}

/** Every HTML file under `root`, read on the first call of this build. */
export function builtHtml(root: string): Promise<BuiltHtml> {
  let site = sites.get(root);
  if (!site) {
    site = readAll(root);
    sites.set(root, site);
  }
  return site;
}

/** Writes a page and keeps the shared copy current. */
export async function rewritePage(root: string, path: string, html: string | Buffer): Promise<void> {
  const body = typeof html === 'string' ? Buffer.from(html) : html;
  (await builtHtml(root)).set(path, body);
  await writeFile(join(root, path), body);
}

/** Lets the pages go once the last step has them. */
export function releaseBuiltHtml(root: string): void {
  sites.delete(root);
}
