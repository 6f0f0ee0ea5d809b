/**
 * End to end: what an editor adds is content only, and the site follows. In one copy of the project an
 * editor's three usual additions go into content/ and nothing else changes: a seventh case study (one
 * Markdown file and a PNG cover, in a new industry), a question in a FAQ category with room for one, and a
 * fourth team member (one YAML file and a portrait), each with its English text beside it (content/en/),
 * which every active language needs. One build then gives the case its page, its card, its
 * sitemap entry and its JSON-LD, the portfolio's counts follow, the question shows on /faq and in its
 * FAQPage data, and the person joins the home page's team. Every expectation is read from the content
 * itself (how many cases, questions and people there were, where the new ones sit), never today's numbers.
 *
 * To keep the build short it renders only what these pages are made of: the copy drops the other pages
 * and the wiki (with its search index, which needs wiki pages). Those deletions are the test's own
 * shortcut, not something an addition requires.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, type HTMLElement } from 'node-html-parser';
import { formatCount } from '../../core/format.ts';
import { copyProject, runAstro } from './project-copy.ts';

const CASE_ID = 'campo-vivo';
const TITLE = 'Campo Vivo: trazabilidad de cosechas en Sinaloa';
const DESCRIPTION =
  'Trazabilidad de cada caja de hortaliza, del surco al cliente en Estados Unidos, para 14 empacadoras de Sinaloa: los rechazos en frontera bajaron 63%.';
const QUESTION = '¿Pueden trabajar con nuestro equipo de sistemas interno?';
const ANSWER =
  'Sí. Trabajamos en el mismo repositorio que tu equipo, con revisiones de código compartidas y sesiones de transferencia para que puedan mantener el sistema sin nosotros.';
const MEMBER_ID = 'ximena-robles';
const MEMBER = 'Ximena Robles';
const MEMBER_ROLE = 'Líder de Calidad y Pruebas';
const TITLE_EN = 'Campo Vivo: harvest traceability in Sinaloa';
const DESCRIPTION_EN =
  'Traceability for every box of produce, from the field to the customer in the US, for 14 Sinaloa packers: border rejections fell 63%.';
const QUESTION_EN = 'Can you work alongside our in-house IT team?';
const ANSWER_EN =
  'Yes. We work in the same repository as your team, with shared code reviews and handover sessions so they can run the system without us.';
const MEMBER_ROLE_EN = 'Quality and Testing Lead';

interface Ordered {
  id: string;
  order: number;
}

let project = '';
let build = { status: null as number | null, output: '' };
/** What the content held before the additions, read from the copy. */
const before = { cases: [] as Ordered[], team: [] as Ordered[], questions: 0, category: '', position: 0 };

const byOrder = (entries: Ordered[]) =>
  [...entries].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)).map((entry) => entry.id);
const nextOrder = (entries: Ordered[]) => Math.max(0, ...entries.map((entry) => entry.order)) + 1;

function ordered(folder: string, extension: '.md' | '.yaml'): Ordered[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(extension))
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      const order = /^order: (\d+)$/m.exec(text)?.[1];
      if (order === undefined) throw new Error(`${name} no tiene order`);
      return { id: name.slice(0, -extension.length), order: Number(order) };
    });
}

