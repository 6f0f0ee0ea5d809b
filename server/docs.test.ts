/**
 * The READMEs keep up with the tree: the project README's structure section names every top-level folder
 * of the repository and every folder directly under `server/`, `src/` and `core/`, and every repository
 * path the READMEs of the project and of `server/*` write in code (`server/api/http.ts`) exists. A folder
 * added, moved or removed without its line in the README fails here.
 */
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Folders `.gitignore` leaves out of the repository (`dist/`, `node_modules/`…). */
const IGNORED = new Set(
  read('.gitignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/'))
    .map((line) => line.slice(0, -1)),
);

const folders = (parent: string) =>
  readdirSync(join(ROOT, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !IGNORED.has(entry.name))
    .map((entry) => (parent === '.' ? `${entry.name}/` : `${parent}/${entry.name}/`));

/** The code block under "## Estructura": one line per folder, its path first. */
export function structureSection(readme: string): string {
  const section = /^## Estructura\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
  return /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

/** The folders a structure section names at the start of a line (`server/api/`, `src/lib/`). */
export function namedFolders(structure: string): Set<string> {
  return new Set([...structure.matchAll(/^ {0,2}([\w.-]+\/(?:[\w.-]+\/)*)/gm)].map((match) => match[1] ?? ''));
}

const ROOTS = ['src', 'server', 'scripts', 'e2e', 'bench', 'public', 'content', 'core', 'build', 'tools'];
const REPO_PATH = new RegExp(`^(?:${ROOTS.join('|')})/[\\w./@[\\]-]*$`);

/** Repository paths written as inline code (patterns such as `content/services/*.yaml` are not paths). */
export function codePaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)]
    .map((match) => (match[1] ?? '').trim())
    .filter((mention) => REPO_PATH.test(mention))
    .map((mention) => mention.replace(/\/$/, ''));
}

describe('the READMEs', () => {
  const structure = structureSection(read('README.md'));
  const named = namedFolders(structure);

  it('find the structure section', () => {
    expect(named.has('server/')).toBe(true);
  });

  it('name every top-level folder (itself or a folder in it) and every folder directly under server/, src/ and core/', () => {
    const topLevel = folders('.').filter((folder) => ![...named].some((name) => name.startsWith(folder)));
    const inner = ['server', 'src', 'core'].flatMap(folders).filter((folder) => !named.has(folder));
    expect([...topLevel, ...inner]).toEqual([]);
  });

  it('name no folder that does not exist', () => {
    expect([...named].filter((folder) => !existsSync(join(ROOT, folder)))).toEqual([]);
  });

  it('write only paths that exist', () => {
    const readmes = ['README.md', ...globSync('server/*/README.md', { cwd: ROOT })];
    const missing = readmes.flatMap((file) =>
      codePaths(read(file))
        .filter(
          (path) => !existsSync(join(ROOT, path)) && ![...IGNORED].some((ignored) => path.startsWith(`${ignored}/`)),
        )
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('tell a folder line, a pattern and a path apart', () => {
    expect([...namedFolders('server/            x\n  server/api/       y\n                    más texto/')]).toEqual([
      'server/',
      'server/api/',
    ]);
    expect(codePaths('`server/api/` y `content/services/*.yaml`, `npm test`, `core/routes.ts`')).toEqual([
      'server/api',
      'core/routes.ts',
    ]);
  });
});
