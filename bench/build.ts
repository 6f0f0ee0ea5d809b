/**
 * `npm run bench:build`: how the build grows with the content. In a throwaway copy of the project, the wiki
 * and the portfolio are copied to 1, 10 and 30 times their size (each copy with its own title and order,
 * text and components unchanged); for each size it prints a clean build's time (no dist/, no image or
 * compression cache), its peak memory, the time of each phase, a rebuild after an editor changes one wiki
 * paragraph, and the milliseconds each added page costs. `-- --peer starlight` builds the same wiki pages
 * with Starlight (same Astro version, in its own temporary project, its default sidebar listing every page,
 * the wiki's own components removed) in the same run and prints the ratio, and builds the largest size again
 * with only the wiki grown (the rest of the site as today), the like-for-like comparison with Starlight's
 * site of wiki pages (`-- --wiki-sizes` chooses those sizes). `-- --sizes 1,10` measures other
 * sizes; `-- --no-incremental` builds without Astro's incremental build (every page rendered, none kept),
 * to see what it costs a clean build; `-- --readme` writes the table into README.md (section Rendimiento).
 * Each project is built once before anything is measured (`warmUp`). Times depend on what else the machine
 * is doing: run it on an otherwise idle machine.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { BUILD_TIMINGS_ENV, CPU_LINE, PHASE_LINE } from '../src/integrations/build-timing.ts';
import { NO_INCREMENTAL_ENV } from '../src/lib/build-env.ts';
import { CSP_CACHE_FILE } from '../src/integrations/csp-hashes.ts';
import { COVERAGE_CACHE_FILE } from '../src/integrations/fonts/coverage.ts';
import { MDX_CACHE_DIR } from '../src/integrations/mdx-cache.ts';
import { PRECOMPRESS_CACHE_DIR } from '../src/integrations/precompress.ts';
import { PREVIOUS_BUILD_DIR } from '../src/integrations/previous-build.ts';
import { copyProject, PROJECT_ROOT } from '../src/schemas/project-copy.ts';
import { buildArguments } from './lib/build-command.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : (args[index + 1] ?? '');
};
const SIZES = (option('sizes') ?? '1,10,30').split(',').map(Number);
const PEER = option('peer');
/**
 * Sizes built again with only the wiki grown, the rest of the site as it is today: the comparison with
 * Starlight on the same wiki pages, whose own site is only those pages. By default the largest size when
 * a peer is measured; `-- --wiki-sizes 10,30` chooses, `-- --wiki-sizes none` skips them.
 */
const WIKI_ONLY_SIZES = (option('wiki-sizes') ?? (PEER ? String(Math.max(...SIZES)) : 'none'))
  .split(',')
  .filter((size) => size !== 'none' && size !== '')
  .map(Number);
const WRITE_README = args.includes('--readme');
/** Every page rendered and none kept for the next build: what Astro's incremental build costs a clean one. */
const NO_INCREMENTAL = args.includes('--no-incremental');
/** The page an editor changes between the clean build and the rebuild. */
const EDITED_PAGE = 'content/wiki/setup.mdx';
const TITLE_MAX = 60;

interface BuildRun {
  seconds: number;
  /** User and system time of the build's processes: what the build cost, whatever else the machine ran. */
  cpuSeconds: number | undefined;
  peakMb: number | undefined;
  pages: number;
  phases: Record<string, number>;
  /** CPU seconds of each phase the build's log reports (cpuPhasesOf). */
  cpuPhases: Record<string, number>;
  output: string;
}

// ---------------------------------------------------------------- growing the content

const frontmatterField = (text: string, field: string) => new RegExp(`^${field}: .*$`, 'm').exec(text)?.[0];