/** `template` with each pattern replaced; a pattern the template lacks is the test's own error. */
function replaced(template: string, replacements: ReadonlyArray<[RegExp, string]>): string {
  return replacements.reduce((text, [pattern, value]) => {
    if (!pattern.test(text)) throw new Error(`la plantilla no tiene ${String(pattern)}`);
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

async function addCase(): Promise<void> {
  const folder = join(project, 'content/portfolio');
  before.cases = ordered(folder, '.md');
  const template = readFileSync(join(folder, `${before.cases[0]?.id ?? ''}.md`), 'utf8');
  const file = replaced(template, [
    [/^title: .*$/m, `title: "${TITLE}"`],
    [/^category: .*$/m, 'category: AgroTech'],
    [/^description: .*$/m, `description: "${DESCRIPTION}"`],
    [/^image: .*$/m, `image: ./${CASE_ID}.png`],
    [
      /^imageAlt: .*$/m,
      'imageAlt: "Ilustración de un tablero con el recorrido de una caja de jitomate desde el campo hasta la frontera."',
    ],
    [/^featured: .*$/m, 'featured: false'],
    [/^order: .*$/m, `order: ${nextOrder(before.cases)}`],
  ]);
  writeFileSync(join(folder, `${CASE_ID}.md`), file);
  const englishFolder = join(project, 'content/en/portfolio');
  const english = replaced(readFileSync(join(englishFolder, `${before.cases[0]?.id ?? ''}.md`), 'utf8'), [
    [/^title: .*$/m, `title: "${TITLE_EN}"`],
    [/^category: .*$/m, 'category: AgroTech'],
    [/^description: .*$/m, `description: "${DESCRIPTION_EN}"`],
    [
      /^imageAlt: .*$/m,
      'imageAlt: "Illustration of a dashboard tracing a box of tomatoes from the field to the border."',
    ],
  ]);
  writeFileSync(join(englishFolder, `${CASE_ID}.md`), english);
  await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#1f7a4d' } })
    .png()
    .toFile(join(folder, `${CASE_ID}.png`));
}

/** A question at the end of the first category that still has room under the schema's six. */
function addQuestion(): void {
  const path = join(project, 'content/faq.yaml');
  const categories = yaml.load(readFileSync(path, 'utf8')) as Array<{
    id: string;
    questions: Array<{ question: string; answer: string }>;
  }>;
  before.questions = categories.reduce((total, category) => total + category.questions.length, 0);
  const roomy = categories.find((category) => category.questions.length < 6);
  if (!roomy) throw new Error('ninguna categoría del FAQ tiene lugar para otra pregunta');
  before.category = roomy.id;
  roomy.questions.push({ question: QUESTION, answer: ANSWER });
  before.position = roomy.questions.length;
  writeFileSync(path, yaml.dump(categories, { lineWidth: 110 }));
  // The English FAQ has one block per category id of the Spanish one.
  const englishPath = join(project, 'content/en/faq.yaml');
  const english = yaml.load(readFileSync(englishPath, 'utf8')) as Record<
    string,
    { questions: Array<{ question: string; answer: string }> }
  >;
  english[roomy.id]?.questions.push({ question: QUESTION_EN, answer: ANSWER_EN });
  writeFileSync(englishPath, yaml.dump(english, { lineWidth: 110 }));
}

async function addTeamMember(): Promise<void> {
  const folder = join(project, 'content/team');
  before.team = ordered(folder, '.yaml');
  const template = readFileSync(join(folder, `${before.team[0]?.id ?? ''}.yaml`), 'utf8');
  const file = replaced(template, [
    [/^name: .*$/m, `name: ${MEMBER}`],
    // The people on file show monograms; the new one brings a photo, as content/README.md tells editors.
    [/^role: .*$/m, `role: ${MEMBER_ROLE}\nimage: ./${MEMBER_ID}.png`],
    [/^imageAlt: .*$/m, `imageAlt: 'Retrato ilustrado de ${MEMBER}, ${MEMBER_ROLE} de Angram.'`],
    [/^order: .*$/m, `order: ${nextOrder(before.team)}`],
  ]);
  writeFileSync(join(folder, `${MEMBER_ID}.yaml`), file);
  const englishFolder = join(project, 'content/en/team');
  const englishTemplate = readFileSync(join(englishFolder, `${before.team[0]?.id ?? ''}.yaml`), 'utf8');
  writeFileSync(
    join(englishFolder, `${MEMBER_ID}.yaml`),
    replaced(englishTemplate, [
      [/^role: .*$/m, `role: ${MEMBER_ROLE_EN}`],
      [/^imageAlt: .*$/m, `imageAlt: 'Illustrated portrait of ${MEMBER}, ${MEMBER_ROLE_EN} at Angram.'`],
    ]),
  );
  await sharp({ create: { width: 600, height: 600, channels: 3, background: '#4338ca' } })
    .png()
    .toFile(join(folder, `${MEMBER_ID}.png`));
}

beforeAll(async () => {
  project = copyProject();
  // The test's shortcut (see above): render the home page, /faq and the portfolio only.
  const pages = join(project, 'src/pages');
  for (const name of readdirSync(pages))
    if (!['portfolio', 'index.astro', 'faq.astro'].includes(name)) rmSync(join(pages, name), { recursive: true });
  const config = join(project, 'astro.config.mjs');
  writeFileSync(config, readFileSync(config, 'utf8').replace(/^\s*wikiSearchIndex(Written)?\(\),\n/gm, ''));

  await addCase();
  addQuestion();
  await addTeamMember();

  build = runAstro(project, 'build', process.env);
}, 240_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('a case, a FAQ question and a team member added as content only', () => {
  it('builds', () => {
    expect(build.output).not.toMatch(/\[ERROR\]/);
    expect(build.status, build.output.slice(-3000)).toBe(0);
  });

  it('gives the case its own page with its copy, trail, cover, Open Graph card and neighbours', () => {
    const root = page(`portfolio/${CASE_ID}`);
    expect(root.querySelector('h1')?.textContent.trim()).toBe(TITLE);
    expect(root.querySelector('title')?.textContent).toBe(`${TITLE} | Angram`);
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(DESCRIPTION);
    expect(root.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      new RegExp(`^https?://[^/]+/portfolio/${CASE_ID}$`),
    );
    expect(root.querySelector('meta[property="og:image"]')?.getAttribute('content')).toMatch(/\.jpg$/);
    expect(root.querySelector('main img[fetchpriority="high"]')?.getAttribute('alt')).toContain('caja de jitomate');
    expect(root.querySelector('main picture source[type="image/avif"]')?.getAttribute('srcset')).toMatch(/ \d+w,/);
    expect(root.querySelector('[aria-current="page"]')?.textContent.trim()).toBe(TITLE);
    // Last in the order: the next case wraps around to the first one, the previous is the one before it.
    const order = byOrder(before.cases);
    expect(root.querySelector('a[rel="next"]')?.getAttribute('href')).toBe(`/portfolio/${order[0] ?? ''}`);
    expect(root.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(`/portfolio/${order.at(-1) ?? ''}`);
  });

  it('carries the case’s CreativeWork and BreadcrumbList', () => {
    const nodes = jsonLd(page(`portfolio/${CASE_ID}`));
    const work = nodes.find((node) => node['@type'] === 'CreativeWork');
    expect(work).toMatchObject({ '@type': 'CreativeWork', name: TITLE, genre: 'AgroTech', description: DESCRIPTION });
    expect(String(work?.url)).toMatch(new RegExp(`/portfolio/${CASE_ID}$`));
    const trail = nodes.find((node) => node['@type'] === 'BreadcrumbList')?.itemListElement as Array<{ name: string }>;
    expect(trail.map((crumb) => crumb.name)).toEqual(['Inicio', 'Portfolio', TITLE]);
  });

  it('puts the case’s card last on /portfolio, and the page counts one case more', () => {
    const root = page('portfolio');
    const links = root.querySelectorAll('#proyectos article h3 a').map((link) => link.getAttribute('href'));
    expect(links).toEqual([...byOrder(before.cases), CASE_ID].map((id) => `/portfolio/${id}`));
    const card = root.querySelectorAll('#proyectos article').at(-1);
    expect(card?.textContent).toContain('AgroTech · ');
    // The cover waits in its <noscript> until the card nears the screen (src/enhancements/deferred-images.ts).
    const cover = card?.querySelector('noscript[data-deferred-image]')?.textContent;
    expect(cover).toMatch(/<img [^>]*src="\/_astro\//);
    // A raster cover (the drawn ones are SVG) gets resized AVIF with a WebP fallback.
    expect(cover).toMatch(/<source [^>]*type="image\/avif"/);
    const count = formatCount(before.cases.length + 1, true);
    expect(root.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      new RegExp(`^${count} casos reales`),
    );
  });

  it('lists the case in the sitemap and on the portfolio error page', () => {
    const dist = join(project, 'dist');
    const sitemaps = readdirSync(dist).filter((name) => /^sitemap-\d+\.xml$/.test(name));
    const listed = sitemaps.map((name) => readFileSync(join(dist, name), 'utf8')).join('');
    expect(listed).toMatch(new RegExp(`<loc>https?://[^<]+/portfolio/${CASE_ID}</loc>`));
    const notFound = page('portfolio/404');
    expect(notFound.querySelectorAll(`main a[href="/portfolio/${CASE_ID}"]`)).toHaveLength(1);
  });

  it('shows the question last in its category on /faq, open by its own link, and in the FAQPage data', () => {
    const root = page('faq');
    expect(root.querySelectorAll('#preguntas details')).toHaveLength(before.questions + 1);
    const questions = root.querySelectorAll(`#${before.category} details summary`);
    expect(questions.at(-1)?.textContent.trim()).toBe(QUESTION);
    const id = `faq-${before.category}-${before.position}`;
    expect(root.querySelector(`#${id}-respuesta`)?.textContent).toContain('transferencia');
    const faq = jsonLd(root).find((node) => node['@type'] === 'FAQPage') as { mainEntity: Array<{ name: string }> };
    expect(faq.mainEntity).toHaveLength(before.questions + 1);
    expect(faq.mainEntity.map((entry) => entry.name)).toContain(QUESTION);
  });

  it('adds the person last to the home page’s team, with portrait, role and skills', () => {
    const cards = page('index').querySelectorAll('#equipo article');
    expect(cards).toHaveLength(before.team.length + 1);
    const last = cards.at(-1);
    expect(last?.querySelector('h3')?.textContent.trim()).toBe(MEMBER);
    expect(last?.textContent).toContain(MEMBER_ROLE);
    expect(last?.querySelector('img')?.getAttribute('alt')).toContain(MEMBER);
    expect(last?.querySelectorAll('ul li').length).toBeGreaterThan(0);
  });
});
