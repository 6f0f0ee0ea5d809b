/**
 * The layers, checked on every import of the repository: `server/` imports nothing from `src/` and the
 * site (`src/`) nothing from `server/` (what the site needs of the server comes from `core/` or, rendered at
 * build time, from `build/`); `core/` imports from nobody; the sales inbox imports no e-mail code (its own
 * messages and the clients' replies live in `server/inbox-email/`, wired by `server/services.ts`) and no
 * command-line code; nothing imports a command (scripts/ holds entry points only); every folder a
 * stylesheet tells Tailwind to scan exists.
 */
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCES = [
  'server/**/*.ts',
  'core/**/*.ts',
  'src/**/*.{ts,tsx,astro}',
  'scripts/**/*.ts',
  'bench/**/*.ts',
  'e2e/**/*.ts',
  'build/**/*.ts',
];

interface Import {
  /** The importing file, from the root. */
  from: string;
  /** The imported file, from the root. */
  to: string;
}

/** Relative specifiers in `from`, `import()` and bare `import '…'` forms. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function importsOf(file: string, source: string): Import[] {
  return [...source.matchAll(SPECIFIER)].map((match) => ({
    from: file,
    to: relative(ROOT, normalize(join(ROOT, dirname(file), (match[1] ?? '').replace(/\?.*$/, '')))),
  }));
}

function repositoryImports(): Import[] {
  return globSync(SOURCES, { cwd: ROOT }).flatMap((file) => importsOf(file, readFileSync(join(ROOT, file), 'utf8')));
}

const under = (folder: string) => (path: string) => path === folder || path.startsWith(`${folder}/`);
const isTest = (path: string) => /\.test\.tsx?$|(^|\/)test-support\.ts$/.test(path);
const described = (imports: readonly Import[]) => imports.map(({ from, to }) => `${from} → ${to}`);

/** The inbox's own code: server/admin/, its command-line library aside. */
const isInbox = (path: string) => under('server/admin')(path) && !under('server/admin/user-command')(path);

/** The layer rules over a list of imports: what breaks each one (empty when all hold). */
function layerProblems(imports: readonly Import[]): Record<string, string[]> {
  return {
    'server/ importa src/': described(imports.filter(({ from, to }) => under('server')(from) && under('src')(to))),
    'src/ importa server/': described(imports.filter(({ from, to }) => under('src')(from) && under('server')(to))),
    'core/ importa de otra carpeta': described(
      imports.filter(({ from, to }) => under('core')(from) && !under('core')(to)),
    ),
    'la bandeja importa código de correo': described(
      imports.filter(
        ({ from, to }) => under('server/admin')(from) && (under('server/email')(to) || under('server/inbox-email')(to)),
      ),
    ),
    'la bandeja importa código de línea de comandos': described(
      imports.filter(
        ({ from, to }) =>
          isInbox(from) && !isTest(from) && (under('scripts')(to) || under('server/admin/user-command')(to)),
      ),
    ),
    'se importa un comando de scripts/': described(
      imports.filter(({ from, to }) => under('scripts')(to) && !isTest(from)),
    ),
  };
}

/**
 * The layers of `server/`, top to bottom: a file imports from its own layer and the ones below, never from
 * one above (an arrow running back up ties two folders together: neither can change or be tested alone).
 * A layer is a folder, or a set of files at the root: the entry points with the composition that wires
 * the folders together sit on top, the small helpers every folder shares (errors.ts, escape-html.ts…) low.
 * Tests stand beside the layers: a test may drive the whole server. The helpers in `server/testing/` that
 * start it sit on top, so a folder's own helpers (`db/testing/`, `privacy/testing/`…) cannot lean on them.
 */
const SERVER_LAYERS: ReadonlyArray<readonly [name: string, holds: (path: string) => boolean]> = [
  ['server/testing', under('server/testing')],
  [
    'server/ (entradas y composición)',
    (path) =>
      ['index', 'standalone', 'start', 'app', 'services', 'senders', 'database', 'process-config', 'config'].some(
        (name) => path === `server/${name}.ts`,
      ),
  ],
  ...[
    // The inbox's e-mail, both ways: adapters between the inbox and the e-mail code it must not import.
    'inbox-email',
    'admin',
    'api',
    'meetings',
    'privacy',
    'monitoring',
    'translations',
    'static',
    'email',
    'jobs',
    'log',
    // Who asks: the client's address behind trusted proxies, its hash and its rate limits, for every surface.
    'client',
  ].map((folder) => [`server/${folder}`, under(`server/${folder}`)] as const),
  ['server/ (ayudantes compartidos)', (path) => /^server\/[^/]+\.ts$/.test(path)],
  ...['lead', 'db', 'availability'].map((folder) => [`server/${folder}`, under(`server/${folder}`)] as const),
];

/** The layer's position (0 at the top), or undefined for a test, a test helper or a file of no layer. */
function layerOf(path: string): number | undefined {
  if (isTest(path)) return undefined;
  const index = SERVER_LAYERS.findIndex(([, holds]) => holds(path));
  return index < 0 ? undefined : index;
}