function retitle(text: string, copy: number): string {
  return text.replace(/^title: (["']?)(.*)\1$/m, (_line, _quote: string, title: string) => {
    const suffix = ` ${copy}`;
    return `title: ${JSON.stringify(title.slice(0, TITLE_MAX - suffix.length) + suffix)}`;
  });
}

function reorder(text: string, copy: number): string {
  return text.replace(/^order: (\d+)$/m, (_line, order: string) => `order: ${Number(order) + copy * 100}`);
}

/** Copies every `*.<extension>` of `folder` `factor - 1` times: `<name>-<n>`, another title and order. */
function grow(folder: string, extension: string, factor: number, edit: (text: string) => string = (t) => t): number {
  const originals = readdirSync(folder).filter((name) => name.endsWith(`.${extension}`));
  for (const name of originals) {
    const text = readFileSync(join(folder, name), 'utf8');
    if (!frontmatterField(text, 'title')) continue;
    for (let copy = 2; copy <= factor; copy += 1) {
      const id = name.slice(0, -extension.length - 1);
      writeFileSync(join(folder, `${id}-${copy}.${extension}`), edit(reorder(retitle(text, copy), copy)));
    }
  }
  return originals.length;
}

/** Each other language's cases (`content/<code>/portfolio`): every case needs its translation to build. */
function translatedCaseFolders(project: string): string[] {
  return readdirSync(join(project, 'content'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(project, 'content', entry.name, 'portfolio')))
    .map((entry) => `content/${entry.name}/portfolio`);
}

/** What a size grows: the wiki and the portfolio, or the wiki alone (the rest of the site as it is today). */
type Scope = 'todo' | 'wiki';

function growProject(project: string, factor: number, scope: Scope): void {
  grow(join(project, 'content/wiki'), 'mdx', factor);
  if (scope === 'wiki') return;
  // Copied cases stay off the home page, which shows the featured ones.
  grow(join(project, 'content/portfolio'), 'md', factor, (text) =>
    text.replace(/^featured: true$/m, 'featured: false'),
  );
  for (const folder of translatedCaseFolders(project)) grow(join(project, folder), 'md', factor);
}

/** Removes the copies a previous size added. */
function shrinkProject(project: string): void {
  for (const [folder, extension] of [
    ['content/wiki', 'mdx'],
    ['content/portfolio', 'md'],
    ...translatedCaseFolders(project).map((folder) => [folder, 'md'] as const),
  ] as const) {
    for (const name of readdirSync(join(project, folder)))
      if (new RegExp(`-\\d+\\.${extension}$`).test(name)) rmSync(join(project, folder, name));
  }
}

/** An editor's change: one more sentence at the end of the first paragraph of a wiki page. */
function editParagraph(project: string): void {
  const file = join(project, EDITED_PAGE);
  const lines = readFileSync(file, 'utf8').split('\n');
  const end = lines.indexOf('---', 1);
  const first = lines.findIndex((line, index) => index > end && /^[A-Za-zÁÉÍÓÚÑ¿¡*]/.test(line));
  const paragraphEnd = lines.findIndex((line, index) => index > first && line.trim() === '');
  lines[paragraphEnd - 1] = `${lines[paragraphEnd - 1] ?? ''} Revisado en la medición del build.`;
  writeFileSync(file, lines.join('\n'));
}

// ---------------------------------------------------------------- running a build

/** Astro's and Vite's durations: `850ms`, `4.54s`, or past a minute `1m 4s`. */
const DURATION = String.raw`(?:\d+m \d+(?:\.\d+)?s|[\d.]+m?s)`;

function seconds(text: string): number {
  const minutes = /^(\d+)m (\d+(?:\.\d+)?)s$/.exec(text);
  if (minutes) return Number(minutes[1]) * 60 + Number(minutes[2]);
  return text.endsWith('ms') ? Number.parseFloat(text) / 1000 : Number.parseFloat(text);
}

/**
 * Phase times (seconds) from Astro's log and from the lines `ANGRAM_BUILD_TIMINGS=1` adds. `arranque` is
 * what passes before Astro starts its clock (Node, Astro and the configuration, fonts included, loading);
 * `preparación` the content collections' sync and the types.
 */
function phasesOf(output: string, wallSeconds: number): Record<string, number> {
  const phases: Record<string, number> = {};
  const lines = output.split('\n');
  const completedAfter = (heading: string) => {
    const start = lines.findIndex((line) => line.includes(heading));
    if (start === -1) return undefined;
    const done = lines.slice(start).find((line) => line.includes('✓ Completed in'));
    const time = done && new RegExp(`Completed in (${DURATION})`).exec(done)?.[1];
    return time ? seconds(time) : undefined;
  };
  const bundle = [...output.matchAll(new RegExp(`\\[vite\\] ✓ built in (${DURATION})`, 'g'))].reduce(
    (sum, match) => sum + seconds(match[1] ?? '0'),
    0,
  );
  const astroTotal = new RegExp(`page\\(s\\) built in (${DURATION})`).exec(output)?.[1];
  if (astroTotal) phases.arranque = Math.max(0, wallSeconds - seconds(astroTotal));
  const preparing = completedAfter('Collecting build info');
  if (preparing !== undefined) phases['preparación'] = preparing;
  phases['código'] = bundle;
  const pages = completedAfter('generating static routes');
  if (pages !== undefined) phases['páginas'] = pages;
  const images = completedAfter('generating optimized images');
  if (images !== undefined) phases['imágenes'] = images;
  for (const line of lines) {
    const match = PHASE_LINE.exec(line);
    // A phase may run in two passes (compression beside the search index, then what is left): their sum.
    if (match) phases[match[1] ?? ''] = (phases[match[1] ?? ''] ?? 0) + Number(match[2]) / 1000;
  }
  return phases;
}

/**
 * CPU seconds per phase, from the lines `ANGRAM_BUILD_TIMINGS=1` adds: Astro's own phases from the process's
 * CPU time at the points between them (`arranque` here is startup, configuration and content sync together;
 * `páginas` holds the optimized images too), the project's steps from their own lines.
 */
function cpuPhasesOf(output: string): Record<string, number> {
  const points: Record<string, number> = {};
  const phases: Record<string, number> = {};
  for (const line of output.split('\n')) {
    const point = CPU_LINE.exec(line);
    if (point) points[point[1] ?? ''] = Number(point[2]) / 1000;
    const phase = PHASE_LINE.exec(line);
    if (phase) phases[phase[1] ?? ''] = (phases[phase[1] ?? ''] ?? 0) + Number(phase[3]) / 1000;
  }
  const { inicio, codigo, paginas } = points;
  if (inicio !== undefined) phases.arranque = inicio;
  if (inicio !== undefined && codigo !== undefined) phases['código'] = codigo - inicio;
  if (codigo !== undefined && paginas !== undefined) phases['páginas'] = paginas - codigo;
  return phases;
}

function runBuild(project: string): BuildRun {
  const build = buildArguments(project);
  const timed = existsSync('/usr/bin/time');
  const [command, commandArgs] = timed
    ? ['/usr/bin/time', ['-v', process.execPath, ...build]]
    : [process.execPath, build];
  const start = performance.now();
  const result = spawnSync(command, commandArgs, {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      [BUILD_TIMINGS_ENV]: '1',
      ...(NO_INCREMENTAL ? { [NO_INCREMENTAL_ENV]: '1' } : {}),
    },
  });
  const elapsed = (performance.now() - start) / 1000;
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`El build en ${project} falló:\n${output.slice(-4000)}`);
  const peakKb = /Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1];
  const user = /User time \(seconds\): ([\d.]+)/.exec(output)?.[1];
  const system = /System time \(seconds\): ([\d.]+)/.exec(output)?.[1];
  return {
    seconds: elapsed,
    cpuSeconds: user && system ? Number(user) + Number(system) : undefined,
    peakMb: peakKb ? Number(peakKb) / 1024 : undefined,
    pages: Number(/(\d+) page\(s\) built/.exec(output)?.[1] ?? 0),
    phases: phasesOf(output, elapsed),
    cpuPhases: cpuPhasesOf(output),
    output,
  };
}

