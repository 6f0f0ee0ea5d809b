/**
 * End to end: a new case study is content only. In a copy of the project, one Markdown file and one PNG
 * cover go into content/portfolio/ (a new industry too) and nothing else changes; the build then gives
 * the case its page, its card on /portfolio, its sitemap entry and its JSON-LD, and the counts the
 * portfolio quotes follow ("Siete casos").
 *
 * To keep the build short it only renders what the portfolio is made of: the copy drops the other pages
 * and the wiki (with its search index, which needs wiki pages). Those deletions are the test's own
 * shortcut, not something a new case requires.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { copyProject, runAstro } from './project-copy.ts';

const ID = 'campo-vivo';
const TITLE = 'Campo Vivo: trazabilidad de cosechas en Sinaloa';
const DESCRIPTION =
  'Trazabilidad de cada caja de hortaliza, del surco al cliente en Estados Unidos, para 14 empacadoras de Sinaloa: los rechazos en frontera bajaron 63%.';

let project = '';
let build = { status: null as number | null, output: '' };

/** A copy of an existing case with its own id, title, description, industry, position and PNG cover. */
function newCaseFile(template: string): string {
  const replacements: Array<[RegExp, string]> = [
    [/^title: .*$/m, `title: "${TITLE}"`],
    [/^category: .*$/m, 'category: AgroTech'],
    [/^description: .*$/m, `description: "${DESCRIPTION}"`],
    [/^image: .*$/m, `image: ./${ID}.png`],
    [
      /^imageAlt: .*$/m,
      'imageAlt: "Ilustración de un tablero con el recorrido de una caja de jitomate desde el campo hasta la frontera."',
    ],
    [/^featured: .*$/m, 'featured: false'],
    [/^order: .*$/m, 'order: 7'],
  ];
  return replacements.reduce((text, [pattern, value]) => {
    if (!pattern.test(text)) throw new Error(`el caso de ejemplo no tiene ${String(pattern)}`);
    return text.replace(pattern, value);
  }, template);
}

/** A built page by its URL path, whether the build writes `<path>.html` or `<path>/index.html`. */
function page(path: string): HTMLElement {
  const base = join(project, 'dist', path);
  const file = [`${base}.html`, join(base, 'index.html')].find((candidate) => existsSync(candidate));
  expect(file, `${path} en dist`).toBeDefined();
  return parse(readFileSync(file ?? '', 'utf8'));
}

function jsonLd(root: HTMLElement): Array<Record<string, unknown>> {
  return root
    .querySelectorAll('script[type="application/ld+json"]')
    .flatMap((script) => (JSON.parse(script.textContent) as { '@graph': Array<Record<string, unknown>> })['@graph']);
}

beforeAll(async () => {
  project = copyProject();
  // The test's shortcut (see above): render the portfolio only.
  const pages = join(project, 'src/pages');
  for (const name of readdirSync(pages))
    if (name !== 'portfolio') rmSync(join(pages, name), { recursive: true, force: true });
  const config = join(project, 'astro.config.mjs');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/^\s*wikiSearchIndex\(\),\n/m, ''));

  const folder = join(project, 'content/portfolio');
  writeFileSync(join(folder, `${ID}.md`), newCaseFile(readFileSync(join(folder, 'healthtech-app.md'), 'utf8')));
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1f7a4d' } })
    .png()
    .toFile(join(folder, `${ID}.png`));

  build = runAstro(project, 'build');
}, 180_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('a seventh case study added as content only', () => {
  it('builds', () => {
    expect(build.output).not.toMatch(/\[ERROR\]/);
    expect(build.status, build.output.slice(-3000)).toBe(0);
  });

  it('gets its own page with its copy, trail, cover and Open Graph card', () => {
    const root = page(`portfolio/${ID}`);
    expect(root.querySelector('h1')?.textContent.trim()).toBe(TITLE);
    expect(root.querySelector('title')?.textContent).toBe(`${TITLE} | Angram`);
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(DESCRIPTION);
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      new RegExp(`^https?://[^/]+/portfolio/${ID}$`),
    );
    expect(root.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\.jpg$/);
    expect(root.querySelector('main img[fetchpriority="high"]')?.getAttribute('alt')).toContain('caja de jitomate');
    expect(root.querySelector('[aria-current="page"]')?.textContent.trim()).toBe(TITLE);
    // Last in the order: the next case wraps around to the first one.
    expect(root.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/portfolio/fintech-revolution');
    expect(root.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/portfolio/proptech-solution');
  });

  it('carries its CreativeWork and BreadcrumbList', () => {
    const nodes = jsonLd(page(`portfolio/${ID}`));
    const work = nodes.find((node) => node['@type'] === 'CreativeWork');
    expect(work).toMatchObject({ '@type': 'CreativeWork', name: TITLE, genre: 'AgroTech', description: DESCRIPTION });
    expect(String(work?.url)).toMatch(new RegExp(`/portfolio/${ID}$`));
    const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement as Array<{ name: string }>;
    expect(trail.map((crumb) => crumb.name)).toEqual(['Inicio', 'Portfolio', TITLE]);
  });

  it('gets its card on /portfolio, last, and the page counts seven cases', () => {
    const root = page('portfolio');
    const links = root.querySelectorAll('#proyectos article h3 a').map((link) => link.getAttribute('href'));
    expect(links).toHaveLength(7);
    expect(links.at(-1)).toBe(`/portfolio/${ID}`);
    const card = root.querySelectorAll('#proyectos article').at(-1);
    expect(card?.textContent).toContain('AgroTech · ');
    expect(card?.querySelector('img')?.getAttribute('src')).toMatch(/^\/_astro\//);
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Siete casos reales/);
  });

  it('is listed by the sitemap and suggested by the portfolio error page', () => {
    const dist = join(project, 'dist');
    const sitemaps = readdirSync(dist).filter((name) => /^sitemap-\d+\.xml$/.test(name));
    const listed = sitemaps.map((name) => readFileSync(join(dist, name), 'utf8')).join('');
    expect(listed).toMatch(new RegExp(`<loc>https?://[^<]+/portfolio/${ID}</loc>`));
    const notFound = page('portfolio/404');
    expect(notFound.querySelectorAll(`main a[href="/portfolio/${ID}"]`)).toHaveLength(1);
  });
});