/** Arrows between layers of server/ (one per pair of layers, with the imports that draw it). */
function layerArrows(imports: readonly Import[]): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const { from, to } of imports) {
    const [a, b] = [layerOf(from), layerOf(to)];
    if (a === undefined || b === undefined || a === b) continue;
    const key = `${SERVER_LAYERS[a]?.[0]} → ${SERVER_LAYERS[b]?.[0]}`;
    arrows.set(key, [...(arrows.get(key) ?? []), `${from} → ${to}`]);
  }
  return arrows;
}

/** The arrows from a layer to one above it, with the imports that draw each. */
function backUp(imports: readonly Import[]): Record<string, string[]> {
  const position = new Map(SERVER_LAYERS.map(([name], index) => [name, index]));
  return Object.fromEntries(
    [...layerArrows(imports)].filter(([key]) => {
      const [from = '', to = ''] = key.split(' → ');
      return (position.get(from) ?? 0) > (position.get(to) ?? 0);
    }),
  );
}

/** Pairs of layers that import each other, whatever their order. */
function twoWayTies(imports: readonly Import[]): string[] {
  const arrows = layerArrows(imports);
  return [...arrows.keys()]
    .filter((key) => {
      const [from = '', to = ''] = key.split(' → ');
      return from < to && arrows.has(`${to} → ${from}`);
    })
    .map((key) => key.replace(' → ', ' ↔ '));
}

describe('layers', () => {
  const imports = repositoryImports();

  it('reads the imports of the repository', () => {
    expect(imports.length).toBeGreaterThan(500);
    expect(imports).toContainEqual({ from: 'server/start.ts', to: 'server/services.ts' });
  });

  it('hold on every import', () => {
    expect(layerProblems(imports)).toEqual({
      'server/ importa src/': [],
      'src/ importa server/': [],
      'core/ importa de otra carpeta': [],
      'la bandeja importa código de correo': [],
      'la bandeja importa código de línea de comandos': [],
      'se importa un comando de scripts/': [],
    });
  });

  it('catch each kind of crossing', () => {
    const crossings = [
      ...importsOf('server/api/x.ts', "import { a } from '../../src/lib/a.ts';"),
      ...importsOf('src/lib/wiki/x.ts', "import { f } from '../../../server/email/samples.ts';"),
      ...importsOf('src/integrations/x.ts', "export type { G } from '../../server/static/compression.ts';"),
      ...importsOf('core/x.ts', "import { b } from '../server/b.ts';"),
      ...importsOf('server/admin/views/x.ts', "import { c } from '../../email/templates.ts';"),
      ...importsOf('server/admin/x.ts', "import type { R } from '../inbox-email/replies/reader.ts';"),
      ...importsOf('server/admin/x.ts', "import { d } from '../../scripts/outbox.ts';"),
      ...importsOf('server/admin/handlers/x.ts', "const e = await import('../user-command/run.ts');"),
      ...importsOf('bench/x.ts', "import '../scripts/dev.ts';"),
    ];
    expect(Object.values(layerProblems(crossings)).map((found) => found.length)).toEqual([1, 2, 1, 2, 2, 2]);
  });

  it('point every stylesheet at folders and files that exist (Tailwind skips a missing one silently)', () => {
    const missing = globSync('src/styles/*.css', { cwd: ROOT }).flatMap((sheet) =>
      [...readFileSync(join(ROOT, sheet), 'utf8').matchAll(/@(?:source(?: not)?|import)\s+'(\.{1,2}\/[^']+)'/g)]
        .map((match) => join(dirname(sheet), match[1] ?? ''))
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${sheet} → ${path}`),
    );
    expect(missing).toEqual([]);
  });
});

describe('the layers of server/', () => {
  const imports = repositoryImports();

  it('place every file of server/ in a layer (a new folder takes its place in SERVER_LAYERS)', () => {
    const unplaced = globSync('server/**/*.ts', { cwd: ROOT }).filter(
      (file) => !isTest(file) && layerOf(file) === undefined,
    );
    expect(unplaced).toEqual([]);
  });

  it('import only downward', () => {
    expect(backUp(imports)).toEqual({});
  });

  it('tie no two layers together', () => {
    expect(twoWayTies(imports)).toEqual([]);
  });

  it('catch an arrow running back up and a tie, leaving tests aside', () => {
    const arrows = [
      ...importsOf('server/db/x.ts', "import { a } from '../admin/a.ts';"),
      ...importsOf('server/admin/y.ts', "import type { B } from '../db/b.ts';"),
      ...importsOf('server/email/z.ts', "import { c } from '../start.ts';"),
      ...importsOf('server/db/x.test.ts', "import { d } from '../api/d.ts';"),
      ...importsOf('server/testing/w.ts', "import { e } from '../app.ts';"),
      ...importsOf('server/privacy/testing/u.ts', "import { g } from '../../testing/api.ts';"),
      ...importsOf('server/log/v.ts', "import { f } from '../escape-html.ts';"),
    ];
    expect(Object.keys(backUp(arrows))).toEqual([
      'server/db → server/admin',
      'server/email → server/ (entradas y composición)',
      'server/privacy → server/testing',
    ]);
    expect(twoWayTies(arrows)).toEqual(['server/admin ↔ server/db']);
  });
});