/**
 * A clean build: no dist/, no previous build set aside, no compressed copies, no compiled wiki pages, no CSP
 * or font verdicts of earlier pages, no content data store; only Astro's optimized images stay, as they stay
 * in any build's node_modules/.astro (the grown portfolio reuses the same six images).
 */
function cleanBuild(project: string): BuildRun {
  // Cache folders go whole: in a copy of the project they may be links to the checkout's.
  const caches = [
    PRECOMPRESS_CACHE_DIR,
    MDX_CACHE_DIR,
    dirname(CSP_CACHE_FILE),
    COVERAGE_CACHE_FILE,
    PREVIOUS_BUILD_DIR,
  ];
  for (const path of ['dist', '.astro', ...caches]) rmSync(join(project, path), { recursive: true, force: true });
  const astroCache = join(project, 'node_modules', '.astro');
  if (existsSync(astroCache))
    for (const name of readdirSync(astroCache))
      if (name !== 'assets') rmSync(join(astroCache, name), { recursive: true, force: true });
  return runBuild(project);
}

/** The checkout's optimized images, so the first size does not pay for them alone. */
function seedImageCache(project: string): void {
  const assets = join(PROJECT_ROOT, 'node_modules', '.astro', 'assets');
  if (existsSync(assets)) cpSync(assets, join(project, 'node_modules', '.astro', 'assets'), { recursive: true });
}

