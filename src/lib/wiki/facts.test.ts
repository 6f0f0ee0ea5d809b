import { existsSync, globSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WIKI_CLAIMS, type Repo } from './claims.ts';
import {
  assignedPorts,
  codeMentions,
  directives,
  inlineCode,
  localPorts,
  npmScripts,
  repoPaths,
  shellLines,
  upperNames,
} from './facts.ts';

const repo: Repo = {
  read: (path) => readFileSync(path, 'utf8'),
  exists: (path) => existsSync(path),
  list: (pattern) => globSync(pattern).filter((path) => statSync(path).isFile()),
};

const pages = readdirSync('content/wiki')
  .filter((name) => name.endsWith('.mdx'))
  .map((name) => ({ slug: name.replace(/\.mdx$/, ''), mdx: readFileSync(`content/wiki/${name}`, 'utf8') }));

/** The code and configuration a variable, constant, port or directive must appear in (tests and content excluded). */
const SOURCE = [
  ...globSync(['src/**/*.{ts,tsx,astro,mjs}', 'server/**/*.ts', 'scripts/**/*.ts', 'core/**/*.ts', 'bench/**/*.ts']),
  'astro.config.mjs',
  '.env.example',
  'package.json',
]
  .filter((path) => existsSync(path) && !/\.test\.tsx?$/.test(path))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
);
const usedDirectives = new Set(globSync('src/**/*.astro').flatMap((path) => directives(readFileSync(path, 'utf8'))));
const inSource = (word: string) => new RegExp(`(?<![\\w])${word}(?![\\w])`).test(SOURCE);

describe('facts: reading the MDX', () => {
  const mdx = [
    'Corre `npm run dev` y abre `http://localhost:4321`; la API lee `API_PORT`.',
    '',
    '```bash',
    '# comentario',
    'PORT=4400 npm run serve   # con comentario',
    '```',
    '',
    '```ts file=src/lib/routes.ts',
    'export const `no cuenta` = 1;',
    '```',
  ].join('\n');

  it('takes inline code outside fences and the lines of shell blocks without their comments', () => {
    expect(inlineCode(mdx)).toEqual(['npm run dev', 'http://localhost:4321', 'API_PORT']);
    expect(shellLines(mdx)).toEqual(['PORT=4400 npm run serve']);
    expect(codeMentions(mdx)).toHaveLength(4);
  });

  it('finds paths, scripts, variables, directives and ports in a mention', () => {
    expect(repoPaths('src/lib/routes.ts')).toEqual(['src/lib/routes.ts']);
    expect(repoPaths('server/api/')).toEqual(['server/api']);
    expect(repoPaths('content/portfolio/<id>.md')).toEqual([]);
    expect(repoPaths('content/services/*.yaml')).toEqual([]);
    expect(repoPaths('routes.ts')).toEqual([]);
    expect(npmScripts('npm run leads:export -- --out x.csv && npm start')).toEqual(['leads:export', 'start']);
    expect(upperNames('SITE_URL')).toEqual(['SITE_URL']);
    expect(upperNames('TRUST_PROXY=1')).toEqual(['TRUST_PROXY']);
    expect(upperNames('API_PORT=8082 PUBLIC_API_BASE=http://localhost:8082/api/ npm run dev')).toEqual([
      'API_PORT',
      'PUBLIC_API_BASE',
    ]);
    expect(upperNames('ROUTES')).toEqual([]);
    expect(directives('con `client:idle` o client:visible')).toEqual(['client:idle', 'client:visible']);
    expect(localPorts('http://localhost:8081/api/ y 127.0.0.1:4400')).toEqual([8081, 4400]);
    expect(assignedPorts('API_PORT=8082 PORT=4400 npm run serve')).toEqual([8082, 4400]);
  });
});

describe('facts the wiki states about the code', () => {
  it('reads enough of them to matter', () => {
    const mentions = pages.flatMap((page) => codeMentions(page.mdx));
    expect(mentions.flatMap(repoPaths).length).toBeGreaterThan(50);
    expect(mentions.flatMap(npmScripts).length).toBeGreaterThan(20);
    expect(mentions.flatMap(upperNames).length).toBeGreaterThan(20);
  });

  for (const page of pages) {
    it(`${page.slug}: every path, script, variable, directive and port it names exists`, () => {
      const mentions = codeMentions(page.mdx);
      const setPorts = new Set(mentions.flatMap(assignedPorts));
      const problems = mentions.flatMap((mention) => [
        ...repoPaths(mention)
          .filter((path) => !existsSync(path))
          .map((path) => `no existe ${path}`),
        ...npmScripts(mention)
          .filter((name) => !scripts.includes(name))
          .map((name) => `no hay script "${name}" en package.json`),
        ...upperNames(mention)
          .filter((name) => !inSource(name))
          .map((name) => `el código no usa ${name}`),
        ...directives(mention)
          .filter((directive) => !usedDirectives.has(directive))
          .map((directive) => `ninguna isla usa ${directive}`),
        ...localPorts(mention)
          .filter((port) => !setPorts.has(port) && !inSource(String(port)))
          .map((port) => `nada escucha en el puerto ${port} (\`${mention}\`)`),
      ]);
      expect([...new Set(problems)]).toEqual([]);
    });
  }

  for (const claim of WIKI_CLAIMS) {
    it(`${claim.page} dice ${claim.says.source.slice(0, 60)}… y el código lo cumple`, () => {
      const page = pages.find((entry) => entry.slug === claim.page);
      expect(page, `no existe content/wiki/${claim.page}.mdx`).toBeDefined();
      expect(
        page?.mdx.replace(/\s+/g, ' '),
        'la página ya no lo dice: actualiza la afirmación junto con el texto',
      ).toMatch(claim.says);
      expect(claim.check(repo)).toBeNull();
    });
  }
});

describe('the wiki speaks of the product, not of a document its readers never saw', () => {
  for (const page of pages) {
    it(`${page.slug} does not cite the specification`, () => {
      expect(page.mdx).not.toMatch(/especificaci[oó]n/i);
    });
  }
});
