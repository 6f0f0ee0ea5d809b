/**
 * `npm run bench`: builds the site (timed), serves it with the production server and runs Lighthouse
 * (mobile, simulated throttling, Debian's Chromium when present) five times on one URL per page type, in
 * every active language (`home`, `home-en`…).
 * Prints the median scores, LCP, TBT, CLS and the bytes transferred on first load (total, fonts, JS, as
 * the browser received them: brotli from the production server; JS counts the page's inline scripts too),
 * checks them against the goals of src/lib/budgets.ts (bytes, and Lighthouse 100, TBT, CLS), writes
 * bench/lighthouse-summary.json (the wiki reads it) and refreshes the table in README.md's "Rendimiento"
 * section.
 *
 *   npm run bench                 # full run
 *   npm run bench -- --runs=1     # quicker, noisier
 *   npm run bench -- --skip-build # reuse dist/
 *   npm run bench -- --only=home,faq,home-en
 *   npm run bench -- --requests   # also list each page's requests with their transferred bytes
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProductionServer } from '../server/testing/production-server.ts';
import { loadContentFacts } from '../core/content/load.ts';
import { portfolioCasePath, ROUTES } from '../core/routes.ts';
import { buildArguments } from './lib/build-command.ts';
import { inlineJavaScriptBytes } from './lib/inline-javascript.ts';
import {
  LIGHTHOUSE_RUNS,
  README_TABLE_END,
  README_TABLE_START,
  lighthouseTable,
  type TableRow,
} from './lib/lighthouse-table.ts';
import {
  FIRST_LOAD_LABELS,
  firstLoadOvershoots,
  formatKb,
  lighthouseShortfalls,
  type FirstLoadWeight,
} from '../src/lib/budgets.ts';

const CASE_ID = 'fintech-revolution';

const SPANISH_PAGE_TYPES = [
  { type: 'home', label: 'Inicio', path: ROUTES.home },
  { type: 'service', label: 'Servicio', path: ROUTES.webApps },
  { type: 'contact', label: 'Contacto', path: ROUTES.contact },
  { type: 'startProject', label: 'Iniciar proyecto', path: ROUTES.startProject },
  { type: 'portfolio', label: 'Portfolio', path: ROUTES.portfolio },
  { type: 'case', label: 'Caso', path: portfolioCasePath(CASE_ID) },
  { type: 'faq', label: 'FAQ', path: ROUTES.faq },
  { type: 'wiki', label: 'Wiki', path: ROUTES.wikiHome },
  { type: 'notFound', label: '404', path: '/pagina-inexistente' },
] as const;

type PageKind = (typeof SPANISH_PAGE_TYPES)[number]['type'];

interface BenchPage {
  /** The page type (`home`), or its twin in another language (`home-en`), as --only names it. */
  type: string;
  kind: PageKind;
  label: string;
  path: string;
}

/**
 * Every page type in every active language: the Spanish ones, then each one's twin from the language's
 * route table (content/<code>/routes.yaml). The wiki is Spanish only, so it has no twin.
 */
function pageTypes(): BenchPage[] {
  const { translations } = loadContentFacts();
  const spanish = SPANISH_PAGE_TYPES.map((page) => ({ ...page, kind: page.type }));
  const twins = translations.active
    .filter((language) => language.code !== translations.defaultCode)
    .flatMap((language) => {
      const routes = translations.routes.get(language.code);
      if (!routes) return [];
      const paths: Partial<Record<PageKind, string>> = {
        home: routes.home,
        service: routes.webApps,
        contact: routes.contact,
        startProject: routes.startProject,
        portfolio: routes.portfolio,
        case: `${routes.portfolio}/${CASE_ID}`,
        faq: routes.faq,
        notFound: `${routes.home}/page-that-does-not-exist`,
      };
      return SPANISH_PAGE_TYPES.flatMap((page) => {
        const path = paths[page.type];
        return path
          ? [
              {
                type: `${page.type}-${language.code}`,
                kind: page.type,
                label: `${page.label} (${language.code})`,
                path,
              },
            ]
          : [];
      });
    });
  return [...spanish, ...twins];
}

const PAGE_TYPES = pageTypes();