// ---------------------------------------------------------------- the Starlight peer

const astroVersion = (): string =>
  (JSON.parse(readFileSync(join(PROJECT_ROOT, 'node_modules/astro/package.json'), 'utf8')) as { version: string })
    .version;

/** A Starlight project on the project's Astro version, installed once per version under the system's tmp. */
function starlightProject(): string {
  const dir = join(tmpdir(), `angram-bench-starlight-astro-${astroVersion()}`);
  if (!existsSync(join(dir, 'node_modules', '@astrojs', 'starlight'))) {
    mkdirSync(join(dir, 'src', 'content', 'docs'), { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'bench-starlight', private: true, type: 'module' }),
    );
    console.info(`Instalando Starlight para Astro ${astroVersion()} en ${dir}…`);
    const install = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', `astro@${astroVersion()}`, '@astrojs/starlight', 'sharp'],
      { cwd: dir, encoding: 'utf8', stdio: 'inherit' },
    );
    if (install.status !== 0) throw new Error('No se pudo instalar Starlight');
  }
  // Built the way the bench builds every project (./lib/build-command.ts): Astro's own command, no flags.
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
  manifest.scripts = { build: 'node node_modules/astro/bin/astro.mjs build' };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n" +
      "export default defineConfig({ integrations: [starlight({ title: 'Wiki Angram', defaultLocale: 'root', locales: { root: { label: 'Español', lang: 'es' } } })] });\n",
  );
  writeFileSync(
    join(dir, 'src', 'content.config.ts'),
    "import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\n" +
      "import { docsSchema } from '@astrojs/starlight/schema';\n" +
      'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n',
  );
  return dir;
}

/** The page for Starlight: title and description only, the wiki's own components taken out (not their text). */
function forStarlight(text: string): string {
  const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text) ?? [];
  const keep = frontmatter.split('\n').filter((line) => /^(title|description):/.test(line));
  let fenced = false;
  const lines = body.split('\n').map((line) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    return fenced ? line : line.replace(/<\/?[A-Z]\w*(?:\s[^<>]*)?\/?>/g, '');
  });
  return `---\n${keep.join('\n')}\n---\n${lines.join('\n')}`;
}

function copyWikiTo(project: string, peer: string): void {
  const docs = join(peer, 'src', 'content', 'docs');
  rmSync(docs, { recursive: true, force: true });
  mkdirSync(docs, { recursive: true });
  const wiki = join(project, 'content/wiki');
  for (const name of readdirSync(wiki).filter((file) => file.endsWith('.mdx')))
    writeFileSync(join(docs, name), forStarlight(readFileSync(join(wiki, name), 'utf8')));
}

// ---------------------------------------------------------------- report

/** The CPU time the host gave to other machines (`steal` in /proc/stat), in seconds since boot. */
function stealSinceBoot(): number | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = /^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: the eighth field, in clock ticks (100 per second).
  const steal = fields?.[7];
  return steal === undefined || Number.isNaN(steal) ? undefined : steal / 100;
}

const STEAL_AT_START = stealSinceBoot();

/**
 * On a virtual machine the host may run others on these cores: every build of the run, Starlight's too, then
 * takes longer by the same share, which moves times between runs but not their ratio.
 */
function stolenSeconds(): number | undefined {
  const now = stealSinceBoot();
  return now === undefined || STEAL_AT_START === undefined ? undefined : now - STEAL_AT_START;
}

interface SizeResult {
  factor: number;
  scope: Scope;
  wikiPages: number;
  clean: BuildRun;
  /** Not measured for the wiki-only size, whose edit would repeat the full size's. */
  rebuild: BuildRun | undefined;
  peer: BuildRun | undefined;
}

const fmt = (value: number | undefined, digits = 1) => (value === undefined ? '—' : value.toFixed(digits));
/** Phases in build order: Astro's own (from its log), then the project's integrations (ANGRAM_BUILD_TIMINGS). */
const PHASES = ['arranque', 'preparación', 'código', 'páginas', 'imágenes', 'busqueda', 'fuentes', 'csp', 'compresion'];
const PHASE_LABELS: Record<string, string> = { busqueda: 'búsqueda', compresion: 'compresión' };
/** The phases whose CPU time the log gives (cpuPhasesOf). */
const CPU_PHASES = ['arranque', 'código', 'páginas', 'busqueda', 'fuentes', 'csp', 'compresion'];

/** A Markdown table: a header row, its separator (first column left, the rest right) and the rows. */
function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, index) => (index === 0 ? '---' : '---:'))), ...rows.map(line)];
}

/** A size's measured builds for the phase tables: its label, the kind of build and the run. */
function runsOf(r: SizeResult): Array<[string, string, BuildRun]> {
  const label = `x${r.factor}${r.scope === 'wiki' ? ' (solo la wiki)' : ''}`;
  const runs: Array<[string, string, BuildRun]> = [[label, 'limpio', r.clean]];
  if (r.rebuild) runs.push([label, 'rebuild', r.rebuild]);
  return runs;
}