/**
 * First load of the equivalent page of two well-kept Astro sites, their starters built and served and
 * measured by the same byte pass (brotli, as transferred): AstroWind (a marketing template, whose contact
 * form sends nothing) and Starlight (Astro's documentation theme). Printed beside ours; the budgets of
 * src/lib/budgets.ts sit below them. Written into bench/lighthouse-summary.json for the wiki too.
 */
const PEERS: Partial<Record<PageKind, { name: string; kib: number }>> = {
  home: { name: 'AstroWind, inicio', kib: 134.1 },
  contact: { name: 'AstroWind, contacto', kib: 76.3 },
  wiki: { name: 'Starlight, documentación', kib: 67.2 },
  notFound: { name: 'AstroWind, 404', kib: 71.8 },
};

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key = '', value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const runs = Number(args.get('runs') ?? LIGHTHOUSE_RUNS);

/** One Lighthouse run of a page: a table row's measured figures. */
type Sample = Omit<TableRow, 'label' | 'path' | 'peer'>;

interface LighthouseRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** A cold build: the image cache is emptied first, so the time is what a fresh clone pays. */
function buildSite(): number {
  rmSync('node_modules/.astro', { recursive: true, force: true });
  const started = performance.now();
  const result = spawnSync(process.execPath, buildArguments('.'), {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('astro build falló');
  return performance.now() - started;
}

/** Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART); such runs are repeated. */
async function auditWithRetry(url: string, port: number, ignoreStatusCode: boolean, attempts = 3): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, ignoreStatusCode);
    } catch (error) {
      if (attempt >= attempts || !/NO_NAVSTART|NO_FCP|trace/i.test((error as Error).message)) throw error;
    }
  }
}

async function audit(url: string, port: number, ignoreStatusCode: boolean): Promise<Sample> {
  // The inline scripts travel inside the document, which Lighthouse counts as a document, not as JS.
  const inlineJs = inlineJavaScriptBytes(await (await fetch(url)).text());
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        ignoreStatusCode,
      },
    },
  );
  if (!result) throw new Error(`Lighthouse no devolvió resultados para ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.message}`);
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  // Transferred bytes per resource type, summed over Lighthouse's own request list.
  const requests = (audits['network-requests']?.details as { items?: LighthouseRequest[] } | undefined)?.items ?? [];
  const bytesOf = (type: string) =>
    requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  if (args.has('requests')) {
    process.stderr.write(`\n${url}\n`);
    for (const r of [...requests].sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))) {
      process.stderr.write(
        `  ${String(r.transferSize ?? 0).padStart(8)}  ${(r.resourceType ?? '?').padEnd(10)} ${new URL(r.url).pathname}\n`,
      );
    }
  }
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    bytes: audits['total-byte-weight']?.numericValue ?? NaN,
    fontBytes: bytesOf('Font'),
    jsBytes: bytesOf('Script') + inlineJs,
    cssBytes: bytesOf('Stylesheet'),
    imageBytes: bytesOf('Image'),
  };
}

function pageCount(): number {
  const count = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce(
      (total, entry) =>
        total + (entry.isDirectory() ? count(`${dir}/${entry.name}`) : entry.name.endsWith('.html') ? 1 : 0),
      0,
    );
  return count('dist');
}

function table(rows: Array<BenchPage & Sample>, buildMs: number | null): string {
  const lines = [lighthouseTable(rows.map((row) => ({ ...row, peer: PEERS[row.kind] ?? null })))];
  if (buildMs !== null)
    lines.push(
      '',
      `Compilación completa en frío (\`npm run build\` sin caché de imágenes, ${pageCount()} páginas): ${(buildMs / 1000).toFixed(1)} s.`,
    );
  return lines.join('\n');
}