function table(results: readonly SizeResult[]): string {
  const size = (r: SizeResult) => [runsOf(r)[0]?.[0] ?? '', `${r.wikiPages} (${r.clean.pages})`];
  const summaryHeader = [
    'Tamaño',
    'Páginas de la wiki (todas)',
    'Build limpio (s)',
    'CPU (s)',
    'Pico (MB)',
    'Rebuild tras editar (s)',
    'Rebuild CPU (s)',
    ...(PEER ? ['Starlight (s)', 'Starlight CPU (s)', 'Starlight pico (MB)', 'Proporción (tiempo / CPU)'] : []),
  ];
  const summary = results.map((r) => [
    ...size(r),
    fmt(r.clean.seconds),
    fmt(r.clean.cpuSeconds),
    fmt(r.clean.peakMb, 0),
    fmt(r.rebuild?.seconds),
    fmt(r.rebuild?.cpuSeconds),
    ...(PEER
      ? r.peer
        ? [
            fmt(r.peer.seconds),
            fmt(r.peer.cpuSeconds),
            fmt(r.peer.peakMb, 0),
            `${fmt(r.clean.seconds / r.peer.seconds, 2)} / ${fmt((r.clean.cpuSeconds ?? NaN) / (r.peer.cpuSeconds ?? NaN), 2)}`,
          ]
        : ['—', '—', '—', '—']
      : []),
  ]);
  const phaseHeader = ['Tamaño', 'Build', ...PHASES.map((phase) => `${PHASE_LABELS[phase] ?? phase} (s)`)];
  const phases = results.flatMap((r) =>
    runsOf(r).map(([label, kind, run]) => [label, kind, ...PHASES.map((phase) => fmt(run.phases[phase]))]),
  );
  const cpuPhases = results.flatMap((r) =>
    runsOf(r).map(([label, kind, run]) => [label, kind, ...CPU_PHASES.map((phase) => fmt(run.cpuPhases[phase]))]),
  );
  const cpuHeader = ['Tamaño', 'Build', ...CPU_PHASES.map((phase) => `${PHASE_LABELS[phase] ?? phase} (s)`)];
  const when = new Date().toISOString().slice(0, 10);
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const stolen = stolenSeconds();
  const lines = [
    `Medición del ${when} en ${availableParallelism()} núcleos (carga media al terminar: ${load}` +
      (stolen === undefined
        ? ').'
        : `; tiempo de CPU que el anfitrión de la máquina virtual dio a otros: ${fmt(stolen)} s).`),
    '',
    ...markdownTable(summaryHeader, summary),
    '',
    'Fases (segundos de reloj; arranque: Node, Astro y la configuración con las fuentes; preparación: colecciones y tipos):',
    '',
    ...markdownTable(phaseHeader, phases),
    '',
    'CPU de cada fase (segundos; arranque incluye la preparación, páginas las imágenes):',
    '',
    ...markdownTable(cpuHeader, cpuPhases),
  ];
  const grown = results.filter((r) => r.scope === 'todo');
  const first = grown[0];
  const last = grown.at(-1);
  if (first && last && last !== first) lines.push(perPageNote('Cada página añadida (wiki y portfolio)', first, last));
  // Like for like with Starlight: the same wiki pages added to the site as it is today.
  const wikiOnly = results.filter((r) => r.scope === 'wiki').at(-1);
  if (first && wikiOnly && wikiOnly.factor !== first.factor)
    lines.push(perPageNote('Cada página de la wiki añadida, con solo la wiki crecida', first, wikiOnly).slice(1));
  return lines.join('\n');
}

/** Milliseconds each page added between two sizes cost, of wall and CPU time, with Starlight's beside. */
function perPageNote(label: string, from: SizeResult, to: SizeResult): string {
  const perPage = (a: BuildRun, b: BuildRun, value: (run: BuildRun) => number | undefined) =>
    (((value(b) ?? NaN) - (value(a) ?? NaN)) * 1000) / (b.pages - a.pages);
  const wall = (run: BuildRun) => run.seconds;
  const cpu = (run: BuildRun) => run.cpuSeconds;
  let note =
    `\n${label} (x${from.factor} -> x${to.factor}): ${fmt(perPage(from.clean, to.clean, wall), 0)} ms ` +
    `de reloj, ${fmt(perPage(from.clean, to.clean, cpu), 0)} ms de CPU`;
  if (from.peer && to.peer)
    note +=
      `; en Starlight ${fmt(perPage(from.peer, to.peer, wall), 0)} ms de reloj, ` +
      `${fmt(perPage(from.peer, to.peer, cpu), 0)} ms de CPU`;
  return `${note}.`;
}

/** Puts the table between the README's marks, formatted as the project's Prettier wants it (lint:files). */
async function writeReadme(text: string): Promise<void> {
  const readme = join(PROJECT_ROOT, 'README.md');
  const [start, end] = ['<!-- bench:build:start -->', '<!-- bench:build:end -->'];
  const current = readFileSync(readme, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`README.md no tiene las marcas ${start} y ${end}`);
  const next = `${current.slice(0, from + start.length)}\n\n${text}\n\n${current.slice(to)}`;
  writeFileSync(readme, await format(next, { ...(await resolveConfig(readme)), filepath: readme }));
}

// ---------------------------------------------------------------- main

const project = copyProject();
// Its own compression cache: a clean build here must not empty the checkout's.
rmSync(join(project, PRECOMPRESS_CACHE_DIR), { recursive: true, force: true });
seedImageCache(project);
const peer = PEER === 'starlight' ? starlightProject() : undefined;
if (PEER && PEER !== 'starlight') throw new Error(`--peer solo conoce starlight, no ${PEER}`);
/** A clean build at this size, a rebuild after an edit (full growth only) and Starlight on the same wiki pages. */
function measureSize(factor: number, scope: Scope): SizeResult {
  shrinkProject(project);
  growProject(project, factor, scope);
  const wikiPages = readdirSync(join(project, 'content/wiki')).filter((name) => name.endsWith('.mdx')).length;
  const clean = cleanBuild(project);
  let rebuild: BuildRun | undefined;
  if (scope === 'todo') {
    const restore = readFileSync(join(project, EDITED_PAGE), 'utf8');
    editParagraph(project);
    rebuild = runBuild(project);
    writeFileSync(join(project, EDITED_PAGE), restore);
  }
  let peerRun: BuildRun | undefined;
  if (peer) {
    copyWikiTo(project, peer);
    peerRun = cleanBuild(peer);
  }
  const tag = `x${factor}${scope === 'wiki' ? '-wiki' : ''}`;
  for (const [kind, run] of Object.entries({ limpio: clean, rebuild, starlight: peerRun }))
    if (run) writeFileSync(join(tmpdir(), `angram-bench-build-${tag}-${kind}.log`), run.output);
  console.info(
    `${tag}: ${wikiPages} páginas de la wiki, ${clean.pages} en total; limpio ${fmt(clean.seconds)} s, ` +
      `CPU ${fmt(clean.cpuSeconds)} s, pico ${fmt(clean.peakMb, 0)} MB` +
      (rebuild ? `, rebuild ${fmt(rebuild.seconds)} s (compresión ${fmt(rebuild.phases.compresion)} s)` : '') +
      (peerRun ? `; Starlight ${fmt(peerRun.seconds)} s, pico ${fmt(peerRun.peakMb, 0)} MB` : ''),
  );
  return { factor, scope, wikiPages, clean, rebuild, peer: peerRun };
}

/**
 * One clean build of each project before anything is measured, its times discarded. This virtual machine
 * gives idle memory back to its host, page cache included, so the first build after a pause read Node,
 * Astro and the other dependencies from disk: a x1 build took 9 s with the disk cache emptied and 7 s
 * right after, for the same CPU. The run then measures the builds, not the disk; an editor building often,
 * or CI right after `npm ci`, finds those files in memory too.
 */
function warmUp(): void {
  const ours = cleanBuild(project);
  let note = `Builds de calentamiento (descartados): el sitio ${fmt(ours.seconds)} s`;
  if (peer) {
    copyWikiTo(project, peer);
    note += `, Starlight ${fmt(cleanBuild(peer).seconds)} s`;
  }
  console.info(`${note}.`);
}

const results: SizeResult[] = [];
try {
  console.info(
    `Proyecto copiado en ${project}; ${availableParallelism()} núcleos; tamaños x${SIZES.join(', x')}` +
      (WIKI_ONLY_SIZES.length > 0 ? `; solo la wiki: x${WIKI_ONLY_SIZES.join(', x')}.` : '.'),
  );
  warmUp();
  for (const factor of SIZES) results.push(measureSize(factor, 'todo'));
  for (const factor of WIKI_ONLY_SIZES) results.push(measureSize(factor, 'wiki'));
} finally {
  rmSync(project, { recursive: true, force: true });
}
const text = table(results);
console.info(`\n${text}`);
if (WRITE_README) await writeReadme(text);