const buildMs = args.has('skip-build') ? null : buildSite();
if (!existsSync('dist/index.html')) throw new Error('Falta dist/: quita --skip-build.');
const server = await startProductionServer({ RATE_LIMIT_MAX: '10000' });
const chrome = await chromeLauncher.launch({
  chromePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

const rows: Array<BenchPage & Sample> = [];
const failures: string[] = [];
try {
  const only = args.get('only')?.split(',');
  for (const page of PAGE_TYPES.filter((p) => !only || only.includes(p.type))) {
    const samples: Sample[] = [];
    try {
      for (let run = 0; run < runs; run++)
        samples.push(await auditWithRetry(`${server.url}${page.path}`, chrome.port, page.kind === 'notFound'));
    } catch (error) {
      // One page failing (e.g. not built yet) must not hide the others' numbers.
      failures.push(`${page.label} (${page.path}): ${(error as Error).message}`);
      continue;
    }
    const pick = (key: keyof Sample) => median(samples.map((s) => s[key]));
    rows.push({
      ...page,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      bytes: pick('bytes'),
      fontBytes: pick('fontBytes'),
      jsBytes: pick('jsBytes'),
      cssBytes: pick('cssBytes'),
      imageBytes: pick('imageBytes'),
    });
    process.stderr.write(`· ${page.label}: ${samples.map((s) => s.performance).join('/')}\n`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

const markdown = table(rows, buildMs);
process.stdout.write(`\nLighthouse móvil, mediana de ${runs} corrida(s) por página:\n\n${markdown}\n`);
for (const failure of failures) process.stdout.write(`\nSin medir: ${failure}\n`);
const overBudget = rows.flatMap((r) => {
  const weight: FirstLoadWeight = { total: r.bytes, fonts: r.fontBytes, js: r.jsBytes };
  return firstLoadOvershoots(r.path, weight).map(
    (o) => `${r.path}: ${FIRST_LOAD_LABELS[o.kind]} ${formatKb(o.bytes)} supera ${formatKb(o.budget)}`,
  );
});
if (overBudget.length > 0)
  process.stdout.write(
    `\nFuera de presupuesto (primera carga):\n${overBudget.map((line) => `- ${line}`).join('\n')}\n`,
  );
else if (rows.length > 0)
  process.stdout.write('\nCada página medida está dentro de sus metas de bytes en la primera carga.\n');
// Scores and TBT depend on the machine (a busy one lowers them): reported, and the run fails, so a
// regression is seen; run it again on a quiet machine before believing a shortfall.
const shortOfGoals = rows.flatMap((r) =>
  lighthouseShortfalls(r, { errorPage: r.kind === 'notFound' }).map((line) => `${r.path}: ${line}`),
);
if (shortOfGoals.length > 0)
  process.stdout.write(`\nBajo la meta de Lighthouse:\n${shortOfGoals.map((line) => `- ${line}`).join('\n')}\n`);
else if (rows.length > 0) process.stdout.write('Cada página medida tiene 100, TBT bajo 50 ms y CLS 0.\n');
if (failures.length > 0 || overBudget.length > 0 || shortOfGoals.length > 0) process.exitCode = 1;

const measuredAt = new Date().toISOString();
if (!args.has('only')) {
  // The wiki's performance page shows each page beside its peer's (src/lib/wiki/first-load.ts).
  const pages = rows.map(({ kind, ...row }) => ({ ...row, peer: PEERS[kind] ?? null }));
  const summary = { measuredAt, runs, buildMs: buildMs === null ? null : Math.round(buildMs), pages };
  await writeFile('bench/lighthouse-summary.json', `${JSON.stringify(summary, null, 2)}\n`);
}

// Keep README's table in step with the latest full measurement.
if (!args.has('only')) await updateReadme(markdown, measuredAt);

async function updateReadme(table: string, at: string): Promise<void> {
  const readme = await readFile('README.md', 'utf8');
  const start = README_TABLE_START;
  const end = README_TABLE_END;
  if (!readme.includes(start) || !readme.includes(end)) return;
  const date = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(
    new Date(at),
  );
  const body = `${start}\nMedición del ${date} (${runs} corridas por página, mediana):\n\n${table}\n${end}`;
  const updated = readme.replace(new RegExp(`${start}[\\s\\S]*${end}`), body);
  // Written as the formatter would, so `npm run lint` (prettier --check) passes right after a bench.
  const prettier = await import('prettier');
  const options = await prettier.resolveConfig('README.md');
  await writeFile('README.md', await prettier.format(updated, { ...options, filepath: 'README.md' }));
}
